"""`architect loop` on GitHub keeps what outlives a tick (`loop.KeptTicks`): the ETags, so
an unchanged tick is answered 304 from the second one on, and costs no rate limit; and
the App's installation token, made once an hour rather than once a tick."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest

from architect.app.loop import KeptTicks
from architect.app.service import tick_once
from architect.app.wiring import forge_client
from architect.config import load_config, load_secrets
from architect.forge.github_http import Kept, Pace
from architect.shell.guards import enable
from tests.forge.test_github_app import Clock, FakeGitHub, app_env, github_project
from tests.world import BOT, VirtualTime, make_world

__all__ = ["app_env"]  # the fixture, shared with test_github_app


class Statuses(httpx.BaseTransport):
    def __init__(self, inner: httpx.BaseTransport) -> None:
        self.inner = inner
        self.answers: list[tuple[str, str, int]] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        response = self.inner.handle_request(request)
        self.answers.append((request.method, request.url.path, response.status_code))
        return response


def test_an_unchanged_tick_of_a_loop_is_answered_304_and_costs_no_rate_limit(
        tmp_path: Path) -> None:
    world = make_world(tmp_path, dialect="github")
    assert world.github is not None
    world.vision("Wishlists")
    enable(world.config.project_state_dir)
    secrets = load_secrets({"FORGE_ARCHITECT_TOKEN": world.tokens[BOT]})
    seen = Statuses(httpx.WSGITransport(app=world.github))
    time = VirtualTime()
    ticks = KeptTicks(transport=seen, kept=lambda: Kept(pace=Pace(clock=time,
                                                                  sleep=time.sleep)))
    codes, counts = [], []
    # A pitch; a tick that reads the PR it opened; then three ticks with nothing new.
    for _ in range(5):
        seen.answers.clear()
        codes.append(ticks(world.config, secrets, {}, should_stop=lambda: False))
        counts.append(list(seen.answers))
    assert codes == [0] * 5
    assert any(method == "POST" for method, _, _ in counts[0])  # the pitch
    assert not all(status == 304 for _, _, status in counts[2])  # its cursor moved
    for later in counts[3:]:  # from the second unchanged tick on
        assert later and all(status == 304 for _, _, status in later), later
    left = ticks.kept[world.config.name].bucket("core").remaining
    assert left is not None
    ticks(world.config, secrets, {}, should_stop=lambda: False)
    assert ticks.kept[world.config.name].bucket("core").remaining == left


def test_a_run_without_kept_state_pays_for_every_read(tmp_path: Path) -> None:
    """`architect run` (cron) makes a client a tick: no 304 to be had."""
    world = make_world(tmp_path, dialect="github")
    assert world.github is not None
    world.vision("Wishlists")
    enable(world.config.project_state_dir)
    secrets = load_secrets({"FORGE_ARCHITECT_TOKEN": world.tokens[BOT]})
    seen = Statuses(httpx.WSGITransport(app=world.github))
    for _ in range(3):
        tick_once(world.config, secrets, {}, transport=seen,
                  kept=Kept(pace=Pace(gap=0)), out=lambda _: None)
    seen.answers.clear()
    tick_once(world.config, secrets, {}, transport=seen, kept=Kept(pace=Pace(gap=0)),
              out=lambda _: None)
    assert seen.answers and not any(status == 304 for _, _, status in seen.answers)


def test_the_ticks_of_a_loop_share_one_app_token(
        tmp_path: Path, app_env: tuple[dict[str, str], bytes]) -> None:
    env, public = app_env
    clock = Clock()
    clock.now = datetime.now(UTC)  # the installation tokens read the real clock
    fake = FakeGitHub(public, clock)
    config = load_config(github_project(tmp_path), {})
    secrets = load_secrets({**env, "FORGE_ARCHITECT_TOKEN": "github_pat_also_set"})
    kept = Kept()
    for _ in range(5):  # five ticks' clients, as KeptTicks makes them
        with forge_client(config, secrets, transport=httpx.MockTransport(fake),
                          kept=kept) as forge:
            forge.get_repo("acme/shop")
    assert fake.minted == ["ghs_1"]  # the App wins over the token set too, once an hour
    for _ in range(2):  # `architect run`: a token a run
        with forge_client(config, secrets, transport=httpx.MockTransport(fake)) as forge:
            forge.get_repo("acme/shop")
    assert fake.minted == ["ghs_1", "ghs_2", "ghs_3"]


def test_the_ticks_log_has_both_buckets_when_a_limit_binds(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    world = make_world(tmp_path, dialect="github")
    assert world.github is not None
    world.vision("Wishlists")
    enable(world.config.project_state_dir)
    secrets = load_secrets({"FORGE_ARCHITECT_TOKEN": world.tokens[BOT]})
    time = VirtualTime()
    with caplog.at_level(logging.INFO, logger="architect"):
        assert tick_once(world.config, secrets, {}, transport=httpx.WSGITransport(
            app=world.github), kept=Kept(pace=Pace(clock=time, sleep=time.sleep)),
            out=lambda _: None) == 0  # the pitch: its writes are spaced
    (line,) = [r.getMessage() for r in caplog.records if "GitHub rate limits" in r.getMessage()]
    assert "core " in line and " of 5000 left" in line and "search " in line
    assert "writes held back" in line and "1 s apart" in line
    assert time.slept  # held back in virtual time, not slept
