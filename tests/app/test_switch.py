"""`architect disable` says so on the dashboard, in one write of its own (a disabled tick
sends nothing); the first tick after `architect enable` renders the dashboard back."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest

from architect.app.switch import tell_dashboard
from architect.secrets import Secrets, load_secrets
from architect.shell.guards import disable, disabled_since, enable
from tests.e2e.test_dashboard_e2e import Counting, incremental, the_dashboard
from tests.world import BOT, DIALECTS, World, make_world

DISABLED = ("- **disabled** since 2026-11-27 09:13 UTC (`architect disable`): no tick reads "
            "or writes anything until `architect enable`; a tick every 6h; model `offline`")


@pytest.fixture(params=DIALECTS)
def world(tmp_path: Path, request: pytest.FixtureRequest) -> World:
    return make_world(tmp_path, dialect=request.param)


def secrets(world: World) -> Secrets:
    return load_secrets({"FORGE_ARCHITECT_TOKEN": world.tokens[BOT]})


def test_disable_says_so_on_the_dashboard_and_enable_puts_it_back_on_the_next_tick(
        world: World) -> None:
    state = world.config.project_state_dir
    enable(state)
    world.vision("Wishlists")
    _, tick = incremental(world)
    tick()
    assert not tick().applied  # incremental, nothing to do
    before = the_dashboard(world).body
    assert "- enabled; a tick every 6h" in before

    disable(state, now=datetime(2026, 11, 27, 9, 13, 5, tzinfo=UTC))
    counting = Counting(httpx.WSGITransport(app=world.wsgi))
    assert tell_dashboard(world.config, secrets(world), disabled_since(state) or
                          datetime.now(UTC), transport=counting) is None
    board = the_dashboard(world)
    assert DISABLED in board.body
    # Only the status line changed: the sprints, the boxes and the mark stay as rendered.
    assert [line for line in board.body.splitlines() if line not in before.splitlines()] == [
        DISABLED]
    assert len(counting.seen) == 3 and counting.seen[-1].startswith("PATCH")

    counting.seen.clear()  # said once: a second disable reads, and writes nothing
    tell_dashboard(world.config, secrets(world), disabled_since(state) or datetime.now(UTC),
                   transport=counting)
    assert all(line.startswith("GET") for line in counting.seen)
    assert the_dashboard(world).updated_at == board.updated_at

    enable(state)
    tick()  # the first tick after enable renders the dashboard whole again
    after = the_dashboard(world).body
    assert "disabled" not in after and "- enabled; a tick every 6h" in after
    assert after == before


def test_a_dashboard_turned_off_is_not_asked(tmp_path: Path) -> None:
    world = make_world(tmp_path, extra="dashboard = false")
    counting = Counting(httpx.WSGITransport(app=world.wsgi))
    assert tell_dashboard(world.config, secrets(world), datetime.now(UTC),
                          transport=counting) is None
    assert counting.seen == []


class Down(httpx.BaseTransport):
    def __init__(self) -> None:
        self.tries = 0

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        self.tries += 1
        raise httpx.ConnectError("connection refused", request=request)


def test_a_forge_that_is_down_is_tried_once_and_told_in_one_line(world: World) -> None:
    down = Down()
    problem = tell_dashboard(world.config, secrets(world), datetime.now(UTC), transport=down)
    assert problem is not None and "\n" not in problem
    assert down.tries == 1  # no retry, no backoff: the maintenance is why it is down
    assert "next tick" not in problem  # a command no schedule repeats promises no retry
