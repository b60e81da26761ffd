"""A scripted Anthropic Messages API on loopback, good enough for the real Claude Code CLI.

`MessagesAPI` answers `POST /v1/messages`, streamed (server-sent events, as
Claude Code asks) or not (as the `anthropic` SDK asks by default), and
`POST /v1/messages/count_tokens`; other paths get 404, a wrong key 401.

The answer is the script's next object for the schema the request names
(see `scripted_api`):

- when the request offers Claude Code's structured-output tool (the CLI adds
  `StructuredOutput`, whose input schema is the `--json-schema`), as a
  `tool_use` of that tool, the way the CLI asks the model to answer;
- else as a text block holding the JSON (the SDK's `output_config.format`).

Before answering, a schema may first make *tool calls* (`Read`, `Glob`, …)
when the request offers those tools: one a turn, each answered by the CLI
with a `tool_result` in the next request. `{cwd}` in a call's input is
replaced by the working directory the CLI reports in its environment
message. Calls are counted over the whole history, so script them only for
a mode that starts a fresh conversation (the pitch).

The SDK runner's own read-only tools (`list_files`, `read_file`, `search`)
are scripted the same way, and answered by the runner with `tool_result`
blocks.

`troubles` scripts what goes wrong before a schema's answer, one entry per
request asking for it, in order: `refusal` (`stop_reason: refusal` with `stop_details`),
`max_tokens` (the answer cut in half, `stop_reason: max_tokens`),
`overloaded` (HTTP 529 `overloaded_error`, as the API says when busy) or `runaway`
(no answer for `RUNAWAY_S` seconds, as a small model that writes on without end:
past a short `model_timeout`).

A request naming no known schema (a side request of the CLI) gets "OK.".

`GET /v1/models/{id}` and `GET /v1/models` answer as the Models API does
(free, no tokens): the ids in `models`, a 404 `not_found_error` for another.

Usage: estimated tokens (`scripted_api.tokens`), with prompt caching
simulated as the API documents it: the prefix order is tools, system,
messages; each `cache_control` breakpoint caches the prefix up to it once it
reaches 1024 tokens; a request reads the longest prefix cached before.
`expire_cache()` forgets the cache, as its 5-minute lifetime does between
two ticks hours apart.

Every exchange is kept in `exchanges`: what the client sent (headers, with
the key shown as `[set]`, and body) and what came back.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tests.e2e.runners.scripted_api import (
    LoopbackServer,
    Response,
    Script,
    ScriptedModel,
    shown_headers,
    tokens,
)

STRUCTURED_OUTPUT_TOOL = "StructuredOutput"  # Claude Code 2.1.x's tool for --json-schema
MIN_CACHE_TOKENS = 1024
# A refusal's `stop_details.explanation` (the SDK's `RefusalStopDetails`).
REFUSED = "The request touches an area the model declines."
KNOWN_MODELS = ("claude-opus-5-5", "claude-sonnet-5-5", "claude-fable-5-1", "claude-haiku-4-5")
_CWD = re.compile(r"Primary working directory: (\S+)")


@dataclass(frozen=True)
class ToolCall:
    name: str
    input: Mapping[str, Any]


@dataclass(frozen=True)
class Usage:
    input_tokens: int
    output_tokens: int
    cache_creation_input_tokens: int = 0
    cache_read_input_tokens: int = 0

    def as_json(self) -> dict[str, int]:
        return {
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
            "cache_creation_input_tokens": self.cache_creation_input_tokens,
            "cache_read_input_tokens": self.cache_read_input_tokens,
        }

    @property
    def prompt_tokens(self) -> int:
        return self.input_tokens + self.cache_creation_input_tokens + self.cache_read_input_tokens


@dataclass(frozen=True)
class Exchange:
    """One request and what the fake answered."""

    headers: dict[str, str]
    body: dict[str, Any]
    schema: str | None  # the schema the request asked for
    content: list[dict[str, Any]]  # the answer's content blocks
    stop_reason: str
    usage: Usage

    @property
    def system_text(self) -> str:
        return system_text(self.body)

    @property
    def tool_names(self) -> list[str]:
        return [str(t.get("name")) for t in self.body.get("tools") or []]

    def tool(self, name: str) -> dict[str, Any] | None:
        return next((t for t in self.body.get("tools") or [] if t.get("name") == name), None)

    @property
    def answered_with(self) -> str:
        """`tool_use:<name>` or `text`: how this answer was given."""
        block = self.content[-1]
        return f"tool_use:{block['name']}" if block["type"] == "tool_use" else "text"

    def tool_results(self) -> list[dict[str, Any]]:
        """The `tool_result` blocks the client sent back, oldest first."""
        return [
            block
            for message in self.body.get("messages") or []
            if isinstance(message.get("content"), list)
            for block in message["content"]
            if isinstance(block, dict) and block.get("type") == "tool_result"
        ]


def system_text(body: Mapping[str, Any]) -> str:
    system = body.get("system") or ""
    if isinstance(system, str):
        return system
    return "\n".join(str(b.get("text", "")) for b in system if isinstance(b, dict))


def text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    return "\n".join(
        str(b.get("text", ""))
        for b in content or []
        if isinstance(b, dict) and b.get("type") == "text"
    )


class PromptCache:
    """Which prompt prefixes are cached, from the breakpoints of earlier requests."""

    def __init__(self, min_tokens: int = MIN_CACHE_TOKENS) -> None:
        self.min_tokens = min_tokens
        self._cached: set[str] = set()

    def expire(self) -> None:
        self._cached.clear()

    def usage(self, body: Mapping[str, Any], output_tokens: int) -> Usage:
        """The usage of one request; caches the prefixes at its breakpoints."""
        digest = hashlib.sha256()
        prefixes: list[tuple[str, int, bool]] = []  # (hash, tokens so far, breakpoint)
        total = 0
        for block, breakpoint in _blocks(body):
            digest.update(json.dumps(block, sort_keys=True).encode())
            total += tokens(block)
            prefixes.append((digest.hexdigest(), total, breakpoint))
        marks = [(h, n) for h, n, mark in prefixes if mark and n >= self.min_tokens]
        read = max((n for h, n, _ in prefixes if h in self._cached), default=0)
        self._cached.update(h for h, _ in marks)
        written = max(marks[-1][1] - read, 0) if marks else 0
        return Usage(total - read - written, output_tokens, written, read)


def _blocks(body: Mapping[str, Any]) -> list[tuple[Any, bool]]:
    """The request as blocks in prefix order, each with its breakpoint flag."""
    out = [_plain(tool) for tool in body.get("tools") or []]
    system = body.get("system") or []
    out += [_plain(b) for b in ([{"type": "text", "text": system}] if isinstance(system, str)
                                else system)]  # fmt: skip
    for message in body.get("messages") or []:
        content = message.get("content")
        if isinstance(content, str):
            content = [{"type": "text", "text": content}]
        for block in content or []:
            plain, mark = _plain(block)
            out.append(({"role": message.get("role"), "block": plain}, mark))
    return out


def _plain(block: Any) -> tuple[Any, bool]:
    if not isinstance(block, dict):
        return block, False
    return {k: v for k, v in block.items() if k != "cache_control"}, "cache_control" in block


RUNAWAY_S = 3.0


@dataclass
class MessagesAPI(LoopbackServer):
    """A loopback Messages API that answers from a `Script`. See the module docstring."""

    script: Script
    api_key: str
    tool_calls: Mapping[str, Sequence[ToolCall]] = field(default_factory=dict)
    troubles: dict[str, list[str]] = field(default_factory=dict)
    min_cache_tokens: int = MIN_CACHE_TOKENS
    models: tuple[str, ...] = KNOWN_MODELS
    exchanges: list[Exchange] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)  # paths answered 401/404

    def __post_init__(self) -> None:
        super().__init__()
        self.cache = PromptCache(self.min_cache_tokens)
        self.model = ScriptedModel(self.script)
        self._ids = itertools.count(1)

    def __enter__(self) -> MessagesAPI:
        super().__enter__()
        return self

    def expire_cache(self) -> None:
        self.cache.expire()

    def model_calls(self) -> list[Exchange]:
        """The exchanges that asked for one of the script's schemas, oldest first."""
        return [e for e in self.exchanges if e.schema is not None]

    def respond_get(self, path: str, headers: dict[str, str]) -> Response:
        key = headers.get("x-api-key") or headers.get("authorization", "").removeprefix("Bearer ")
        if key != self.api_key:
            self.refused.append(path)
            return Response.json(401, _error("authentication_error", "invalid x-api-key"))
        if path == "/v1/models":
            data = [_model(m) for m in self.models]
            return Response.json(200, {"data": data, "has_more": False,
                                       "first_id": self.models[0], "last_id": self.models[-1]})
        model = path.removeprefix("/v1/models/")
        if path.startswith("/v1/models/") and model in self.models:
            return Response.json(200, _model(model))
        self.refused.append(path)
        if path.startswith("/v1/models/"):
            return Response.json(404, _error("not_found_error", f"model: {model}"))
        return Response.json(404, _error("not_found_error", f"no route {path}"))

    def respond(self, path: str, headers: dict[str, str], body: dict[str, Any]) -> Response:
        key = headers.get("x-api-key") or headers.get("authorization", "").removeprefix("Bearer ")
        if key != self.api_key:
            self.refused.append(path)
            return Response.json(401, _error("authentication_error", "invalid x-api-key"))
        if path == "/v1/messages/count_tokens":
            return Response.json(200, {"input_tokens": self.cache.usage(body, 0).prompt_tokens})
        if path != "/v1/messages":
            self.refused.append(path)
            return Response.json(404, _error("not_found_error", f"no route {path}"))
        user_turns = [text_of(m.get("content")) for m in body.get("messages") or []
                      if m.get("role") == "user"]  # fmt: skip
        schema = self.model.schema(system_text(body), user_turns)
        trouble = self._trouble(body, schema)
        if trouble == "overloaded":
            self.refused.append(path)
            # A short retry-after keeps the SDK's own retries quick.
            return Response.json(529, _error("overloaded_error", "Overloaded"),
                                 **{"retry-after-ms": "10"})
        if trouble == "runaway":
            time.sleep(RUNAWAY_S)  # the client has given up by then
        content, stop = self._content(body, schema)
        details = None
        if trouble == "refusal":
            content, stop = [{"type": "text", "text": "I can't help with this request."}], "refusal"
            details = {"type": "refusal", "category": "general_harms", "explanation": REFUSED}
        elif trouble == "max_tokens":
            text = content[-1].get("text", "")
            content, stop = [{"type": "text", "text": text[: len(text) // 2]}], "max_tokens"
        exchange = Exchange(
            shown_headers(headers), body, schema, content, stop,
            self.cache.usage(body, tokens(content)),
        )  # fmt: skip
        self.exchanges.append(exchange)
        message = {
            "id": f"msg_fake{next(self._ids):04d}",
            "type": "message",
            "role": "assistant",
            "model": body.get("model", "claude"),
            "content": content,
            "stop_reason": stop,
            "stop_sequence": None,
            "stop_details": details,
            "usage": exchange.usage.as_json(),
        }
        if body.get("stream"):
            events = b"".join(_sse(name, data) for name, data in stream_events(message))
            return Response(200, events, "text/event-stream")
        return Response.json(200, message)

    def _trouble(self, body: Mapping[str, Any], schema: str | None) -> str | None:
        """The next scripted trouble of `schema`, when this request would answer it."""
        queue = self.troubles.get(schema or "")
        if not queue or schema is None:
            return None
        offered = {str(t.get("name")) for t in body.get("tools") or []}
        if self._next_tool_call(body, schema, offered) is not None:
            return None  # troubles strike the answer, not the reading before it
        return queue.pop(0)

    def _content(self, body: Mapping[str, Any], schema: str | None) -> tuple[list[Any], str]:
        if schema is None:
            return [{"type": "text", "text": "OK."}], "end_turn"
        offered = {str(t.get("name")) for t in body.get("tools") or []}
        pending = self._next_tool_call(body, schema, offered)
        if pending is not None:
            return [self._tool_use(pending.name, pending.input)], "tool_use"
        answer = self.model.answer(schema)
        if STRUCTURED_OUTPUT_TOOL in offered:
            return [self._tool_use(STRUCTURED_OUTPUT_TOOL, answer)], "tool_use"
        return [{"type": "text", "text": json.dumps(answer)}], "end_turn"

    def _next_tool_call(
        self, body: Mapping[str, Any], schema: str, offered: set[str]
    ) -> ToolCall | None:
        calls = [c for c in self.tool_calls.get(schema, ()) if c.name in offered]
        made = sum(
            1
            for message in body.get("messages") or []
            if message.get("role") == "assistant" and isinstance(message.get("content"), list)
            for block in message["content"]
            if block.get("type") == "tool_use" and block.get("name") != STRUCTURED_OUTPUT_TOOL
        )
        if made >= len(calls):
            return None
        cwd = _working_directory(body)
        raw = json.dumps(calls[made].input).replace("{cwd}", cwd)
        return ToolCall(calls[made].name, json.loads(raw))

    def _tool_use(self, name: str, tool_input: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "type": "tool_use",
            "id": f"toolu_fake{next(self._ids):04d}",
            "name": name,
            "input": dict(tool_input),
        }


def _working_directory(body: Mapping[str, Any]) -> str:
    """The cwd Claude Code reports in its environment text (system or a message)."""
    texts = [system_text(body)] + [text_of(m.get("content")) for m in body.get("messages") or []]
    for text in texts:
        found = _CWD.search(text)
        if found:
            return found.group(1)
    return "."


def _model(model: str) -> dict[str, Any]:
    return {"type": "model", "id": model, "display_name": model,
            "created_at": "2026-10-01T00:00:00Z"}  # fmt: skip


def _error(kind: str, message: str) -> dict[str, Any]:
    return {"type": "error", "error": {"type": kind, "message": message}}


def stream_events(message: Mapping[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The server-sent events of one answer, in the order the API sends them."""
    usage = message["usage"]
    start = {**message, "content": [], "stop_reason": None, "usage": {**usage, "output_tokens": 1}}
    events: list[tuple[str, dict[str, Any]]] = [
        ("message_start", {"type": "message_start", "message": start})
    ]
    for index, block in enumerate(message["content"]):
        if block["type"] == "tool_use":
            opening = {**block, "input": {}}
            delta = {"type": "input_json_delta", "partial_json": json.dumps(block["input"])}
        else:
            opening = {"type": "text", "text": ""}
            delta = {"type": "text_delta", "text": block["text"]}
        events += [
            ("content_block_start", {"type": "content_block_start", "index": index,
                                     "content_block": opening}),
            ("content_block_delta", {"type": "content_block_delta", "index": index,
                                     "delta": delta}),
            ("content_block_stop", {"type": "content_block_stop", "index": index}),
        ]  # fmt: skip
    events += [
        ("message_delta", {"type": "message_delta",
                           "delta": {"stop_reason": message["stop_reason"], "stop_sequence": None},
                           "usage": {"output_tokens": usage["output_tokens"]}}),
        ("message_stop", {"type": "message_stop"}),
    ]  # fmt: skip
    return events


def _sse(name: str, data: Mapping[str, Any]) -> bytes:
    return f"event: {name}\ndata: {json.dumps(data)}\n\n".encode()
