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
from architect.runners.base import Runner
from architect.runners.registry import make_runner as make_model_runner


def utc_now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


def forge_client(config: ProjectConfig, secrets: Secrets, *,
                 transport: httpx.BaseTransport | None = None) -> ForgeClient:
    token = secrets.require_forge_token()
    return ForgeClient(config.forge_url, token,
                       token_env=secrets.forge_token_env or "FORGE_ARCHITECT_TOKEN",
                       transport=transport)


def filer_client(config: ProjectConfig, secrets: Secrets, *,
                 transport: httpx.BaseTransport | None = None) -> ForgeClient | None:
    if secrets.filer_token is None:
        return None
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
