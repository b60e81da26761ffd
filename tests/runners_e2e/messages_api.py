"""A scripted Anthropic Messages API on loopback, good enough for the real Claude Code CLI.

`MessagesAPI` answers `POST /v1/messages`, streamed (server-sent events, as
the CLI asks) or not (as the `anthropic` SDK asks by default), and
`POST /v1/messages/count_tokens`. It plays a model that knows one sprint:

- the *mode* is read from the request's system text, where the architect
  names the schema it wants (``in the schema `ForkProposal```); the answer
  is `script[schema](prompt)`, the prompt being the text of the last user
  turn (so an answer can quote the comment ids the prompt shows);
- when the request offers the CLI's structured-output tool (Claude Code adds
  `StructuredOutput` for `--json-schema`), the answer is a `tool_use` of it,
  else a text block holding the JSON (the SDK's `output_config.format`);
- a request with no schema (the CLI's own side requests, if any) gets "OK.".

Usage numbers are estimated, not constant: about 4 characters a token for
what was sent and what is answered, and prompt caching is simulated the way
the API documents it (prefix order tools → system → messages, a prefix is
cached at each `cache_control` breakpoint once it reaches 1024 tokens, a
later request reads the longest cached prefix). `expire_cache()` forgets
the cache, as the 5-minute TTL does between two ticks hours apart.

Every exchange is kept in `exchanges` (and appended to `log_path` as JSON
lines when given), so a test can check what the client sent: tools, system
blocks, history, headers (the API key header is recorded as `[set]`).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

STRUCTURED_OUTPUT_TOOL = "StructuredOutput"  # what Claude Code 2.1.x calls it
CHARS_PER_TOKEN = 4
MIN_CACHE_TOKENS = 1024
_SCHEMA_NAME = re.compile(r"in the schema `(\w+)`")
_SECRET_HEADERS = frozenset({"x-api-key", "authorization"})

Script = Mapping[str, Callable[[str], dict[str, Any]]]
"""Schema name → the answer object, given the prompt of the request."""


def tokens(value: Any) -> int:
    """The estimated token count of a text or a JSON value."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return max(1, -(-len(text) // CHARS_PER_TOKEN))


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

    path: str
    headers: dict[str, str]
    body: dict[str, Any]
    schema: str | None  # the schema named in the system text
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


def system_text(body: Mapping[str, Any]) -> str:
    system = body.get("system") or ""
    if isinstance(system, str):
        return system
    return "\n".join(str(b.get("text", "")) for b in system if isinstance(b, dict))


def last_user_text(body: Mapping[str, Any]) -> str:
    for message in reversed(body.get("messages") or []):
        if message.get("role") == "user":
            return _text_of(message.get("content"))
    return ""


def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    return "\n".join(
        str(b.get("text", "")) for b in content or [] if isinstance(b, dict) and b.get("type") == "text"
    )


class PromptCache:
    """Which prompt prefixes are cached, from the breakpoints of earlier requests."""

    def __init__(self, min_tokens: int = MIN_CACHE_TOKENS) -> None:
        self.min_tokens = min_tokens
        self._cached: set[str] = set()
        self._lock = threading.Lock()

    def expire(self) -> None:
        with self._lock:
            self._cached.clear()

    def usage(self, body: Mapping[str, Any], output_tokens: int) -> Usage:
        """The usage of one request; caches its breakpoints."""
        blocks = _blocks(body)
        digest = hashlib.sha256()
        prefixes: list[tuple[str, int, bool]] = []  # (hash, tokens so far, breakpoint)
        total = 0
        for block, breakpoint in blocks:
            digest.update(json.dumps(block, sort_keys=True).encode())
            total += tokens(block)
            prefixes.append((digest.copy().hexdigest(), total, breakpoint))
        marks = [p for p in prefixes if p[2] and p[1] >= self.min_tokens]
        with self._lock:
            hits = [n for h, n, _ in prefixes if h in self._cached]
            read = max(hits, default=0)
            self._cached.update(h for h, _, _ in marks)
        written = max(marks[-1][1] - read, 0) if marks else 0
        return Usage(total - read - written, output_tokens, written, read)


def _blocks(body: Mapping[str, Any]) -> list[tuple[Any, bool]]:
    """The request as cacheable blocks in prefix order, each with its breakpoint flag."""
    out: list[tuple[Any, bool]] = []
    for tool in body.get("tools") or []:
        out.append(_plain(tool))
    system = body.get("system") or []
    for block in [{"type": "text", "text": system}] if isinstance(system, str) else system:
        out.append(_plain(block))
    for message in body.get("messages") or []:
        content = message.get("content")
        if isinstance(content, str):
            content = [{"type": "text", "text": content}]
        for block in content or []:
            plain, mark = _plain(block)
            out.append(({"role": message.get("role"), **plain}, mark))
    return out


def _plain(block: Any) -> tuple[Any, bool]:
    if not isinstance(block, dict):
        return block, False
    return {k: v for k, v in block.items() if k != "cache_control"}, "cache_control" in block


class MessagesAPI:
    """A loopback Messages API that answers from a `Script`. See the module docstring."""

    def __init__(
        self,
        script: Script,
        *,
        api_key: str,
        log_path: Path | None = None,
        min_cache_tokens: int = MIN_CACHE_TOKENS,
    ) -> None:
        self.script = script
        self.api_key = api_key
        self.log_path = log_path
        self.cache = PromptCache(min_cache_tokens)
        self.exchanges: list[Exchange] = []
        self.refused: list[str] = []  # paths answered 401/404
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._server.block_on_close = False
        self._thread = threading.Thread(
            target=lambda: self._server.serve_forever(poll_interval=0.02), daemon=True
        )

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def __enter__(self) -> MessagesAPI:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def expire_cache(self) -> None:
        self.cache.expire()

    def model_calls(self) -> list[Exchange]:
        """The exchanges that asked for one of the script's schemas."""
        return [e for e in self.exchanges if e.schema is not None]

    # -- answering ------------------------------------------------------------

    def answer(self, path: str, headers: dict[str, str], body: dict[str, Any]) -> Exchange:
        schema = _schema_named(system_text(body), self.script)
        content, stop = self._content(body, schema)
        usage = self.cache.usage(body, tokens(content))
        shown = {k: ("[set]" if k in _SECRET_HEADERS else v) for k, v in headers.items()}
        exchange = Exchange(path, shown, body, schema, content, stop, usage)
        with self._lock:
            self.exchanges.append(exchange)
            if self.log_path is not None:
                with self.log_path.open("a", encoding="utf-8") as out:
                    out.write(json.dumps({"path": path, "headers": shown, "body": body}) + "\n")
        return exchange

    def _content(self, body: Mapping[str, Any], schema: str | None) -> tuple[list[Any], str]:
        if schema is None:
            return [{"type": "text", "text": "OK."}], "end_turn"
        obj = self.script[schema](last_user_text(body))
        if any(t.get("name") == STRUCTURED_OUTPUT_TOOL for t in body.get("tools") or []):
            block = {
                "type": "tool_use",
                "id": f"toolu_fake{next(self._ids):04d}",
                "name": STRUCTURED_OUTPUT_TOOL,
                "input": obj,
            }
            return [block], "tool_use"
        return [{"type": "text", "text": json.dumps(obj)}], "end_turn"

    def message(self, body: Mapping[str, Any], exchange: Exchange) -> dict[str, Any]:
        return {
            "id": f"msg_fake{next(self._ids):04d}",
            "type": "message",
            "role": "assistant",
            "model": body.get("model", "claude"),
            "content": exchange.content,
            "stop_reason": exchange.stop_reason,
            "stop_sequence": None,
            "usage": exchange.usage.as_json(),
        }

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        api = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self) -> None:
                try:
                    self._post()
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client went away

            def _post(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                raw = self.rfile.read(length) or b"{}"
                path = self.path.split("?", 1)[0]
                headers = {k.lower(): v for k, v in self.headers.items()}
                key = headers.get("x-api-key") or headers.get("authorization", "").removeprefix(
                    "Bearer "
                )
                if key != api.api_key:
                    api.refused.append(path)
                    self._json(401, _error("authentication_error", "invalid x-api-key"))
                    return
                body = json.loads(raw)
                if path == "/v1/messages/count_tokens":
                    self._json(200, {"input_tokens": api.cache.usage(body, 0).prompt_tokens})
                    return
                if path != "/v1/messages":
                    api.refused.append(path)
                    self._json(404, _error("not_found_error", f"no route {path}"))
                    return
                exchange = api.answer(path, headers, body)
                message = api.message(body, exchange)
                if body.get("stream"):
                    self._stream(message)
                else:
                    self._json(200, message)

            def _json(self, status: int, data: Any) -> None:
                raw = json.dumps(data).encode()
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(raw)))
                self.send_header("request-id", f"req_fake{next(api._ids):04d}")
                self.end_headers()
                self.wfile.write(raw)

            def _stream(self, message: dict[str, Any]) -> None:
                raw = b"".join(_sse(name, data) for name, data in stream_events(message))
                self.send_response(200)
                self.send_header("content-type", "text/event-stream")
                self.send_header("cache-control", "no-cache")
                self.send_header("content-length", str(len(raw)))
                self.send_header("request-id", f"req_fake{next(api._ids):04d}")
                self.end_headers()
                self.wfile.write(raw)

            def log_message(self, format: str, *args: object) -> None:
                pass

        return Handler


def _schema_named(system: str, script: Script) -> str | None:
    found = [name for name in _SCHEMA_NAME.findall(system) if name in script]
    return found[-1] if found else None


def _error(kind: str, message: str) -> dict[str, Any]:
    return {"type": "error", "error": {"type": kind, "message": message}}


def stream_events(message: Mapping[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The server-sent events of a streamed answer, as the API sends them."""
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
