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
The flow of a call (retries, tool turns, errors, sessions) is `ApiRunner`'s;
this module holds what is Chat Completions' own, and the stepping down.
"""

from __future__ import annotations

import json
import logging
import re
from enum import IntEnum
from types import ModuleType
from typing import Any, Unpack

from architect.errors import RunnerUnavailable
from architect.runners import pricing
from architect.runners.answer_json import compact_json
from architect.runners.api_runner import ApiRunner, ApiRunnerArgs, import_sdk
from architect.runners.base import ModelRequest, Usage
from architect.runners.code_tools import TOOLS, CodeTools
from architect.runners.inline_schema import self_contained_schema
from architect.runners.learned import Learned, LearnedStore
from architect.runners.model_families import chat_family
from architect.runners.retry import Reply, Stop
from architect.runners.strict_schema import response_format

log = logging.getLogger(__name__)

NAME = "openai"
DEFAULT_BASE_URL = "https://api.openai.com/v1"
NO_KEY = "not-needed"  # local servers ignore the key, the SDK insists on one
_FORMAT_WORDS = re.compile(r"response_format|json_schema|json_object|structured", re.IGNORECASE)
_TOOL_WORDS = re.compile(r"\btools?\b|tool_choice|function call", re.IGNORECASE)
_NOT_A_PARAMETER_REFUSAL = frozenset({401, 403, 404, 408, 409, 429})
DEFAULT_MAX_TOKENS = 8192


class OutputFormat(IntEnum):
    JSON_SCHEMA = 0
    JSON_OBJECT = 1
    TEXT = 2


class OpenAIRunner(ApiRunner):
    """Chat Completions against OpenAI or a local server. See the module docstring."""

    name = NAME
    no_tool_choice = "none"
    key_setting = "OPENAI_API_KEY"
    url_setting = "openai_base_url in [architect] (or OPENAI_BASE_URL; unset for OpenAI)"

    def __init__(
        self,
        *,
        base_url: str | None = None,
        temperature: float | None = 0.2,
        max_tokens: int = DEFAULT_MAX_TOKENS,
        **args: Unpack[ApiRunnerArgs],
    ) -> None:
        super().__init__(max_tokens=max_tokens, **args)
        self.base_url = base_url or self.env.get("OPENAI_BASE_URL") or None
        # The model's family says what it takes (reasoning models: max_completion_tokens and
        # the default temperature); what this server refused before, the state dir says.
        family = chat_family(self.model_name, local=self.base_url is not None)
        self.learned = LearnedStore(self.state_dir, self.server, self.model_name)
        known = self.learned.load()
        refused = known.temperature_refused or not family.temperature
        self.temperature = None if refused else temperature
        self.tokens_key = known.tokens_key or family.tokens_key
        self.use_tools = not known.tools_refused
        self.output_format = OutputFormat(min(known.output_format, OutputFormat.TEXT))

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
        import_sdk(NAME)

    def _client(self, sdk: ModuleType, timeout_s: float) -> Any:
        return sdk.OpenAI(
            api_key=self.api_key,
            base_url=self.server,
            max_retries=self.max_retries,
            timeout=timeout_s,
        )

    def _create(self, client: Any, params: dict[str, Any]) -> Any:
        return client.chat.completions.create(**params)

    def _offers_tools(self, tools: CodeTools | None) -> bool:
        return tools is not None and self.use_tools

    def _system_turns(self, request: ModelRequest[Any]) -> list[dict[str, Any]]:
        system = f"{request.system}\n\n{request.context}" if request.context else request.system
        return [{"role": "system", "content": system}]

    def _prompt(self, request: ModelRequest[Any], tools: CodeTools | None) -> str:
        text = request.prompt_for(self._offers_tools(tools))
        if self.output_format is OutputFormat.JSON_SCHEMA:
            return text
        schema = compact_json(self_contained_schema(request.schema))
        return (
            f"{text}\n\nAnswer with one JSON object that follows this JSON Schema, "
            f"and nothing else:\n{schema}"
        )

    def _params(
        self, sdk: ModuleType, request: ModelRequest[Any], tools: CodeTools | None, room: int
    ) -> dict[str, Any]:
        params: dict[str, Any] = {"model": self.model_name, self.tokens_key: room}
        if self.output_format is OutputFormat.JSON_SCHEMA:
            params["response_format"] = response_format(request.schema)
        elif self.output_format is OutputFormat.JSON_OBJECT:
            params["response_format"] = {"type": "json_object"}
        if self.temperature is not None:
            params["temperature"] = self.temperature
        if self._offers_tools(tools):
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

    def _tool_turns(self, response: Any, tools: CodeTools) -> list[dict[str, Any]]:
        choice = _choice(response)
        calls = list(getattr(choice.message, "tool_calls", None) or []) if choice else []
        if choice is None or not calls:
            return []
        return [
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

    def _reply(self, response: Any, usage: Usage, calls: int) -> Reply:
        choice = _choice(response)
        if choice is None:
            return Reply("", usage, Stop.DONE, calls)
        refusal = getattr(choice.message, "refusal", None)
        if refusal or choice.finish_reason == "content_filter":
            log.warning("openai answer refused: %s", choice.finish_reason)
            said = refusal or "the provider's content filter stopped the answer"
            return Reply(said, usage, Stop.REFUSED, calls)
        stop = Stop.CUT_OFF if choice.finish_reason == "length" else Stop.DONE
        if stop is Stop.CUT_OFF:
            log.warning("openai answer cut off at the token limit")
        return Reply(choice.message.content or "", usage, stop, calls)

    def _usage(self, response: Any) -> Usage:
        usage = response.usage
        if usage is None:
            return Usage()
        prompt = int(usage.prompt_tokens or 0)
        out = int(usage.completion_tokens or 0)
        details = getattr(usage, "prompt_tokens_details", None)
        cached = int(getattr(details, "cached_tokens", 0) or 0)
        cost = pricing.cost_usd(
            self.model_name,
            input_tokens=prompt - cached,
            output_tokens=out,
            cache_read_tokens=cached,
        )
        return Usage(prompt, out, cost)

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
        self.learned.save(
            Learned(
                server=self.server, model=self.model_name,
                temperature_refused=self.temperature is None,
                tokens_key=self.tokens_key, tools_refused=not self.use_tools,
                output_format=int(self.output_format),
            )
        )  # fmt: skip
        return True


def _run_tool(tools: CodeTools, call: Any) -> str:
    try:
        arguments = json.loads(call.function.arguments or "{}")
    except json.JSONDecodeError as exc:
        return f"error: the arguments are not JSON: {exc}"
    if not isinstance(arguments, dict):
        return "error: the arguments must be a JSON object"
    return tools.call(call.function.name, arguments)


def _choice(completion: Any) -> Any:
    return completion.choices[0] if completion.choices else None
