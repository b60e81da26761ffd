"""`prove_setup` (app/setup_forge.py), `architect init`'s whole run on the embedded forge:
what it says, what `--check` refuses, what `init` creates (labels, webhooks)."""

from __future__ import annotations

from pathlib import Path

from architect.app.setup_forge import prove_setup
from architect.config import Secrets
from architect.forge.protocol import Forge
from architect.forge.secret import Secret
from tests.world import BASE, BOT, OPS, PROJECT, World, make_world

HOOK = "http://architect.test/hook"


def _init(world: World, forge: Forge | None = None, *, write: bool = True,
          webhook_url: str | None = None, secrets: Secrets | None = None,
          runner_said: str | None = None) -> tuple[list[str], list[str]]:
    said: list[str] = []
    found = prove_setup(forge or world.bot, world.config, secrets or Secrets(),
                        webhook_url=webhook_url, write=write,
                        runner_ready=lambda: runner_said, say=said.append)
    return said, found.problems


def test_a_ready_setup_says_whose_token_what_it_proved_and_that_the_tick_makes_the_dashboard(
        tmp_path: Path) -> None:
    said, problems = _init(make_world(tmp_path))
    assert problems == []
    assert said[0] == f"token of @{BOT} on {BASE}"
    assert f"{OPS}: the first tick creates the dashboard issue 'Architect dashboard'" in said
    assert f"ok: {PROJECT}: exists, branch 'main'" in said
    assert "ok: model runner 'offline' is ready" in said


def test_once_a_tick_made_the_dashboard_init_links_it(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.tick()
    said, problems = _init(world)
    assert problems == []
    assert any(line.startswith(f"{OPS}: dashboard #") and BASE in line for line in said)


def test_check_reports_the_labels_init_would_create_and_init_creates_them(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.setup.create_repo("acme", "fresh")
    world.setup.add_collaborator("acme/fresh", BOT, "write")
    world.config = world.config.model_copy(update={"repo": "acme/fresh"})

    said, problems = _init(world, write=False)
    assert problems == [f"acme/fresh: label '{name}' is missing: run `architect init` to "
                        "create it" for name in ("vision", "in-progress", "backlog")]
    assert not any("created label" in line for line in said)

    said, problems = _init(world)
    assert problems == []
    assert "acme/fresh: created label 'vision'" in said
    assert _init(world, write=False)[1] == []  # a second `init --check`: nothing missing


def test_a_runner_that_is_not_ready_is_a_problem(tmp_path: Path) -> None:
    said, problems = _init(make_world(tmp_path), runner_said="model runner 'x' is not ready")
    assert problems == ["model runner 'x' is not ready"]
    assert "ok: model runner 'offline' is ready" not in said
    assert not any("dashboard" in line for line in said)  # said only of a sound setup


def test_a_problem_found_first_stops_init_from_creating_labels(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.setup.create_repo("acme", "fresh")
    world.setup.add_collaborator("acme/fresh", BOT, "write")
    world.config = world.config.model_copy(update={"repo": "acme/fresh",
                                                   "ops_repo": "acme/gone"})
    said, problems = _init(world)
    assert problems[0].startswith("acme/gone: no such repository")
    assert not any("created label" in line for line in said)
    assert world.bot.list_labels("acme/fresh") == []


def test_a_webhook_url_without_the_shared_secret_is_a_problem(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    _, problems = _init(world, world.client("acme"), webhook_url=HOOK)
    assert ("ARCHITECT_WEBHOOK_SECRET is not set: webhooks need a shared secret; set it in the "
            "environment") in problems


def test_init_registers_the_webhooks_on_both_repos_and_check_then_proves_them(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    owner = world.client("acme")  # registering a webhook needs admin access
    secrets = Secrets(webhook_secret=Secret("shared-secret"))

    said, problems = _init(world, owner, webhook_url=HOOK, secrets=secrets)
    assert problems == []
    assert [line for line in said if "registered" in line] == [
        f"{repo}: webhook to {HOOK} registered" for repo in (PROJECT, OPS)]
    for repo in (PROJECT, OPS):
        (hook,) = [h for h in owner.list_hooks(repo) if h.config.get("url") == HOOK]
        assert hook.active and "issue_comment" in hook.events

    said, problems = _init(world, owner, webhook_url=HOOK, secrets=secrets, write=False)
    assert problems == []
    assert f"ok: {PROJECT}: webhook to {HOOK}" in said


def test_a_token_without_admin_cannot_register_a_webhook_and_is_told_why(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    _, problems = _init(world, webhook_url=HOOK, secrets=Secrets(webhook_secret=Secret("s")))
    assert f"{PROJECT}: @{BOT} may not read its webhooks: webhooks need admin access to the " \
        "repo" in problems
