"""`architect init` on the GitHub dialect: the hook and its events, the permission GitHub
names when the token (a PAT or an App's) lacks one, the right to open pull requests, and
an App installed on both repos."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

from architect.app.setup_check import Findings, check_github
from architect.app.setup_forge import prove_setup
from architect.config import Secrets, load_secrets
from architect.forge.github import GitHubClient
from architect.forge.github_app import InstallationTokens
from architect.forge.models import Repository
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


def test_init_proves_the_token_opens_pull_requests_on_the_ops_repo(tmp_path: Path) -> None:
    world = make_world(tmp_path, dialect="github")
    said: list[str] = []
    found = prove_setup(world.bot, world.config, Secrets(), webhook_url=None, write=False,
                        runner_ready=lambda: None, say=said.append)
    assert found.problems == []
    assert f"ok: {OPS}: the token opens pull requests" in said
    # A token that may write issues but not code or pull requests.
    world.tokens["narrow"] = world.setup.create_user(
        "narrow", scopes=("write:issue", "read:repository", "read:user"))
    for repo in (PROJECT, OPS):
        world.setup.add_collaborator(repo, "narrow", "write")
    refused = prove_setup(world.client("narrow"), world.config, Secrets(), webhook_url=None,
                          write=False, runner_ready=lambda: None, say=lambda _: None)
    (line,) = [p for p in refused.problems if "open pull requests" in p]
    assert line.startswith(f"{OPS}: the architect may not open pull requests there")
    assert "pull_requests=write" in line


class AppOnOneRepo:
    """GitHub with the App installed on the project repo only."""

    def __call__(self, request: httpx.Request) -> httpx.Response:
        path = request.url.path
        if path == f"/repos/{PROJECT}/installation":
            return httpx.Response(200, json={"id": 42})
        if path == f"/repos/{OPS}/installation":
            return httpx.Response(404, json={"message": "Not Found"})
        if path == "/app/installations/42/access_tokens":
            expires = (datetime.now(UTC) + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M:%SZ")
            return httpx.Response(201, json={"token": "ghs_1", "expires_at": expires})
        if path == f"/repos/{OPS}/pulls":
            return httpx.Response(422, json={"message": "Validation Failed"})
        return httpx.Response(404, json={"message": "Not Found"})


def test_init_proves_the_app_is_installed_on_both_repos(tmp_path: Path) -> None:
    world = make_world(tmp_path, dialect="github")
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                            serialization.NoEncryption()).decode()
    secrets = load_secrets({"GITHUB_APP_ID": "7", "GITHUB_APP_PRIVATE_KEY": pem,
                            "FORGE_ARCHITECT_TOKEN": "github_pat_also"})
    assert secrets.github_app is not None
    transport = httpx.MockTransport(AppOnOneRepo())
    tokens = InstallationTokens(secrets.github_app, "https://api.github.com", PROJECT,
                                transport=transport)
    forge = GitHubClient(None, tokens, transport=transport)
    found = Findings()
    repos = {name: Repository(id=1, name=name.split("/")[1], full_name=name)
             for name in (PROJECT, OPS)}
    check_github(forge, world.config, secrets, repos, found)
    assert found.problems == [f"{OPS}: the GitHub App is not installed there: install it on "
                              "both repos (the App's page → Install App → Only select "
                              "repositories)"]
    assert f"{PROJECT}: the GitHub App is installed (installation #42)" in found.proved
    assert f"{OPS}: the token opens pull requests" in found.proved
    (warning,) = found.warnings
    assert "the App is used, the token is not" in warning and "FORGE_ARCHITECT_TOKEN" in warning
