"""A scripted OpenAI-compatible Chat Completions API on loopback.

`ChatCompletionsAPI` answers `POST /v1/chat/completions` with the script's
next object for the schema the request names (see `scripted_api`),
as the message content, JSON text: what OpenAI, vLLM, llama.cpp or Ollama
send back for a `response_format` request. A wrong bearer token gets 401,
other paths 404.

As OpenAI does in strict mode, a `json_schema` response format whose schema
uses a keyword strict mode does not support (`default`, `minLength`,
`maxLength`), leaves `additionalProperties` open or a property out of
`required` is refused with a 400 naming it ("'default' is not permitted").

`tool_calls` scripts calls of the runner's read-only tools before a schema's
answer (one a turn, counted over the conversation), answered by the runner
with `role: tool` messages. `troubles` scripts what goes wrong instead of a
schema's answer, one entry per request: `refusal` (`message.refusal`),
`length` (the answer cut in half, `finish_reason: length`) or `overloaded`
(HTTP 429 after which the SDK retries) or `unavailable` (HTTP 503).

`GET /v1/models/{id}` answers the ids in `models` (`model_not_found` 404
for another); with `retrieve=False` only the list `GET /v1/models` is served,
as llama.cpp's server does.

Usage: estimated tokens, with OpenAI's automatic prompt caching simulated:
a prompt of 1024 tokens or more reads from the cache the longest prefix it
shares with an earlier prompt, in steps of 128 tokens
(`prompt_tokens_details.cached_tokens`). `expire_cache()` forgets them.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tests.e2e.runners.messages_api import ToolCall
from tests.e2e.runners.scripted_api import (
    CHARS_PER_TOKEN,
    LoopbackServer,
    Response,
    Script,
    ScriptedModel,
    shown_headers,
    tokens,
)

MIN_CACHE_TOKENS = 1024
CACHE_STEP_TOKENS = 128
KNOWN_MODELS = ("gpt-4.1", "gpt-5", "o3")


@dataclass(frozen=True)
class Completion:
    """One request and what the fake answered."""

    headers: dict[str, str]
    body: dict[str, Any]
    schema: str | None
    answer: str
    prompt_tokens: int
    cached_tokens: int
    completion_tokens: int

    @property
    def messages(self) -> list[dict[str, Any]]:
        return list(self.body.get("messages") or [])


@dataclass
class ChatCompletionsAPI(LoopbackServer):
    """A loopback Chat Completions API that answers from a `Script`."""

    script: Script
    api_key: str
    tool_calls: Mapping[str, Sequence[ToolCall]] = field(default_factory=dict)
    troubles: dict[str, list[str]] = field(default_factory=dict)
    models: tuple[str, ...] = KNOWN_MODELS
    retrieve: bool = True
    completions: list[Completion] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__()
        self._prompts: list[str] = []  # the serialised prompts seen since the cache expired
        self._ids = itertools.count(1)
        self.model = ScriptedModel(self.script)

    def __enter__(self) -> ChatCompletionsAPI:
        super().__enter__()
        return self

    def expire_cache(self) -> None:
        self._prompts.clear()

    def respond_get(self, path: str, headers: dict[str, str]) -> Response:
        if headers.get("authorization") != f"Bearer {self.api_key}":
            self.refused.append(path)
            return Response.json(401, _error("invalid_api_key", "Incorrect API key provided"))
        if path == "/v1/models":
            return Response.json(200, {"object": "list",
                                       "data": [_model(m) for m in self.models]})
        model = path.removeprefix("/v1/models/")
        if self.retrieve and path.startswith("/v1/models/") and model in self.models:
            return Response.json(200, _model(model))
        self.refused.append(path)
        if self.retrieve and path.startswith("/v1/models/"):
            return Response.json(404, _error("model_not_found",
                                             f"The model '{model}' does not exist"))
        return Response.json(404, _error("not_found", f"no route {path}"))

    def respond(self, path: str, headers: dict[str, str], body: dict[str, Any]) -> Response:
        if headers.get("authorization") != f"Bearer {self.api_key}":
            self.refused.append(path)
            return Response.json(401, _error("invalid_api_key", "Incorrect API key provided"))
        if path != "/v1/chat/completions":
            self.refused.append(path)
            return Response.json(404, _error("not_found", f"no route {path}"))
        problem = strict_problem(body.get("response_format"))
        if problem is not None:
            self.refused.append(path)
            return Response.json(400, _error(None, problem, param="response_format"))
        messages = body.get("messages") or []
        system = "\n".join(str(m.get("content")) for m in messages if m.get("role") == "system")
        turns = [str(m.get("content")) for m in messages if m.get("role") == "user"]
        schema = self.model.schema(system, turns)
        made = sum(len(m.get("tool_calls") or []) for m in messages if m.get("role") == "assistant")
        scripted = [c for c in self.tool_calls.get(schema or "", ()) if body.get("tools")]
        call = scripted[made] if made < len(scripted) else None
        trouble = None
        if schema and call is None and self.troubles.get(schema):
            trouble = self.troubles[schema].pop(0)
        if trouble == "overloaded":
            self.refused.append(path)
            return Response.json(429, _error("rate_limit_exceeded", "Rate limit reached"),
                                 **{"retry-after-ms": "10"})
        if trouble == "unavailable":
            self.refused.append(path)
            return Response.json(503, _error(None, "The server is overloaded or not ready yet."),
                                 **{"retry-after-ms": "10"})
        answer = json.dumps(self.model.answer(schema)) if schema and call is None else "OK."
        message: dict[str, Any] = {"role": "assistant", "content": answer, "refusal": None}
        finish = "stop"
        if call is not None:
            message["content"] = None
            message["tool_calls"] = [{"id": f"call_fake{made + 1:04d}", "type": "function",
                                      "function": {"name": call.name,
                                                   "arguments": json.dumps(call.input)}}]
            answer, finish = json.dumps(message["tool_calls"]), "tool_calls"
        elif trouble == "refusal":
            message["content"], message["refusal"] = None, "I'm sorry, I can't help with that."
            answer = message["refusal"]
        elif trouble == "length":
            answer = message["content"] = answer[: len(answer) // 2]
            finish = "length"
        prompt = json.dumps(messages, ensure_ascii=False)
        completion = Completion(
            shown_headers(headers), body, schema, answer,
            tokens(prompt), self._cached(prompt), tokens(answer),
        )  # fmt: skip
        self.completions.append(completion)
        return Response.json(200, _completion(next(self._ids), body, completion, message, finish))

    def _cached(self, prompt: str) -> int:
        shared = max((_shared_prefix(prompt, seen) for seen in self._prompts), default=0)
        self._prompts.append(prompt)
        cached = shared // CHARS_PER_TOKEN // CACHE_STEP_TOKENS * CACHE_STEP_TOKENS
        return cached if cached >= MIN_CACHE_TOKENS else 0


def _shared_prefix(a: str, b: str) -> int:
    """How many leading characters `a` and `b` share."""
    for index, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return index
    return min(len(a), len(b))


def _completion(number: int, body: Mapping[str, Any], done: Completion,
                message: dict[str, Any], finish: str) -> dict[str, Any]:  # fmt: skip
    return {
        "id": f"chatcmpl-fake{number:04d}",
        "object": "chat.completion",
        "created": 1_764_000_000 + number,
        "model": body.get("model", "model"),
        "choices": [
            {
                "index": 0,
                "message": message,
                "finish_reason": finish,
            }
        ],
        "usage": {
            "prompt_tokens": done.prompt_tokens,
            "completion_tokens": done.completion_tokens,
            "total_tokens": done.prompt_tokens + done.completion_tokens,
            "prompt_tokens_details": {"cached_tokens": done.cached_tokens},
        },
    }


def _model(model: str) -> dict[str, Any]:
    return {"id": model, "object": "model", "created": 1_764_000_000, "owned_by": "system"}


def _error(code: str | None, message: str, param: str | None = None) -> dict[str, Any]:
    return {"error": {"message": message, "type": "invalid_request_error", "param": param,
                      "code": code}}  # fmt: skip


STRICT_UNSUPPORTED = ("default", "minLength", "maxLength")


def strict_problem(response_format: Any) -> str | None:
    """Why OpenAI's strict mode would refuse this response format, or None."""
    if not isinstance(response_format, dict) or response_format.get("type") != "json_schema":
        return None
    spec = response_format.get("json_schema") or {}
    if not spec.get("strict"):
        return None
    found = _strict_node(spec.get("schema") or {}, "")
    if found is None:
        return None
    return f"Invalid schema for response_format '{spec.get('name')}': {found}"


def _strict_node(node: Any, where: str) -> str | None:
    if isinstance(node, list):
        return next((p for i, n in enumerate(node) if (p := _strict_node(n, where))), None)
    if not isinstance(node, dict):
        return None
    for keyword in STRICT_UNSUPPORTED:
        if keyword in node:
            return f"In context=({where}), '{keyword}' is not permitted."
    properties = node.get("properties")
    if isinstance(properties, dict):
        if node.get("additionalProperties") is not False:
            return f"In context=({where}), 'additionalProperties' is required to be false."
        if sorted(node.get("required") or []) != sorted(properties):
            return (f"In context=({where}), 'required' is required to be supplied and to be an "
                    "array including every key in properties.")  # fmt: skip
        for name, sub in properties.items():
            if found := _strict_node(sub, f"{where}, 'properties', '{name}'".lstrip(", ")):
                return found
    for key, value in node.items():
        inside = f"{where}, '{key}'".lstrip(", ")
        if key != "properties" and (found := _strict_node(value, inside)):
            return found
    return None
