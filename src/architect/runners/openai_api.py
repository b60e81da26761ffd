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

import logging
import re
from collections.abc import Mapping
from enum import IntEnum
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
    compact_json,
    redact,
    secret_values,
    self_contained_schema,
)

T = TypeVar("T", bound=BaseModel)
log = logging.getLogger(__name__)

NAME = "openai"
DEFAULT_BASE_URL = "https://api.openai.com/v1"
NO_KEY = "not-needed"  # local servers ignore the key, the SDK insists on one
_FORMAT_WORDS = re.compile(r"response_format|json_schema|json_object|structured", re.IGNORECASE)
_NOT_A_PARAMETER_REFUSAL = frozenset({401, 403, 404, 408, 409, 429})


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
        limits_cap: Limits | None = None,
        max_retries: int = 2,
        temperature: float | None = 0.2,
    ) -> None:
        self.model_name = model_name
        self.env = dict(env)
        self.base_url = base_url or self.env.get("OPENAI_BASE_URL") or None
        self.limits_cap = limits_cap
        self.max_retries = max_retries
        self.temperature = temperature
        self.output_format = OutputFormat.JSON_SCHEMA
        self.sessions = SessionStore(Path(state_dir), project)
        self._secrets = secret_values(self.env)

    @property
    def api_key(self) -> str | None:
        return self.env.get("OPENAI_API_KEY") or (NO_KEY if self.base_url else None)

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
        with sdk.OpenAI(
            api_key=self.api_key,
            base_url=self.base_url or DEFAULT_BASE_URL,
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
        system = f"{request.system}\n\n{request.context}" if request.context else request.system
        prompt = request.prompt
        last = ""

        def ask(correction: str | None) -> Reply:
            nonlocal last, prompt
            while True:
                prompt = self._prompt(request)
                retry = None if correction is None else (last, correction)
                turns = [{"role": "system", "content": system}, *talk.messages(prompt, retry)]
                try:
                    reply = self._call(sdk, client, request, turns, limits)
                except _RefusedParameterError:
                    continue
                talk.charge(reply.usage)
                last = reply.payload
                return reply

        output, usage, answer = answer_with_retry(request.schema, ask)
        talk.keep(prompt, answer)
        stateful = request.mode in STARTS | CONTINUES
        return ModelResult(output, usage, request.session_key if stateful else None)

    def _prompt(self, request: ModelRequest[Any]) -> str:
        if self.output_format is OutputFormat.JSON_SCHEMA:
            return request.prompt
        schema = compact_json(self_contained_schema(request.schema))
        return (
            f"{request.prompt}\n\nAnswer with one JSON object that follows this JSON Schema, "
            f"and nothing else:\n{schema}"
        )

    def _response_format(self, schema: type[BaseModel]) -> dict[str, Any]:
        if self.output_format is OutputFormat.JSON_SCHEMA:
            from openai.lib import type_to_response_format_param

            converted: Any = type_to_response_format_param(schema)
            return dict(converted)
        if self.output_format is OutputFormat.JSON_OBJECT:
            return {"type": "json_object"}
        return {}

    def _call(
        self,
        sdk: ModuleType,
        client: Any,
        request: ModelRequest[Any],
        turns: list[dict[str, Any]],
        limits: Limits,
    ) -> Reply:
        extra: dict[str, Any] = {}
        if response_format := self._response_format(request.schema):
            extra["response_format"] = response_format
        if self.temperature is not None:
            extra["temperature"] = self.temperature
        try:
            completion = client.chat.completions.create(
                model=self.model_name, messages=turns, **extra
            )
        except sdk.APITimeoutError as exc:
            raise RunnerFailed(f"openai: no answer within {limits.timeout_s:g}s") from exc
        except sdk.APIConnectionError as exc:
            raise RunnerFailed(f"openai: cannot reach {self.base_url or DEFAULT_BASE_URL}") from exc
        except sdk.APIStatusError as exc:
            detail = redact(api_error_text(exc.body, exc.message), self._secrets)
            if self._adapt(exc.status_code, detail):
                raise _RefusedParameterError from exc
            raise RunnerFailed(f"openai: HTTP {exc.status_code}: {detail}") from exc
        choice = completion.choices[0] if completion.choices else None
        text = (choice.message.content if choice else None) or ""
        return Reply(text, _usage(self.model_name, completion.usage))

    def _adapt(self, status: int, detail: str) -> bool:
        """Drop what the server refused: a response format, or the temperature.

        Reasoning models take no temperature but the default; many local
        servers take no `json_schema`. The runner remembers what it dropped.
        """
        if not 400 <= status < 500 or status in _NOT_A_PARAMETER_REFUSAL:
            return False
        if self.temperature is not None and "temperature" in detail.lower():
            log.warning("the server refused the temperature (%s); using its default", detail[:120])
            self.temperature = None
            return True
        if not _FORMAT_WORDS.search(detail) or self.output_format is OutputFormat.TEXT:
            return False
        self.output_format = OutputFormat(self.output_format + 1)
        log.warning(
            "the server refused the response format (%s); using %s",
            detail[:120],
            self.output_format.name.lower(),
        )
        return True


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
