"""Secrets: read only from the environment, and refused in the project file.

A token never sits in a file that gets copied around or committed: `load_secrets`
reads every secret from the environment, and `reject_secrets` turns a
secret-looking key in the project TOML into a `ConfigError` that says which
variable to set instead. No message repeats a secret's value.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from architect.errors import ConfigError
from architect.forge.github_app import AppCredentials, app_credentials
from architect.forge.secret import Secret

__all__ = [
    "FORGE_TOKEN_VARIABLES",
    "SecretValue",
    "Secrets",
    "load_secrets",
    "looks_secret",
    "reject_secrets",
]

SecretValue = Secret  # shows as '[redacted]' in reprs and messages; .reveal() gives the value
FORGE_TOKEN_VARIABLES = ("FORGE_ARCHITECT_TOKEN", "FORGE_TOKEN")
# On GitHub only, after those: the variable GitHub's own tools (gh, Actions) read.
GITHUB_TOKEN_ENV = "GITHUB_TOKEN"


@dataclass(frozen=True)
class Secrets:
    """The secrets of one process, from the environment only. The repr shows no value."""

    forge_token: SecretValue | None = None
    forge_token_env: str | None = None  # which variable the forge token came from
    filer_token: SecretValue | None = None
    anthropic_api_key: SecretValue | None = None
    openai_api_key: SecretValue | None = None
    webhook_secret: SecretValue | None = None
    github_app: AppCredentials | None = None  # GITHUB_APP_ID + GITHUB_APP_PRIVATE_KEY(_FILE)
    github_token: SecretValue | None = None  # GITHUB_TOKEN: a GitHub project's last resort

    def values(self) -> list[str]:
        """Every secret value set, for the log redactor."""
        found = (
            self.forge_token,
            self.filer_token,
            self.anthropic_api_key,
            self.openai_api_key,
            self.webhook_secret,
            self.github_token,
        )
        app_key = self.github_app.private_key if self.github_app else None
        return [s.reveal() for s in (*found, app_key) if s]

    def require_forge_token(self) -> SecretValue:
        """The forge token, or a ConfigError saying which variable to set."""
        if self.forge_token is None:
            raise ConfigError(
                "no forge token: set FORGE_ARCHITECT_TOKEN to an access token of the "
                "architect's bot account (FORGE_TOKEN is used when it is unset)"
            )
        return self.forge_token

    def require_github_token(self) -> tuple[SecretValue, str]:
        """A GitHub project's access token and the variable it came from, or a ConfigError
        naming every way to authenticate on GitHub (an App wins over all: see
        `wiring.github_client`)."""
        if self.forge_token is not None:
            return self.forge_token, self.forge_token_env or FORGE_TOKEN_VARIABLES[0]
        if self.github_token is not None:
            return self.github_token, GITHUB_TOKEN_ENV
        raise ConfigError(
            "no GitHub credential: set GITHUB_APP_ID and GITHUB_APP_PRIVATE_KEY (or "
            "GITHUB_APP_PRIVATE_KEY_FILE, and optionally GITHUB_APP_INSTALLATION_ID) for a "
            "GitHub App, or FORGE_ARCHITECT_TOKEN (FORGE_TOKEN, then GITHUB_TOKEN, are used "
            "when it is unset) to an access token of the architect's bot account; "
            "see docs/github.md")


def load_secrets(env: Mapping[str, str]) -> Secrets:
    """Read the secrets from `env`; a missing one is None (commands that need it say so)."""
    forge_env = next((v for v in FORGE_TOKEN_VARIABLES if _secret(env, v) is not None), None)
    return Secrets(
        forge_token=_secret(env, forge_env) if forge_env else None,
        forge_token_env=forge_env,
        filer_token=_secret(env, "FORGE_FILER_TOKEN"),
        anthropic_api_key=_secret(env, "ANTHROPIC_API_KEY"),
        openai_api_key=_secret(env, "OPENAI_API_KEY"),
        webhook_secret=_secret(env, "ARCHITECT_WEBHOOK_SECRET"),
        github_app=app_credentials(env),
        github_token=_secret(env, GITHUB_TOKEN_ENV),
    )


def _secret(env: Mapping[str, str], variable: str) -> SecretValue | None:
    # Secret.from_env strips: surrounding whitespace is never part of a token, and a
    # stray newline from `$(cat token-file)` would otherwise break every request.
    return Secret.from_env(env, variable)


# --- secrets in the project file -------------------------------------------------------

_SECRET_WORDS = ("token", "secret", "password", "passwd", "api_key", "apikey", "private_key")
_SECRET_ENV = (
    ("anthropic", "ANTHROPIC_API_KEY"),
    ("openai", "OPENAI_API_KEY"),
    ("webhook", "ARCHITECT_WEBHOOK_SECRET"),
    ("filer", "FORGE_FILER_TOKEN"),
)


def looks_secret(key: str) -> bool:
    """`token`, `forge_token`, `api-key`…, but not `max_tokens` or `token_file`."""
    norm = key.lower().replace("-", "_")
    return any(norm == word or norm.endswith("_" + word) for word in _SECRET_WORDS)


def reject_secrets(path: Path, data: Mapping[str, Any]) -> None:
    """A secret-looking key at the top level or under [architect] is a ConfigError."""
    tables: list[tuple[str, Mapping[str, Any]]] = [("", data)]
    if isinstance(data.get("architect"), dict):
        tables.append(("[architect].", data["architect"]))
    for prefix, table in tables:
        for key in table:
            if looks_secret(key):
                raise ConfigError(
                    f"{path}: {prefix}{key} looks like a secret, and secrets are read only "
                    f"from the environment; delete it from the file and set "
                    f"{_secret_env_for(key)} instead"
                )


def _secret_env_for(key: str) -> str:
    norm = key.lower()
    for word, variable in _SECRET_ENV:
        if word in norm:
            return variable
    return "FORGE_ARCHITECT_TOKEN"
