"""The `openai` runner: any OpenAI-compatible Chat Completions endpoint.

OpenAI itself, or a local server (Ollama, llama.cpp, vLLM, LM Studio) named
by `openai_base_url` / `OPENAI_BASE_URL`. Output is asked for in the
strongest form the server accepts, stepping down when it refuses one with a
4xx that names the response format:

1. `response_format: json_schema` (strict) with the mode's schema;
2. `response_format: json_object`, the schema written into the prompt;
3. plain text, the schema in the prompt, the JSON cut out of the answer
   (code fences and `<think>` blocks stripped).

The runner remembers the step a server needed. Our own validation runs in
every case. Temperature is explicit (0.2): local servers' defaults vary; a
server that refuses it (reasoning models) gets its default instead.
The PR's message history is its session file, as for the anthropic runner.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping
from enum import IntEnum
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

from pydantic import BaseModel

from architect.errors import ModelOverloaded, RunnerFailed, RunnerUnavailable
from architect.redaction import redact, secret_values
from architect.runners import pricing
from architect.runners.answer_json import compact_json
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
from architect.runners.strict_schema import response_format

T = TypeVar("T", bound=BaseModel)
log = logging.getLogger(__name__)

NAME = "openai"
DEFAULT_BASE_URL = "https://api.openai.com/v1"
NO_KEY = "not-needed"  # local servers ignore the key, the SDK insists on one
_FORMAT_WORDS = re.compile(r"response_format|json_schema|json_object|structured", re.IGNORECASE)
_TOOL_WORDS = re.compile(r"\btools?\b|tool_choice|function call", re.IGNORECASE)
_NOT_A_PARAMETER_REFUSAL = frozenset({401, 403, 404, 408, 409, 429})
OVERLOADED = frozenset({429, 529})
DEFAULT_MAX_TOKENS = 8192


class OutputFormat(IntEnum):
    JSON_SCHEMA = 0
    JSON_OBJECT = 1
    TEXT = 2


def import_sdk() -> ModuleType:
    try:
        import openai
    except ImportError as exc:
        raise RunnerUnavailable(
            "the openai runner needs the `openai` package: pip install 'architect[openai]'"
        ) from exc
    return openai


class OpenAIRunner:
    """Chat Completions against OpenAI or a local server. See the module docstring."""

    name = NAME

    def __init__(
        self,
        *,
        model_name: str,
        state_dir: Path,
        project: str,
        env: Mapping[str, str],
        base_url: str | None = None,
        repo_root: Path | None = None,
        limits_cap: Limits | None = None,
        max_retries: int = 2,
        temperature: float | None = 0.2,
        max_tokens: int = DEFAULT_MAX_TOKENS,
    ) -> None:
        self.model_name = model_name
        self.env = dict(env)
        self.base_url = base_url or self.env.get("OPENAI_BASE_URL") or None
        self.state_dir = Path(state_dir)
        self.project = project
        self.repo_root = repo_root
        self.limits_cap = limits_cap
        self.max_retries = max_retries
        self.temperature = temperature
        self.max_tokens = max_tokens
        # OpenAI itself wants max_completion_tokens (reasoning models refuse max_tokens);
        # the local servers all read max_tokens.
        self.tokens_key = "max_tokens" if self.base_url else "max_completion_tokens"
        self.use_tools = True
        # What the server refused is remembered for this runner, that is for this server only.
        self.output_format = OutputFormat.JSON_SCHEMA
        self.sessions = SessionStore(self.state_dir, project)
        self._secrets = secret_values(self.env)

    @property
    def api_key(self) -> str | None:
        return self.env.get("OPENAI_API_KEY") or (NO_KEY if self.base_url else None)

    @property
    def server(self) -> str:
        return self.base_url or DEFAULT_BASE_URL

    def check_ready(self) -> None:
        if self.api_key is None:
            raise RunnerUnavailable(
                "OPENAI_API_KEY is not set: set it for OpenAI, or set the base URL "
                "(openai_base_url in [architect], or OPENAI_BASE_URL) for a local server"
            )
        if not self.model_name:
            raise RunnerUnavailable("[architect] model_name is empty: name the model to ask")
        import_sdk()

    def drop_session(self, session_key: str) -> None:
        self.sessions.drop(session_key)

    def run(self, request: ModelRequest[T]) -> ModelResult[T]:
        self.check_ready()
        sdk = import_sdk()
        limits = cap_limits(request.limits, self.limits_cap)
        with (
            sdk.OpenAI(
                api_key=self.api_key,
                base_url=self.server,
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
        system = f"{request.system}\n\n{request.context}" if request.context else request.system
        prompt = request.prompt
        last = Reply("", Usage())

        def ask(correction: str | None) -> Reply:
            nonlocal last, prompt
            room = self.max_tokens * (2 if last.stop is Stop.CUT_OFF else 1)
            while True:
                prompt = self._prompt(request, tools)
                shown = str(last.payload) if last.stop is Stop.DONE else ""
                retry = None if correction is None else (shown, correction)
                turns = [{"role": "system", "content": system}, *talk.messages(prompt, retry)]
                try:
                    last = self._exchange(sdk, client, request, turns, limits, tools, room)
                except _RefusedParameterError:
                    continue
                talk.charge(last.usage, last.calls)
                return last

        output, usage, answer = answer_with_retry(request.schema, ask)
        talk.keep(prompt, answer)
        stateful = request.mode in STARTS | CONTINUES
        return ModelResult(
            output, usage, request.session_key if stateful else None, talk.calls
        )

    def _prompt(self, request: ModelRequest[Any], tools: CodeTools | None) -> str:
        text = request.prompt_for(tools is not None and self.use_tools)
        if self.output_format is OutputFormat.JSON_SCHEMA:
            return text
        schema = compact_json(self_contained_schema(request.schema))
        return (
            f"{text}\n\nAnswer with one JSON object that follows this JSON Schema, "
            f"and nothing else:\n{schema}"
        )

    def _params(
        self, request: ModelRequest[Any], tools: CodeTools | None, room: int
    ) -> dict[str, Any]:
        params: dict[str, Any] = {"model": self.model_name, self.tokens_key: room}
        if self.output_format is OutputFormat.JSON_SCHEMA:
            params["response_format"] = response_format(request.schema)
        elif self.output_format is OutputFormat.JSON_OBJECT:
            params["response_format"] = {"type": "json_object"}
        if self.temperature is not None:
            params["temperature"] = self.temperature
        if tools is not None and self.use_tools:
            params["tools"] = [
                {
                    "type": "function",
                    "function": {
                        "name": t.name,
                        "description": t.description,
                        "parameters": t.parameters,
                        "strict": True,
                    },
                }
                for t in TOOLS
            ]
        return params

    def _exchange(
        self,
        sdk: ModuleType,
        client: Any,
        request: ModelRequest[Any],
        turns: list[dict[str, Any]],
        limits: Limits,
        tools: CodeTools | None,
        room: int,
    ) -> Reply:
        """One answer, after as many tool calls as `max_turns` allows."""
        params = self._params(request, tools, room)
        usage = Usage()
        for turn in range(1, limits.max_turns + 1):
            if "tools" in params and turn == limits.max_turns:
                params["tool_choice"] = "none"
            completion = self._call(sdk, client, {**params, "messages": turns}, limits)
            usage = usage + _usage(self.model_name, completion.usage)
            choice = completion.choices[0] if completion.choices else None
            calls = list(getattr(choice.message, "tool_calls", None) or []) if choice else []
            if choice is None or not calls or tools is None:
                return _reply(choice, usage, turn)
            turns = [
                *turns,
                {
                    "role": "assistant",
                    "content": choice.message.content,
                    "tool_calls": [c.model_dump(mode="json", exclude_none=True) for c in calls],
                },
                *(
                    {"role": "tool", "tool_call_id": c.id, "content": _run_tool(tools, c)}
                    for c in calls
                ),
            ]
        raise RunnerFailed(f"openai: no answer within {limits.max_turns} turns")

    def _call(self, sdk: ModuleType, client: Any, params: dict[str, Any], limits: Limits) -> Any:
        try:
            return client.chat.completions.create(**params)
        except sdk.APITimeoutError as exc:
            raise RunnerFailed(f"openai: no answer within {limits.timeout_s:g}s") from exc
        except sdk.APIConnectionError as exc:
            raise RunnerFailed(f"openai: cannot reach {self.server}") from exc
        except sdk.APIStatusError as exc:
            detail = redact(api_error_text(exc.body, exc.message), self._secrets)
            if self._adapt(exc.status_code, detail):
                raise _RefusedParameterError from exc
            error = ModelOverloaded if exc.status_code in OVERLOADED else RunnerFailed
            raise error(f"openai: HTTP {exc.status_code}: {detail}") from exc

    def _adapt(self, status: int, detail: str) -> bool:
        """Drop what the server refused: a parameter, the tools, or a response format.

        Reasoning models take no temperature but the default, nor
        `max_tokens`; many local servers take no `json_schema` or no tools.
        The runner remembers what it dropped, and says so with the server's words.
        """
        if not 400 <= status < 500 or status in _NOT_A_PARAMETER_REFUSAL:
            return False
        lowered = detail.lower()
        if self.temperature is not None and "temperature" in lowered:
            self.temperature = None
            dropped = "the temperature (using its default)"
        elif self.tokens_key == "max_tokens" and "max_tokens" in lowered:
            self.tokens_key = "max_completion_tokens"
            dropped = "max_tokens (sending max_completion_tokens)"
        elif self.use_tools and _TOOL_WORDS.search(detail):
            self.use_tools = False
            dropped = "the code tools (the code map in the context stays)"
        elif _FORMAT_WORDS.search(detail) and self.output_format is not OutputFormat.TEXT:
            self.output_format = OutputFormat(self.output_format + 1)
            dropped = f"the response format (using {self.output_format.name.lower()})"
        else:
            return False
        log.warning("%s refused %s: %s", self.server, dropped, detail)
        return True


def _run_tool(tools: CodeTools, call: Any) -> str:
    try:
        arguments = json.loads(call.function.arguments or "{}")
    except json.JSONDecodeError as exc:
        return f"error: the arguments are not JSON: {exc}"
    if not isinstance(arguments, dict):
        return "error: the arguments must be a JSON object"
    return tools.call(call.function.name, arguments)


def _reply(choice: Any, usage: Usage, calls: int) -> Reply:
    if choice is None:
        return Reply("", usage, Stop.DONE, calls)
    refusal = getattr(choice.message, "refusal", None)
    if refusal or choice.finish_reason == "content_filter":
        log.warning("openai answer refused: %s", choice.finish_reason)
        return Reply(refusal or "", usage, Stop.REFUSED, calls)
    stop = Stop.CUT_OFF if choice.finish_reason == "length" else Stop.DONE
    if stop is Stop.CUT_OFF:
        log.warning("openai answer cut off at the token limit")
    return Reply(choice.message.content or "", usage, stop, calls)


class _RefusedParameterError(Exception):
    """The server refused a parameter; the runner dropped it, try again."""


def _usage(model: str, usage: Any) -> Usage:
    if usage is None:
        return Usage()
    prompt = int(usage.prompt_tokens or 0)
    out = int(usage.completion_tokens or 0)
    details = getattr(usage, "prompt_tokens_details", None)
    cached = int(getattr(details, "cached_tokens", 0) or 0)
    cost = pricing.cost_usd(
        model, input_tokens=prompt - cached, output_tokens=out, cache_read_tokens=cached
    )
    return Usage(prompt, out, cost)
