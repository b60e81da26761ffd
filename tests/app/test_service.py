"""What `run`, `status` and `init` do (app/service.py), wired from the configuration: the
exit code, what `--json` prints, and what the forge holds after; on the embedded forge,
in-process (`run`, through its transport) or on loopback (`status`, `init`)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from architect.app.service import init_project, show_status, tick_once
from architect.config import ProjectConfig, Secrets, load_secrets
from architect.shell.guards import enable
from tests.world import BOT, OPS, World, make_world


class Counted(httpx.BaseTransport):
    """The forge in-process, counting the requests it is sent."""

    def __init__(self, world: World) -> None:
        self.inner = httpx.WSGITransport(app=world.wsgi)
        self.requests: list[str] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(f"{request.method} {request.url.path}")
        return self.inner.handle_request(request)


def secrets_of(world: World, login: str = BOT) -> Secrets:
    return load_secrets({"FORGE_ARCHITECT_TOKEN": world.tokens[login]})


def run(world: World, *, config: ProjectConfig | None = None, dry_run: bool = False,
        secrets: Secrets | None = None) -> tuple[int, dict[str, object], Counted]:
    said: list[str] = []
    transport = Counted(world)
    code = tick_once(config or world.config, secrets or secrets_of(world), {},
                     dry_run=dry_run, as_json=True, out=said.append, transport=transport)
    (document,) = said
    return code, json.loads(document), transport


def test_a_disabled_project_is_skipped_without_a_request(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.vision("Wishlists")
    code, document, transport = run(world)
    assert code == 0 and transport.requests == []
    assert "architect enable" in str(document["skipped"])
    assert world.sprint_prs() == []


def test_an_enabled_project_ticks_and_pitches(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.vision("Wishlists")
    enable(world.config.project_state_dir)
    code, document, _ = run(world)
    assert code == 0 and document["exit"] == 0 and document["project"] == "shop"
    (pr,) = world.bot.list_pulls(OPS, state="open")
    assert "Wishlists" in pr.title


def test_a_dry_run_of_a_disabled_project_writes_nothing_and_says_it_is_disabled(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.vision("Wishlists")
    code, document, transport = run(world, dry_run=True)
    assert code == 0 and transport.requests != []
    assert not any(r.startswith(("POST", "PATCH", "PUT", "DELETE")) for r in transport.requests)
    assert "disabled: a real tick skips shop" in json.dumps(document)
    assert world.sprint_prs() == []


def test_without_a_forge_token_run_exits_2_with_the_fix(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    code, document, transport = run(world, secrets=Secrets())
    assert code == 2 and transport.requests == []
    assert "FORGE_ARCHITECT_TOKEN" in str(document["error"])


def test_a_configured_repo_that_is_missing_is_named_as_the_project_files_error(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    enable(world.config.project_state_dir)
    config = world.config.model_copy(update={"repo": "acme/gone"})
    code, document, _ = run(world, config=config)
    assert code == 2
    assert str(document["error"]).startswith("acme/gone: no such repository on")


@pytest.fixture
def served(tmp_path: Path) -> Iterator[World]:
    """A world whose forge also listens on loopback, its config pointed there."""
    world = make_world(tmp_path)
    url = world.forge.start("127.0.0.1", 0)
    world.config = world.config.model_copy(update={"forge_url": url})
    try:
        yield world
    finally:
        world.forge.stop()


def test_init_check_says_ready_for_a_sound_setup(served: World) -> None:
    said: list[str] = []
    code = init_project(served.config, secrets_of(served), {}, webhook_url=None, check=True,
                        out=said.append)
    assert code == 0 and said[-1] == "shop: ready"


def test_init_check_exits_2_when_something_blocks_a_tick(served: World,
                                                        caplog: pytest.LogCaptureFixture) -> None:
    said: list[str] = []
    config = served.config.model_copy(update={"ops_repo": "acme/gone"})
    code = init_project(config, secrets_of(served), {}, webhook_url=None, check=True,
                        out=said.append)
    assert code == 2 and not any(line.endswith(": ready") for line in said)
    assert "not ready: 1 problem(s)" in caplog.text


def test_status_json_lists_the_visions_and_names_the_project(served: World) -> None:
    served.vision("Wishlists")
    said: list[str] = []
    assert show_status(served.config, secrets_of(served), as_json=True, out=said.append) == 0
    document = json.loads(said[0])
    assert document["project"] == "shop" and document["exit"] == 0
    assert [item["title"] for item in document["items"]] == ["Wishlists"]


def test_status_json_on_a_refused_token_is_json_too(served: World) -> None:
    said: list[str] = []
    code = show_status(served.config, load_secrets({"FORGE_ARCHITECT_TOKEN": "f" * 40}),
                       as_json=True, out=said.append)
    document = json.loads(said[0])
    assert code != 0 and document["exit"] == code and document["project"] == "shop"
    assert "f" * 40 not in document["error"]
