"""The imperative shell's wiring: real objects built from a configuration.

Only the CLI (and the demo, which plays a user) call these; everything below
them receives the forge client, the runner and the clock as arguments.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime

import httpx

from architect.config import ProjectConfig, Secrets
from architect.forge.client import ForgeClient
from architect.forge.github import GitHubClient, api_root
from architect.forge.github_app import InstallationTokens
from architect.forge.github_caps import Capabilities, capabilities_file
from architect.forge.github_http import Kept, PersonalToken
from architect.forge.http import RetryPolicy
from architect.runners.base import Runner
from architect.runners.registry import make_runner as make_model_runner

# The clients `forge_client` makes: each a `Forge`, closed by its owner.
ForgeConnection = ForgeClient | GitHubClient


def utc_now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


def forge_client(config: ProjectConfig, secrets: Secrets, *,
                 transport: httpx.BaseTransport | None = None, timeout: float = 30.0,
                 retry: RetryPolicy | None = None, kept: Kept | None = None) -> ForgeConnection:
    """The architect's client for the project's forge (`forge` in the project file);
    `timeout` and `retry` for a command that must not wait long on a forge that is down;
    `kept`: on GitHub, what the clients of one process share across ticks."""
    if config.forge == "github":
        return github_client(config, secrets, transport=transport, timeout=timeout,
                             retry=retry, kept=kept)
    token = secrets.require_forge_token()
    return ForgeClient(config.forge_url, token,
                       token_env=secrets.forge_token_env or "FORGE_ARCHITECT_TOKEN",
                       transport=transport, timeout=timeout, retry=retry)


def github_client(config: ProjectConfig, secrets: Secrets, *,
                  transport: httpx.BaseTransport | None = None, timeout: float = 30.0,
                  retry: RetryPolicy | None = None, kept: Kept | None = None) -> GitHubClient:
    """A GitHub App installation when GITHUB_APP_ID is set (the App wins over a token set
    too: its bot acts, and its token is renewed), else the access token
    (`Secrets.require_github_token`). With `kept`, the App's installation token is the
    one made for an earlier tick while it lasts."""
    api = api_root(config.forge_url)
    capabilities = Capabilities(api, capabilities_file(config.architect.state_dir),
                                now=utc_now)
    tokens: InstallationTokens | PersonalToken
    if secrets.github_app is not None:
        if kept is not None and isinstance(kept.tokens, InstallationTokens):
            tokens = kept.tokens
        else:
            # Nothing is asked of GitHub yet: the first request makes the installation token.
            tokens = InstallationTokens(secrets.github_app, api, config.repo,
                                        transport=transport)
            if kept is not None:
                kept.tokens = tokens
    else:
        token, env = secrets.require_github_token()
        tokens = PersonalToken(token, env)
    return GitHubClient(api, tokens, transport=transport, timeout=timeout, retry=retry,
                        kept=kept, capabilities=capabilities)


def filer_client(config: ProjectConfig, secrets: Secrets, *,
                 transport: httpx.BaseTransport | None = None) -> ForgeConnection | None:
    if secrets.filer_token is None:
        return None
    if config.forge == "github":
        api = api_root(config.forge_url)
        return GitHubClient(api, PersonalToken(secrets.filer_token, "FORGE_FILER_TOKEN"),
                            transport=transport, capabilities=Capabilities(
                                api, capabilities_file(config.architect.state_dir),
                                now=utc_now))
    return ForgeClient(config.forge_url, secrets.filer_token, token_env="FORGE_FILER_TOKEN",
                       transport=transport)


def project_runner(config: ProjectConfig, secrets: Secrets, env: Mapping[str, str]) -> Runner:
    """The project's runner: its settings and keys handed to the one factory,
    `runners.registry.make_runner`."""
    a = config.architect
    return make_model_runner(
        a.model, model_name=a.model_name, state_dir=a.state_dir, project=config.name, env=env,
        repo_root=config.repo_root,
        anthropic_api_key=secrets.anthropic_api_key.reveal() if secrets.anthropic_api_key else None,
        openai_api_key=secrets.openai_api_key.reveal() if secrets.openai_api_key else None,
        timeout_s=a.model_timeout.total_seconds(), max_turns=a.max_turns,
        openai_base_url=a.openai_base_url, thinking_budget_tokens=a.thinking_budget_tokens,
        thinking_effort=a.thinking_effort)
