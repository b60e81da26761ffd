"""The `anthropic` runner: the Messages API with schema-forced output.

One `messages.create` a call, with `output_config.format` set to the mode's
JSON schema (structured outputs), the stable system text first and the large
shared context after it as a second system block marked
`cache_control: ephemeral`, so the calls of a tick reuse the cached prefix.
The SDK retries 408/409/429/5xx itself (honouring `retry-after`), within the
request's timeout. The PR's message history is its session file, so ANSWERS
and FILE continue the conversation that QUESTIONS started.

The SDK is imported when a runner is used, never at `architect --help`.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

from pydantic import BaseModel

from architect.errors import RunnerFailed, RunnerUnavailable
from architect.runners import pricing
from architect.runners.base import Limits, ModelRequest, ModelResult, Usage
from architect.runners.sessions import CONTINUES, STARTS, SessionStore, Transcript, cap_limits
from architect.runners.validation import (
    Reply,
    answer_with_retry,
    api_error_text,
    redact,
    secret_values,
)

T = TypeVar("T", bound=BaseModel)
log = logging.getLogger(__name__)

NAME = "anthropic"
DEFAULT_BASE_URL = "https://api.anthropic.com"
DEFAULT_MAX_TOKENS = 16384  # room for adaptive thinking before the JSON


def import_sdk() -> ModuleType:
    try:
        import anthropic
    except ImportError as exc:
        raise RunnerUnavailable(
            "the anthropic runner needs the `anthropic` package: pip install 'architect[anthropic]'"
        ) from exc
    return anthropic


class AnthropicRunner:
    """Claude through the Messages API. See the module docstring."""

    name = NAME

    def __init__(
        self,
        *,
        model_name: str,
        state_dir: Path,
        project: str,
        env: Mapping[str, str],
        limits_cap: Limits | None = None,
        max_retries: int = 2,
        max_tokens: int = DEFAULT_MAX_TOKENS,
    ) -> None:
        self.model_name = model_name
        self.env = dict(env)
        self.base_url = self.env.get("ANTHROPIC_BASE_URL") or DEFAULT_BASE_URL
        self.limits_cap = limits_cap
        self.max_retries = max_retries
        self.max_tokens = max_tokens
        self.sessions = SessionStore(Path(state_dir), project)
        self._secrets = secret_values(self.env)

    def check_ready(self) -> None:
        if not self.env.get("ANTHROPIC_API_KEY"):
            raise RunnerUnavailable("ANTHROPIC_API_KEY is not set: the anthropic runner needs it")
        import_sdk()

    def drop_session(self, session_key: str) -> None:
        self.sessions.drop(session_key)

    def run(self, request: ModelRequest[T]) -> ModelResult[T]:
        self.check_ready()
        sdk = import_sdk()
        limits = cap_limits(request.limits, self.limits_cap)
        with sdk.Anthropic(
            api_key=self.env["ANTHROPIC_API_KEY"],
            base_url=self.base_url,
            max_retries=self.max_retries,
            timeout=limits.timeout_s,
        ) as client:
            return self._converse(sdk, client, request, limits)

    def _converse(
        self, sdk: ModuleType, client: Any, request: ModelRequest[T], limits: Limits
    ) -> ModelResult[T]:
        talk = Transcript(
            self.sessions, request.session_key, request.mode, self.name, self.model_name
        )
        params = self._params(sdk, request)
        last = ""

        def ask(correction: str | None) -> Reply:
            nonlocal last
            retry = None if correction is None else (last, correction)
            messages = talk.messages(request.prompt, retry)
            reply = self._call(sdk, client, {**params, "messages": messages}, limits)
            talk.charge(reply.usage)
            last = reply.payload
            return reply

        output, usage, answer = answer_with_retry(request.schema, ask)
        talk.keep(request.prompt, answer)
        stateful = request.mode in STARTS | CONTINUES
        return ModelResult(output, usage, request.session_key if stateful else None)

    def _params(self, sdk: ModuleType, request: ModelRequest[Any]) -> dict[str, Any]:
        system: list[dict[str, Any]] = [{"type": "text", "text": request.system}]
        if request.context:
            system.append(
                {"type": "text", "text": request.context, "cache_control": {"type": "ephemeral"}}
            )
        schema = sdk.transform_schema(request.schema)
        return {
            "model": self.model_name,
            "max_tokens": self.max_tokens,
            "system": system,
            "output_config": {"format": {"type": "json_schema", "schema": schema}},
        }

    def _call(self, sdk: ModuleType, client: Any, params: dict[str, Any], limits: Limits) -> Reply:
        try:
            message = client.messages.create(**params)
        except sdk.APITimeoutError as exc:
            raise RunnerFailed(f"anthropic: no answer within {limits.timeout_s:g}s") from exc
        except sdk.APIConnectionError as exc:
            raise RunnerFailed(f"anthropic: cannot reach {self.base_url}") from exc
        except sdk.APIStatusError as exc:
            detail = redact(api_error_text(exc.body, exc.message), self._secrets)
            raise RunnerFailed(f"anthropic: HTTP {exc.status_code}: {detail}") from exc
        text = "".join(b.text for b in message.content if getattr(b, "type", "") == "text")
        if message.stop_reason not in ("end_turn", "stop_sequence", None):
            log.info("anthropic answer stopped: %s", message.stop_reason)
        return Reply(text, _usage(self.model_name, message.usage))


def _usage(model: str, usage: Any) -> Usage:
    fresh = int(usage.input_tokens or 0)
    written = int(getattr(usage, "cache_creation_input_tokens", 0) or 0)
    read = int(getattr(usage, "cache_read_input_tokens", 0) or 0)
    out = int(usage.output_tokens or 0)
    cost = pricing.cost_usd(
        model,
        input_tokens=fresh,
        output_tokens=out,
        cache_write_tokens=written,
        cache_read_tokens=read,
    )
    return Usage(fresh + written + read, out, cost)
