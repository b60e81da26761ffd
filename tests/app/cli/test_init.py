"""`architect init` proves a setup; a tick on a broken one pays for no model call.

Each broken setup of issue 11 is built on a served embedded forge as a user
would get it wrong. `init` and `init --check` must refuse it with exit 2 and a
one-line reason that names the fix, and `architect run --json` on it must stop
before the model: a loopback model server records any request that reaches it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from architect.forge.client import ForgeClient
from tests.app.cli.conftest import Served, architect, file_vision
from tests.runners.fakes.http_api import Answer, ScriptedAPI

# Real processes, servers or fault matrices: out of the fast lane (`-m "not slow"`).
pytestmark = pytest.mark.slow

REPO_ROOT = Path(__file__).resolve().parents[3]

LABELS = (("vision", "5319e7"), ("in-progress", "fbca04"), ("backlog", "0e8a16"))


@dataclass
class Broken:
    env: dict[str, str]
    reason: str  # the one line's telling part, as init and the tick say it


def _labels_and_vision(served: Served, labels: tuple[tuple[str, str], ...] = LABELS) -> None:
    for name, color in labels:
        served.setup.create_label("acme/shop", name, color)
    file_vision(served)


def _owner(served: Served) -> ForgeClient:
    return ForgeClient(served.url, served.tokens["acme"])


def _edit(served: Served, old: str, new: str) -> None:
    text = served.toml.read_text()
    assert old in text
    served.toml.write_text(text.replace(old, new, 1))


def _ops_repo(served: Served, name: str, *, auto_init: bool = True,
              default_branch: str = "main") -> None:
    """The project file points at another ops repo, made as given; a vision to pitch."""
    served.setup.create_repo("acme", name, auto_init=auto_init, default_branch=default_branch)
    served.setup.add_collaborator(f"acme/{name}", "architect-bot", "write")
    _edit(served, '"acme/shop-ops"', f'"acme/{name}"')
    _labels_and_vision(served)


def empty_ops_repo(served: Served) -> Broken:
    _ops_repo(served, "bare-ops", auto_init=False)
    return Broken(served.env, "acme/bare-ops: the repository is empty (Forgejo: \"Git "
                  "Repository is empty\"): push a first commit")


def only_trunk(served: Served) -> Broken:
    _ops_repo(served, "trunk-ops", default_branch="trunk")
    return Broken(served.env, "acme/trunk-ops: no branch 'main' (primary_branch); its "
                  "branches: 'trunk': set primary_branch = \"trunk\"")


def read_only_token(served: Served) -> Broken:
    token = served.setup.create_user(
        "reader-bot", scopes=("read:repository", "read:issue", "read:user"))
    for repo in ("acme/shop", "acme/shop-ops"):
        served.setup.add_collaborator(repo, "reader-bot", "write")
    _labels_and_vision(served)
    return Broken({**served.env, "FORGE_ARCHITECT_TOKEN": token},
                  "acme/shop: the token may not write issues, labels and comments (it lacks "
                  "the scope 'write:issue'): create a token for @reader-bot with write:issue")


def reviewer_typo(served: Served) -> Broken:
    _edit(served, "[architect]\n", '[architect]\nreviewers = ["alcie"]\n')
    _labels_and_vision(served)
    return Broken(served.env, "reviewer 'alcie' is not a user of this forge: fix `reviewers` "
                  "in the project file; did you mean 'alice'?")


def missing_in_progress_label(served: Served) -> Broken:
    _labels_and_vision(served, labels=LABELS[:1])
    return Broken(served.env, "acme/shop: label 'in-progress' is missing: run `architect init`")


def missing_repo(served: Served) -> Broken:
    _edit(served, '"acme/shop"', '"acme/shop-typo"')
    return Broken(served.env, "acme/shop-typo: no such repository on")


def https_against_plain_http(served: Served) -> Broken:
    _edit(served, 'forge_url = "http://', 'forge_url = "https://')
    return Broken(served.env, "but the forge there does not speak TLS")


BROKEN: list[Callable[[Served], Broken]] = [
    empty_ops_repo, only_trunk, read_only_token, reviewer_typo, missing_in_progress_label,
    missing_repo, https_against_plain_http]


@pytest.fixture
def model() -> Iterator[ScriptedAPI]:
    with ScriptedAPI([Answer(status=500)]) as api:
        yield api


@pytest.mark.parametrize("breaking", BROKEN, ids=lambda f: f.__name__)
def test_init_refuses_a_broken_setup_and_a_tick_on_it_calls_no_model(
        served: Served, model: ScriptedAPI, breaking: Callable[[Served], Broken]) -> None:
    broken = breaking(served)
    # Only init --check: for the missing label, `init` would create it (tested below).
    for command in (("init", "--check"), ("init",)):
        if command == ("init",) and breaking is missing_in_progress_label:
            continue
        result = architect(*command, "-p", str(served.toml), env=broken.env)
        assert result.returncode == 2, result.stdout + result.stderr
        assert broken.reason in result.stderr
        assert "ready" not in result.stdout.splitlines()[-1:]

    # A real runner against a loopback model server that records whatever reaches it.
    _edit(served, 'model = "offline"',
          'model = "openai"\nmodel_name = "test-model"\n'
          'openai_base_url = "' + model.url + '/v1"')
    env = {**broken.env, "OPENAI_API_KEY": "sk-test-not-a-secret"}
    assert architect("enable", "-p", str(served.toml), env=env).returncode == 0
    run = architect("run", "--json", "-p", str(served.toml), env=env)
    assert run.returncode == 2, run.stdout + run.stderr
    document = json.loads(run.stdout)
    assert document["exit"] == 2
    assert model.received == []
    if "error" in document:  # the tick could not read the forge at all
        assert broken.reason in document["error"]
    else:
        assert document["model_calls"] == 0
        assert document["applied"] == [] and document["failed"] == []
        (blocked,) = document["blocked"]
        assert blocked["kind"] == "OpenPitch" and broken.reason in blocked["reason"]


def test_https_against_plain_http_is_not_retried(served: Served) -> None:
    https_against_plain_http(served)
    result = architect("status", "--json", "-p", str(served.toml), env=served.env)
    assert result.returncode == 2
    assert "retry" not in result.stderr
    document = json.loads(result.stdout)
    assert document["exit"] == 2 and "write http:// in forge_url" in document["error"]


def test_check_writes_nothing_then_init_creates_the_labels_and_is_ready(served: Served) -> None:
    check = architect("init", "--check", "-p", str(served.toml), env=served.env)
    assert check.returncode == 2
    for name, _ in LABELS:
        assert f"acme/shop: label '{name}' is missing: run `architect init`" in check.stderr
    with _owner(served) as owner:
        assert owner.list_labels("acme/shop") == []

    init = architect("init", "-p", str(served.toml), env=served.env)
    assert init.returncode == 0, init.stderr
    assert "ok: acme/shop-ops: the token writes branches, files and pull requests" in init.stdout
    assert init.stdout.splitlines()[-1] == "shop: ready"

    again = architect("init", "--check", "-p", str(served.toml), env=served.env)
    assert again.returncode == 0, again.stderr
    assert "created label" not in again.stdout
    with _owner(served) as owner:
        assert {label.name for label in owner.list_labels("acme/shop")} == {
            name for name, _ in LABELS}
        assert owner.list_branches("acme/shop-ops") == ["main"]  # the probes left nothing


def test_webhooks_are_registered_by_init_and_proved_by_check(served: Served) -> None:
    url = "http://127.0.0.1:9/hooks"
    env = {**served.env, "ARCHITECT_WEBHOOK_SECRET": "s3cret-for-hooks"}
    served.setup.add_collaborator("acme/shop", "architect-bot", "admin")
    served.setup.add_collaborator("acme/shop-ops", "architect-bot", "admin")
    missing = architect("init", "--check", "--webhook-url", url, "-p", str(served.toml),
                        env=env)
    assert missing.returncode == 2
    assert (f"acme/shop-ops: no webhook to {url}: run `architect init --webhook-url {url}`"
            in missing.stderr)

    init = architect("init", "--webhook-url", url, "-p", str(served.toml), env=env)
    assert init.returncode == 0, init.stderr
    assert f"acme/shop-ops: webhook to {url} registered" in init.stdout
    check = architect("init", "--check", "--webhook-url", url, "-p", str(served.toml), env=env)
    assert check.returncode == 0, check.stderr
    assert f"ok: acme/shop: webhook to {url}" in check.stdout


def test_a_dry_run_shows_the_blocked_action_with_its_reason(served: Served) -> None:
    broken = only_trunk(served)
    dry = architect("run", "--dry-run", "--json", "-p", str(served.toml), env=broken.env)
    assert dry.returncode == 2, dry.stderr
    (blocked,) = json.loads(dry.stdout)["blocked"]
    assert blocked["vision"] == 1 and broken.reason in blocked["reason"]
    logged = [json.loads(line)["msg"] for line in dry.stderr.splitlines()]
    assert any(msg.startswith("blocked: vision #1: pitch a sprint → sprints/1-wishlists.md: "
                              + broken.reason) for msg in logged), logged


def test_a_missing_project_file_names_init_example_which_writes_one_that_loads(
        tmp_path: Path) -> None:
    path = tmp_path / "architect.toml"
    env = {k: v for k, v in os.environ.items() if k != "ARCHITECT_PROJECT"}
    missing = architect("status", "-p", str(path), env=env)
    assert missing.returncode == 2
    assert f"`architect init --example > {path}` writes an example there" in missing.stderr

    example = architect("init", "--example", env=env)
    assert example.returncode == 0, example.stderr
    assert example.stdout == (REPO_ROOT / "examples" / "project.toml").read_text("utf-8")
    path.write_text(example.stdout)
    assert architect("enable", "-p", str(path), env={**env, "HOME": str(tmp_path)}
                     ).returncode == 0
