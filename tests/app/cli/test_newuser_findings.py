"""A new user's first hour, as their report (field1) found it: each wrong setup they
made is answered by one line that names the problem and the fix, with the exit code
of DESIGN.md §2, and with no traceback, no HTML page and no secret on the way."""

from __future__ import annotations

import json
import subprocess

import pytest

from architect.forge.client import ForgeClient
from tests.app.cli.conftest import ARCHITECT, Served, architect, file_vision

# Real processes, servers or fault matrices: out of the fast lane (`-m "not slow"`).
pytestmark = pytest.mark.slow

NOT_THE_API = "does not answer the Forgejo API at /api/v1: check forge_url"


def _edit(served: Served, old: str, new: str) -> None:
    text = served.toml.read_text()
    assert old in text
    served.toml.write_text(text.replace(old, new, 1))


def _clean(result: subprocess.CompletedProcess[str]) -> None:
    """A user-facing failure: no chained traceback, no page of HTML."""
    assert "Traceback" not in result.stderr
    assert "During handling" not in result.stderr
    assert "<html" not in (result.stdout + result.stderr).lower()


def test_a_forge_url_below_the_root_is_a_configuration_error(served: Served) -> None:
    _edit(served, f'forge_url = "{served.url}"', f'forge_url = "{served.url}/forgejo"')
    assert architect("enable", "-p", str(served.toml), env=served.env).returncode == 0
    for command in (("run",), ("init", "--check"), ("init",), ("status",)):
        result = architect(*command, "-p", str(served.toml), env=served.env)
        assert result.returncode == 2, (command, result.stderr)
        assert f"forge_url {served.url}/forgejo {NOT_THE_API}" in result.stderr, command
        _clean(result)
    for command in ("run", "status"):
        result = architect(command, "--json", "-p", str(served.toml), env=served.env)
        assert result.returncode == 2, result.stderr
        document = json.loads(result.stdout)
        assert document["exit"] == 2 and NOT_THE_API in document["error"]
        _clean(result)


def test_a_missing_repo_with_a_token_that_may_not_read_its_user(served: Served) -> None:
    token = served.setup.create_user(
        "blind-bot", scopes=("write:repository", "write:issue"))  # no read:user
    served.setup.add_collaborator("acme/shop", "blind-bot", "write")
    _edit(served, '"acme/shop-ops"', '"acme/nosuch"')
    env = {**served.env, "FORGE_ARCHITECT_TOKEN": token}
    assert architect("enable", "-p", str(served.toml), env=env).returncode == 0
    line = (f"acme/nosuch: no such repository on {served.url}, or the token's account cannot "
            "see it: fix `repo` / `ops_repo` in the project file")

    run = architect("run", "-p", str(served.toml), env=env)
    assert run.returncode == 2, run.stderr
    assert line in run.stderr
    _clean(run)
    as_json = architect("run", "--json", "-p", str(served.toml), env=env)
    assert as_json.returncode == 2
    document = json.loads(as_json.stdout)
    assert document["exit"] == 2 and line in document["error"]

    # The loop drops a project whose first tick is a configuration error, and then ends.
    loop = subprocess.run([*ARCHITECT, "loop", "-p", str(served.toml), "--interval", "1h"],
                          env=env, capture_output=True, text=True, timeout=60, check=False)
    assert loop.returncode == 2, loop.stderr
    assert line in loop.stderr
    assert "Traceback" not in loop.stderr and "tick crashed" not in loop.stderr


def test_init_check_and_status_say_what_run_says_of_a_missing_ops_repo(served: Served) -> None:
    _edit(served, '"acme/shop-ops"', '"acme/nosuch"')
    line = (f"acme/nosuch: no such repository on {served.url}, or @architect-bot cannot see "
            "it: fix `repo` / `ops_repo` in the project file")
    check = architect("init", "--check", "-p", str(served.toml), env=served.env)
    assert check.returncode == 2, check.stderr
    assert line in check.stderr
    assert "ok: acme/shop: exists, branch 'main'" in check.stdout
    assert "/labels" not in check.stderr  # the ops labels of a repo that is not there
    _clean(check)

    status = architect("status", "-p", str(served.toml), env=served.env)
    assert status.returncode == 2, status.stderr
    assert line in status.stderr
    document = json.loads(architect("status", "--json", "-p", str(served.toml),
                                    env=served.env).stdout)
    assert document["exit"] == 2 and line in document["error"]

    assert architect("enable", "-p", str(served.toml), env=served.env).returncode == 0
    run = architect("run", "-p", str(served.toml), env=served.env)
    assert run.returncode == 2 and line in run.stderr


def test_json_documents_mask_the_token_as_the_log_does(served: Served) -> None:
    token = served.env["FORGE_ARCHITECT_TOKEN"]
    _edit(served, '"acme/shop-ops"', f'"acme/{token}"')
    assert architect("enable", "-p", str(served.toml), env=served.env).returncode == 0
    for command in ("run", "status"):
        result = architect(command, "--json", "-p", str(served.toml), env=served.env)
        assert result.returncode == 2, result.stderr
        document = json.loads(result.stdout)
        assert "acme/[redacted]" in document["error"]
        assert token not in result.stdout + result.stderr


def test_a_dry_run_of_a_disabled_project_says_a_real_tick_skips_it(served: Served) -> None:
    assert architect("init", "-p", str(served.toml), env=served.env).returncode == 0
    file_vision(served)
    note = "disabled: a real tick skips shop ("
    dry = architect("run", "--dry-run", "--json", "-p", str(served.toml), env=served.env)
    assert dry.returncode == 0, dry.stderr
    document = json.loads(dry.stdout)
    assert [a["kind"] for a in document["planned"]] == ["OpenPitch"]
    (said,) = [n for n in document["notes"] if n.startswith(note)]
    assert said.endswith("is absent): `architect enable`")
    assert note in dry.stderr
    text = architect("run", "--dry-run", "-p", str(served.toml), env=served.env)
    assert text.returncode == 0 and note in text.stderr

    assert architect("enable", "-p", str(served.toml), env=served.env).returncode == 0
    enabled = architect("run", "--dry-run", "--json", "-p", str(served.toml), env=served.env)
    assert not [n for n in json.loads(enabled.stdout)["notes"] if n.startswith(note)]


def test_run_on_an_empty_ops_repo_exits_2_and_creates_nothing(served: Served) -> None:
    served.setup.create_repo("acme", "bare-ops", auto_init=False)
    served.setup.add_collaborator("acme/bare-ops", "architect-bot", "write")
    _edit(served, '"acme/shop-ops"', '"acme/bare-ops"')
    assert architect("enable", "-p", str(served.toml), env=served.env).returncode == 0
    line = "acme/bare-ops: the repository is empty (Forgejo: \"Git Repository is empty\")"

    for args in (("run",), ("run", "--dry-run")):
        result = architect(*args, "-p", str(served.toml), env=served.env)
        assert result.returncode == 2, (args, result.stderr)
        assert line in result.stderr
    document = json.loads(architect("run", "--json", "-p", str(served.toml),
                                    env=served.env).stdout)
    assert document["exit"] == 2 and line in document["error"]
    with ForgeClient(served.url, served.tokens["acme"]) as owner:
        assert owner.list_issues("acme/bare-ops", state="all") == []  # no dashboard


def test_json_of_a_config_error_does_not_double_the_prefix(served: Served) -> None:
    _edit(served, "[architect]\n", "[architect]\nmax_open_pitch = 2\n")
    for command in ("run", "status"):
        result = architect(command, "--json", "-p", str(served.toml), env=served.env)
        assert result.returncode == 2
        document = json.loads(result.stdout)
        assert document["exit"] == 2
        assert document["error"].startswith(f"{served.toml}: unknown key 'max_open_pitch'")
        assert "architect: error: " in result.stderr


def test_a_wrong_claude_bin_is_named(served: Served) -> None:
    _edit(served, 'model = "offline"', 'model = "claude-cli"')
    env = {**served.env, "ARCHITECT_CLAUDE_BIN": "/nonexistent/claude"}
    said = ("the `claude` binary set in ARCHITECT_CLAUDE_BIN, '/nonexistent/claude', is "
            "neither an executable file")
    check = architect("init", "--check", "-p", str(served.toml), env=env)
    assert check.returncode == 2
    assert said in check.stderr
    assert architect("enable", "-p", str(served.toml), env=env).returncode == 0
    run = architect("run", "-p", str(served.toml), env=env)
    assert run.returncode == 2 and said in run.stderr


def test_init_check_names_the_missing_webhook_secret_too(served: Served) -> None:
    url = "http://127.0.0.1:9/hooks"
    served.setup.add_collaborator("acme/shop", "architect-bot", "admin")
    served.setup.add_collaborator("acme/shop-ops", "architect-bot", "admin")
    env = {k: v for k, v in served.env.items() if k != "ARCHITECT_WEBHOOK_SECRET"}
    check = architect("init", "--check", "--webhook-url", url, "-p", str(served.toml), env=env)
    assert check.returncode == 2
    assert "ARCHITECT_WEBHOOK_SECRET is not set: webhooks need a shared secret" in check.stderr
    assert f"acme/shop: no webhook to {url}" in check.stderr


def test_a_ready_runner_and_valid_reviewers_get_ok_lines(served: Served) -> None:
    _edit(served, "[architect]\n", '[architect]\nreviewers = ["alice"]\n')
    init = architect("init", "-p", str(served.toml), env=served.env)
    assert init.returncode == 0, init.stderr
    assert "ok: model runner 'offline' is ready" in init.stdout
    assert "ok: reviewer 'alice' writes on acme/shop-ops" in init.stdout


def test_init_against_a_forge_that_is_down_promises_no_later_run(served: Served) -> None:
    served.forge.stop()
    result = architect("init", "-p", str(served.toml), env=served.env)
    assert result.returncode == 1
    assert "is unreachable" in result.stderr and "check forge_url" in result.stderr
    assert "later run" not in result.stderr


def test_a_wrong_primary_branch_suggests_no_sprint_branch(served: Served) -> None:
    served.setup.create_repo("acme", "trunk-ops", default_branch="trunk")
    served.setup.add_collaborator("acme/trunk-ops", "architect-bot", "write")
    served.setup.put_file("acme/trunk-ops", "sprints/2-x.md", "x",
                          branch="architect/sprint-vision-2")
    _edit(served, '"acme/shop-ops"', '"acme/trunk-ops"')
    check = architect("init", "--check", "-p", str(served.toml), env=served.env)
    assert check.returncode == 2
    assert ("acme/trunk-ops: no branch 'main' (primary_branch); its branches: 'trunk': set "
            "primary_branch = \"trunk\"") in check.stderr
    assert "sprint-vision" not in check.stderr
