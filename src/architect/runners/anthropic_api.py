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

from architect.errors import ModelOverloaded, RunnerFailed, RunnerUnavailable
from architect.redaction import redact, secret_values
from architect.runners import pricing
from architect.runners.api_errors import api_error_text
from architect.runners.base import Limits, ModelRequest, ModelResult, Usage
from architect.runners.code_tools import TOOLS, CodeTools, code_snapshot
from architect.runners.inline_schema import self_contained_schema
from architect.runners.retry import Reply, Stop, answer_with_retry
from architect.runners.sessions import (
    CONTINUES,
    STARTS,
    SessionStore,
    Transcript,
    cap_limits,
    overload_key,
    overload_watch,
)

T = TypeVar("T", bound=BaseModel)
log = logging.getLogger(__name__)

NAME = "anthropic"
DEFAULT_BASE_URL = "https://api.anthropic.com"
DEFAULT_MAX_TOKENS = 16384  # room for adaptive thinking before the JSON
MIN_ANSWER_TOKENS = 8192  # beyond the thinking budget, when one is set


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
        repo_root: Path | None = None,
        limits_cap: Limits | None = None,
        max_retries: int = 2,
        max_tokens: int = DEFAULT_MAX_TOKENS,
        thinking_budget_tokens: int = 0,
    ) -> None:
        self.model_name = model_name
        self.env = dict(env)
        self.base_url = self.env.get("ANTHROPIC_BASE_URL") or DEFAULT_BASE_URL
        self.state_dir = Path(state_dir)
        self.project = project
        self.repo_root = repo_root
        self.limits_cap = limits_cap
        self.max_retries = max_retries
        self.thinking_budget_tokens = thinking_budget_tokens
        # The API wants room for the answer beyond the thinking budget.
        self.max_tokens = max(max_tokens, thinking_budget_tokens + MIN_ANSWER_TOKENS)
        self.sessions = SessionStore(self.state_dir, project)
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
        with (
            sdk.Anthropic(
                api_key=self.env["ANTHROPIC_API_KEY"],
                base_url=self.base_url,
                max_retries=self.max_retries,
                timeout=limits.timeout_s,
            ) as client,
            code_snapshot(self.state_dir, self.project, self.repo_root, self.env) as tools,
        ):
            return overload_watch(
                self.sessions, overload_key(request), self.name,
                lambda: self._converse(sdk, client, request, limits, tools),
            )  # fmt: skip

    def _converse(
        self,
        sdk: ModuleType,
        client: Any,
        request: ModelRequest[T],
        limits: Limits,
        tools: CodeTools | None,
    ) -> ModelResult[T]:
        talk = Transcript(
            self.sessions, request.session_key, request.mode, self.name, self.model_name
        )
        params = self._params(sdk, request, tools)
        last = Reply("", Usage())
        prompt = request.prompt_for(tools is not None)

        def ask(correction: str | None) -> Reply:
            nonlocal last
            retry = None if correction is None else (_shown(last), correction)
            messages = talk.messages(prompt, retry)
            room = self.max_tokens * (2 if last.stop is Stop.CUT_OFF else 1)
            call = {**params, "max_tokens": room, "messages": messages}
            last = self._exchange(sdk, client, call, limits, tools)
            talk.charge(last.usage, last.calls)
            return last

        output, usage, answer = answer_with_retry(request.schema, ask)
        talk.keep(prompt, answer)
        stateful = request.mode in STARTS | CONTINUES
        return ModelResult(
            output, usage, request.session_key if stateful else None, talk.calls
        )

    def _params(
        self, sdk: ModuleType, request: ModelRequest[Any], tools: CodeTools | None
    ) -> dict[str, Any]:
        system: list[dict[str, Any]] = [{"type": "text", "text": request.system}]
        if request.context:
            system.append(
                {"type": "text", "text": request.context, "cache_control": {"type": "ephemeral"}}
            )
        schema = output_schema(sdk, request.schema)
        params: dict[str, Any] = {
            "model": self.model_name,
            "system": system,
            "output_config": {"format": {"type": "json_schema", "schema": schema}},
        }
        if tools is not None:
            params["tools"] = [
                {"name": t.name, "description": t.description, "input_schema": t.parameters}
                for t in TOOLS
            ]
        if self.thinking_budget_tokens:
            params["thinking"] = {"type": "enabled", "budget_tokens": self.thinking_budget_tokens}
        return params

    def _exchange(
        self,
        sdk: ModuleType,
        client: Any,
        params: dict[str, Any],
        limits: Limits,
        tools: CodeTools | None,
    ) -> Reply:
        """One answer, after as many tool calls as `max_turns` allows."""
        messages = list(params["messages"])
        usage = Usage()
        for turn in range(1, limits.max_turns + 1):
            last_turn = tools is None or turn == limits.max_turns
            choice = {"tool_choice": {"type": "none"}} if tools is not None and last_turn else {}
            message = self._call(sdk, client, {**params, **choice, "messages": messages}, limits)
            usage = usage + _usage(self.model_name, message.usage)
            uses = [b for b in message.content if getattr(b, "type", "") == "tool_use"]
            if message.stop_reason != "tool_use" or not uses or tools is None:
                return _reply(message, usage, turn)
            # Thinking and tool_use blocks go back as they came: the API checks them.
            content = [b.model_dump(mode="json", exclude_none=True) for b in message.content]
            results = [
                {"type": "tool_result", "tool_use_id": b.id, "content": tools.call(b.name, b.input)}
                for b in uses
            ]
            messages += [
                {"role": "assistant", "content": content},
                {"role": "user", "content": results},
            ]
        raise RunnerFailed(f"anthropic: no answer within {limits.max_turns} turns")

    def _call(self, sdk: ModuleType, client: Any, params: dict[str, Any], limits: Limits) -> Any:
        try:
            return client.messages.create(**params)
        except sdk.APITimeoutError as exc:
            raise RunnerFailed(f"anthropic: no answer within {limits.timeout_s:g}s") from exc
        except sdk.APIConnectionError as exc:
            raise RunnerFailed(f"anthropic: cannot reach {self.base_url}") from exc
        except sdk.APIStatusError as exc:
            detail = redact(api_error_text(exc.body, exc.message), self._secrets)
            error = ModelOverloaded if exc.status_code in OVERLOADED else RunnerFailed
            raise error(f"anthropic: HTTP {exc.status_code}: {detail}") from exc


def output_schema(sdk: ModuleType, schema: type[BaseModel]) -> dict[str, Any]:
    """The mode's schema as structured outputs take it.

    Inlined first: the SDK keeps only the `$ref` of a property that refers to a
    definition (an enum such as the verdict), so its description, the one
    place that says what the field means, would not reach the model.
    """
    sent: dict[str, Any] = sdk.transform_schema(self_contained_schema(schema))
    return sent


def _reply(message: Any, usage: Usage, calls: int) -> Reply:
    text = "".join(b.text for b in message.content if getattr(b, "type", "") == "text")
    stop = _STOPS.get(message.stop_reason, Stop.DONE)
    if stop is not Stop.DONE:
        log.warning("anthropic answer stopped: %s", message.stop_reason)
    return Reply(text, usage, stop, calls)


def _shown(reply: Reply) -> str:
    """The earlier answer to show the model on a retry: none when it was cut off or refused."""
    return str(reply.payload) if reply.stop is Stop.DONE else ""


_STOPS = {"max_tokens": Stop.CUT_OFF, "refusal": Stop.REFUSED}
OVERLOADED = frozenset({429, 529})


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
