"""Secrets come from the environment only and never show themselves."""

from __future__ import annotations

import pytest

from architect.config import load_secrets
from architect.errors import ConfigError

TOKEN = "0123456789abcdef0123456789abcdef01234567"


def test_every_secret_is_read_from_its_variable() -> None:
    secrets = load_secrets(
        {
            "FORGE_ARCHITECT_TOKEN": TOKEN,
            "FORGE_FILER_TOKEN": "filer-token-1",
            "ANTHROPIC_API_KEY": "sk-ant-123",
            "OPENAI_API_KEY": "sk-openai-456",
            "ARCHITECT_WEBHOOK_SECRET": "hook-secret",
        }
    )

    assert secrets.forge_token is not None
    assert secrets.forge_token.reveal() == TOKEN
    assert secrets.forge_token_env == "FORGE_ARCHITECT_TOKEN"
    assert sorted(secrets.values()) == sorted(
        [TOKEN, "filer-token-1", "sk-ant-123", "sk-openai-456", "hook-secret"]
    )


def test_the_forge_token_falls_back_to_forge_token_and_remembers_where_from() -> None:
    secrets = load_secrets({"FORGE_TOKEN": f" {TOKEN}\n"})

    assert secrets.require_forge_token().reveal() == TOKEN
    assert secrets.forge_token_env == "FORGE_TOKEN"
    assert secrets.values() == [TOKEN]


def test_the_architect_token_wins_over_the_shared_one() -> None:
    secrets = load_secrets({"FORGE_TOKEN": "shared-token", "FORGE_ARCHITECT_TOKEN": TOKEN})

    assert secrets.require_forge_token().reveal() == TOKEN
    assert secrets.forge_token_env == "FORGE_ARCHITECT_TOKEN"


def test_empty_variables_are_no_secrets() -> None:
    secrets = load_secrets({"FORGE_ARCHITECT_TOKEN": "", "FORGE_TOKEN": "  ", "OPENAI_API_KEY": ""})

    assert secrets.forge_token is None
    assert secrets.forge_token_env is None
    assert secrets.values() == []


def test_a_missing_forge_token_is_an_error_only_when_required() -> None:
    secrets = load_secrets({})

    with pytest.raises(ConfigError) as caught:
        secrets.require_forge_token()

    assert caught.value.exit_code == 2
    assert str(caught.value).startswith("no forge token: set FORGE_ARCHITECT_TOKEN")


def test_no_secret_shows_in_a_repr_or_a_string() -> None:
    secrets = load_secrets({"FORGE_ARCHITECT_TOKEN": TOKEN, "ANTHROPIC_API_KEY": "sk-ant-123"})

    assert TOKEN not in repr(secrets)
    assert TOKEN not in f"{secrets} {secrets.forge_token}"
    assert "sk-ant-123" not in repr(secrets)


def test_a_github_project_with_no_credential_is_told_every_way_to_give_one() -> None:
    with pytest.raises(ConfigError) as missing:
        load_secrets({}).require_github_token()
    said = str(missing.value)
    for name in ("GITHUB_APP_ID", "GITHUB_APP_PRIVATE_KEY", "GITHUB_APP_PRIVATE_KEY_FILE",
                 "FORGE_ARCHITECT_TOKEN", "FORGE_TOKEN", "GITHUB_TOKEN", "docs/github.md"):
        assert name in said


def test_on_github_the_architect_token_wins_and_github_token_comes_last() -> None:
    both = load_secrets({"FORGE_ARCHITECT_TOKEN": "a", "GITHUB_TOKEN": "g"})
    assert both.require_github_token()[1] == "FORGE_ARCHITECT_TOKEN"
    last = load_secrets({"GITHUB_TOKEN": "g"})
    token, env = last.require_github_token()
    assert (token.reveal(), env) == ("g", "GITHUB_TOKEN")
    assert "g" in last.values()  # masked in the log like the others
    assert last.forge_token is None  # a Forgejo project never takes GitHub's variable
