"""A scripted OpenAI-compatible Chat Completions API on loopback.

`ChatCompletionsAPI` answers `POST /v1/chat/completions` with the script's
next object for the schema the request names (see `scripted_api`),
as the message content, JSON text: what OpenAI, vLLM, llama.cpp or Ollama
send back for a `response_format` request. A wrong bearer token gets 401,
other paths 404.

Usage: estimated tokens, with OpenAI's automatic prompt caching simulated:
a prompt of 1024 tokens or more reads from the cache the longest prefix it
shares with an earlier prompt, in steps of 128 tokens
(`prompt_tokens_details.cached_tokens`). `expire_cache()` forgets them.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tests.runners_e2e.scripted_api import (
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

    def respond(self, path: str, headers: dict[str, str], body: dict[str, Any]) -> Response:
        if headers.get("authorization") != f"Bearer {self.api_key}":
            self.refused.append(path)
            return Response.json(401, _error("invalid_api_key", "Incorrect API key provided"))
        if path != "/v1/chat/completions":
            self.refused.append(path)
            return Response.json(404, _error("not_found", f"no route {path}"))
        messages = body.get("messages") or []
        system = "\n".join(str(m.get("content")) for m in messages if m.get("role") == "system")
        turns = [str(m.get("content")) for m in messages if m.get("role") == "user"]
        schema = self.model.schema(system, turns)
        answer = json.dumps(self.model.answer(schema)) if schema else "OK."
        prompt = json.dumps(messages, ensure_ascii=False)
        completion = Completion(
            shown_headers(headers), body, schema, answer,
            tokens(prompt), self._cached(prompt), tokens(answer),
        )  # fmt: skip
        self.completions.append(completion)
        return Response.json(200, _completion(next(self._ids), body, completion))

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


def _completion(number: int, body: Mapping[str, Any], done: Completion) -> dict[str, Any]:
    return {
        "id": f"chatcmpl-fake{number:04d}",
        "object": "chat.completion",
        "created": 1_764_000_000 + number,
        "model": body.get("model", "model"),
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": done.answer, "refusal": None},
                "finish_reason": "stop",
            }
        ],
        "usage": {
            "prompt_tokens": done.prompt_tokens,
            "completion_tokens": done.completion_tokens,
            "total_tokens": done.prompt_tokens + done.completion_tokens,
            "prompt_tokens_details": {"cached_tokens": done.cached_tokens},
        },
    }


def _error(code: str, message: str) -> dict[str, Any]:
    return {"error": {"message": message, "type": "invalid_request_error", "code": code}}
