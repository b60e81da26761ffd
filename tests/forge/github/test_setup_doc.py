"""docs/github.md against what `architect init` and the client ask for: the variables,
the App's repository permissions, the webhook events, which credential wins, GHES URLs.
A permission or an event added in the code and not in the doc fails here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from architect.config import load_secrets
from architect.errors import ConfigError
from architect.forge import github_app
from architect.forge.github import GITHUB_HOOK_EVENTS
from architect.forge.github_app import REPOSITORY_PERMISSIONS

ROOT = Path(__file__).parents[3]
DOC = (ROOT / "docs" / "github.md").read_text(encoding="utf-8")


def test_the_doc_names_every_permission_init_asks_for() -> None:
    rows = dict(re.findall(r"^ *\| (\w[\w ]*?) \| (Read and write|Read-only) \|", DOC,
                           re.MULTILINE))
    assert rows == dict(REPOSITORY_PERMISSIONS)


def test_the_doc_names_every_webhook_event_init_checks() -> None:
    subscribed = DOC.split("Subscribe to")[1].split("\n\n")[0]
    assert set(re.findall(r"`(\w+)`", subscribed)) == set(GITHUB_HOOK_EVENTS)


def test_the_doc_names_every_variable_the_missing_credential_error_names() -> None:
    with pytest.raises(ConfigError) as missing:
        load_secrets({}).require_github_token()
    named = set(re.findall(r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b", str(missing.value)))
    app_vars = {getattr(github_app, n) for n in dir(github_app) if n.endswith("_ENV")}
    assert app_vars <= named
    for variable in named | {"ARCHITECT_WEBHOOK_SECRET"}:
        assert f"`{variable}`" in DOC, variable


def test_the_doc_says_which_credential_wins_and_the_enterprise_url() -> None:
    assert "**When both an App and a token are set, the App wins**" in DOC
    assert 'forge_url = "https://HOST/api/v3"' in DOC
    assert "--as-ghes 3.18" in DOC


def test_the_readme_links_the_doc() -> None:
    assert "docs/github.md" in (ROOT / "README.md").read_text(encoding="utf-8")
