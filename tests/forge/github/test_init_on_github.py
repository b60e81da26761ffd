"""`architect init` on the GitHub dialect: the hook and its events, and the permission
GitHub names when the token (a PAT or an App's) lacks one."""

from __future__ import annotations

from pathlib import Path

from architect.app.setup_forge import prove_setup
from architect.config import Secrets
from architect.forge.secret import Secret
from tests.world import OPS, PROJECT, make_world

URL = "http://127.0.0.1:9/hooks"


def test_init_registers_the_hook_and_check_reports_its_events(tmp_path: Path) -> None:
    world = make_world(tmp_path, dialect="github")
    for repo in (PROJECT, OPS):
        world.setup.add_collaborator(repo, "architect-bot", "admin")
    secrets = Secrets(webhook_secret=Secret("s3cret-for-hooks"))
    said: list[str] = []
    made = prove_setup(world.bot, world.config, secrets, webhook_url=URL, write=True,
                       runner_ready=lambda: None, say=said.append)
    assert made.problems == []
    assert f"{OPS}: webhook to {URL} registered" in said
    said.clear()
    checked = prove_setup(world.bot, world.config, secrets, webhook_url=URL, write=False,
                          runner_ready=lambda: None, say=said.append)
    assert checked.problems == []
    assert (f"ok: {OPS}: webhook to {URL} (events: issue_comment, issues, label, "
            "pull_request, pull_request_review)") in said


def test_a_token_without_write_access_is_told_the_permission_github_names(
        tmp_path: Path) -> None:
    world = make_world(tmp_path, dialect="github")
    for repo in (PROJECT, OPS):
        world.setup.add_collaborator(repo, "stranger", "read")
    found = prove_setup(world.client("stranger"), world.config, Secrets(), webhook_url=None,
                        write=False, runner_ready=lambda: None, say=lambda _: None)
    text = "\n".join(found.problems)
    assert "needs the permission contents=write" in text
    assert "needs the permission issues=write" in text
