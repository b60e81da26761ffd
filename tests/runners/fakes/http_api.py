"""Loopback HTTP servers that speak the Messages and Chat Completions APIs.

A `ScriptedAPI` answers each POST with the next `Answer` of its script (the
last one repeats), or with what a function of the request says (a server
that judges the body, as a real one does), and records every request, so a
test can point the real SDK at it with `base_url` and check both what was
sent and what came back.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class Answer:
    status: int = 200
    body: dict[str, Any] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)
    delay_s: float = 0.0


@dataclass(frozen=True)
class Received:
    path: str
    headers: dict[str, str]
    body: dict[str, Any]


class ScriptedAPI:
    def __init__(self, answers: list[Answer] | Callable[[Received], Answer]) -> None:
        self.answers = answers
        self.received: list[Received] = []
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._server.block_on_close = False
        self._thread = threading.Thread(target=self._serve, daemon=True)

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def __enter__(self) -> ScriptedAPI:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def _serve(self) -> None:
        self._server.serve_forever(poll_interval=0.02)  # a quick shutdown keeps tests fast

    def _next(self, received: Received) -> Answer:
        with self._lock:
            self.received.append(received)
            if callable(self.answers):
                return self.answers(received)
            index = min(len(self.received), len(self.answers)) - 1
            return self.answers[index]

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        api = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                try:
                    length = int(self.headers.get("content-length") or 0)
                    body = json.loads(self.rfile.read(length) or b"{}")
                    headers = {k.lower(): v for k, v in self.headers.items()}
                    answer = api._next(Received(self.path, headers, body))
                    time.sleep(answer.delay_s)
                    data = json.dumps(answer.body).encode()
                    self.send_response(answer.status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(data)))
                    for name, value in answer.headers.items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout test): nothing to answer

            def log_message(self, format: str, *args: object) -> None:
                pass

        return Handler


def message(
    text: str, *, input_tokens: int = 1000, output_tokens: int = 200, **usage: int
) -> Answer:
    """A Messages API answer holding one text block."""
    return Answer(
        body={
            "id": "msg_test",
            "type": "message",
            "role": "assistant",
            "model": "claude-sonnet-5-5",
            "content": [{"type": "text", "text": text}],
            "stop_reason": "end_turn",
            "stop_sequence": None,
            "usage": {"input_tokens": input_tokens, "output_tokens": output_tokens, **usage},
        }
    )


def anthropic_error(status: int, kind: str, text: str, **headers: str) -> Answer:
    body = {"type": "error", "error": {"type": kind, "message": text}}
    return Answer(status=status, body=body, headers=headers)


def completion(
    text: str | None,
    *,
    prompt_tokens: int = 1000,
    completion_tokens: int = 200,
    finish_reason: str = "stop",
    refusal: str | None = None,
) -> Answer:
    """A Chat Completions answer holding one message."""
    return Answer(
        body={
            "id": "chatcmpl-test",
            "object": "chat.completion",
            "created": 1700000000,
            "model": "test-model",
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": text, "refusal": refusal},
                    "finish_reason": finish_reason,
                }
            ],
            "usage": {
                "prompt_tokens": prompt_tokens,
                "completion_tokens": completion_tokens,
                "total_tokens": prompt_tokens + completion_tokens,
            },
        }
    )


def openai_error(status: int, text: str, **headers: str) -> Answer:
    body = {"error": {"message": text, "type": "invalid_request_error", "code": None}}
    return Answer(status=status, body=body, headers=headers)
