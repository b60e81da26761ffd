"""The `openai` runner: any OpenAI-compatible Chat Completions endpoint.

OpenAI itself, or a local server (Ollama, llama.cpp, vLLM, LM Studio) named
by `openai_base_url` / `OPENAI_BASE_URL`. Output is asked for in the
strongest form the server takes, one rung of a ladder down each time it
refuses one (a 4xx, or a 5xx as llama-cpp-python answers a body it cannot
read, naming the response format), with no retry of the refused form:

1. `json_schema`, strict, in the subset OpenAI's Structured Outputs take;
2. `json_schema`, not strict, the whole schema (vLLM, Ollama, llama.cpp's server);
3. `json_object` with a `schema` member (llama-cpp-python, turned into a grammar);
4. `json_object`;
5. plain text, the JSON cut out of the answer (code fences and `<think>` stripped).

From the third rung on the schema is in the prompt too; every schema sent is
self-contained (`$ref`s inlined: grammar builders follow none). The rung a
server needed, and whether it took the tools, are remembered per base URL and
model (`learned`). Our own validation runs in every case.

Each mode has its own output limit, sized to what its schema needs: a small
model that loops inside a grammar stops there, and an answer that repeats the
same span is told as `Stop.LOOPED`, like one cut at the limit.
Temperature is explicit (0.2): local servers' defaults vary; a server that
refuses it (reasoning models) gets its default instead.
The PR's message history is its session file, as for the anthropic runner.
The flow of a call (the wall clock, retries, tool turns, errors, sessions) is
`ApiRunner`'s; this module holds what is Chat Completions' own, and the ladder.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping
from enum import IntEnum
from types import MappingProxyType, ModuleType
from typing import Any, Unpack

from pydantic import BaseModel

from architect.errors import RunnerUnavailable
from architect.runners import pricing
from architect.runners.answer_json import compact_json, looping
from architect.runners.api_runner import ApiRunner, ApiRunnerArgs, import_sdk
from architect.runners.base import Mode, ModelRequest, Usage
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
_FORMAT_WORDS = re.compile(
    r"response_format|json_schema|json_object|structured|\bschema\b|\bstrict\b", re.IGNORECASE
)
_TOOL_WORDS = re.compile(r"\btools?\b|tool_choice|function call", re.IGNORECASE)
_NOT_A_PARAMETER_REFUSAL = frozenset({401, 403, 404, 408, 409, 429})
# The output tokens a mode's answer needs, with room to spare: a pitch is seven short
# texts; a round of questions at most five forks of four options; a filing a few
# sub-issues with their criteria. A model that loops is stopped there, not at 8k.
MODE_TOKENS: Mapping[Mode, int] = MappingProxyType({
    Mode.PITCH: 2048, Mode.REVISE: 2048, Mode.QUESTIONS: 3072, Mode.ANSWERS: 3072,
    Mode.FILE: 6144, Mode.DIGEST: 2048, Mode.REPLAN: 4096,
})  # fmt: skip
OTHER_MODE_TOKENS = 3072
# A reasoning model spends `max_completion_tokens` on its reasoning before the answer.
REASONING_TOKENS = 8192


class OutputFormat(IntEnum):
    """The ladder's rungs, strongest first. See the module docstring."""

    JSON_SCHEMA_STRICT = 0
    JSON_SCHEMA = 1
    JSON_OBJECT_SCHEMA = 2
    JSON_OBJECT = 3
    TEXT = 4

    @property
    def said(self) -> str:
        """The rung as the log names it: the form on the wire."""
        return _SAID[self]


_SAID = {
    OutputFormat.JSON_SCHEMA_STRICT: "json_schema, strict",
    OutputFormat.JSON_SCHEMA: "json_schema, not strict",
    OutputFormat.JSON_OBJECT_SCHEMA: "json_object with the schema",
    OutputFormat.JSON_OBJECT: "json_object, the schema in the prompt",
    OutputFormat.TEXT: "plain text, the schema in the prompt",
}


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
        max_tokens: int | None = None,
        **args: Unpack[ApiRunnerArgs],
    ) -> None:
        # `max_tokens` set: every mode's limit; unset: each mode's own (`MODE_TOKENS`).
        super().__init__(max_tokens=max_tokens or 0, **args)
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
        self.output_format = OutputFormat(min(known.format_rung, OutputFormat.TEXT))

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
            max_retries=0,  # retried by `ApiRunner._call`, within model_timeout
            timeout=timeout_s,
        )

    def _create(self, client: Any, params: dict[str, Any]) -> Any:
        return client.chat.completions.create(**params)

    def _offers_tools(self, tools: CodeTools | None) -> bool:
        # A grammar (llama-cpp-python's json_object with a schema) forces the answer's JSON
        # from the first token: the model could call no tool, so none is offered there.
        grammar = self.output_format is OutputFormat.JSON_OBJECT_SCHEMA
        return tools is not None and self.use_tools and not grammar

    def _room(self, request: ModelRequest[Any]) -> int:
        room = self.max_tokens or MODE_TOKENS.get(request.mode, OTHER_MODE_TOKENS)
        reasoning = self.tokens_key == "max_completion_tokens"
        return room + (REASONING_TOKENS if reasoning and not self.max_tokens else 0)

    def _system_turns(self, request: ModelRequest[Any]) -> list[dict[str, Any]]:
        system = f"{request.system}\n\n{request.context}" if request.context else request.system
        return [{"role": "system", "content": system}]

    def _prompt(self, request: ModelRequest[Any], tools: CodeTools | None) -> str:
        text = request.prompt_for(self._offers_tools(tools))
        if self.output_format < OutputFormat.JSON_OBJECT_SCHEMA:
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
        shape = _response_format(self.output_format, request.schema)
        if shape is not None:
            params["response_format"] = shape
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
        text = choice.message.content or ""
        if looping(text):
            log.warning("openai answer looped: the same text over and over (%s)",
                        choice.finish_reason)  # fmt: skip
            return Reply(text, usage, Stop.LOOPED, calls)
        stop = Stop.CUT_OFF if choice.finish_reason == "length" else Stop.DONE
        if stop is Stop.CUT_OFF:
            log.warning("openai answer cut off at the token limit")
        return Reply(text, usage, stop, calls)

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
        A refusal is a 4xx, or a 5xx that names what it refused (llama-cpp-python
        answers a request its types do not take with HTTP 500 and pydantic's words).
        The runner remembers what it dropped, and says so with the server's words.
        """
        if status in _NOT_A_PARAMETER_REFUSAL or not 400 <= status < 600:
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
            dropped = f"the response format (using {self.output_format.said})"
        else:
            return False
        log.warning("%s refused %s: %s", self.server, dropped, detail)
        self.learned.save(
            Learned(
                server=self.server, model=self.model_name,
                temperature_refused=self.temperature is None,
                tokens_key=self.tokens_key, tools_refused=not self.use_tools,
                format_rung=int(self.output_format),
            )
        )  # fmt: skip
        return True


def _response_format(rung: OutputFormat, schema: type[BaseModel]) -> dict[str, Any] | None:
    """The `response_format` of a rung of the ladder; `None` for plain text."""
    if rung is OutputFormat.JSON_SCHEMA_STRICT:
        return response_format(schema)
    whole = self_contained_schema(schema)
    if rung is OutputFormat.JSON_SCHEMA:
        return {
            "type": "json_schema",
            "json_schema": {"name": schema.__name__, "schema": whole, "strict": False},
        }
    if rung is OutputFormat.JSON_OBJECT_SCHEMA:
        return {"type": "json_object", "schema": whole}
    if rung is OutputFormat.JSON_OBJECT:
        return {"type": "json_object"}
    return None


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
