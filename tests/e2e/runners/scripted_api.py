"""What the scripted model APIs share: the script, token estimates, a loopback server.

A *script* plays a model that knows one sprint: for each schema the architect
may ask for (`Pitch`, `ForkProposal`, …) it holds the objects to answer, one
for each successive call asking for that schema (the last one repeats). The
fake servers find the schema where the architect names it, as a model
reads its instructions: the latest user turn that names one (``of the schema
`ForkProposal```), else the system text; so they answer by mode, not by
overall call order.

Token counts are estimates, about 4 characters a token, for what was sent
and what is answered: realistic enough for cost figures, and they grow with
the prompt as real ones do.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Script = Mapping[str, Sequence[Mapping[str, Any]]]
"""Schema name → the objects the model answers to successive calls."""

CHARS_PER_TOKEN = 4
SECRET_HEADERS = frozenset({"x-api-key", "authorization"})
_SCHEMA_NAME = re.compile(r"schema `(\w+)`")


def tokens(value: Any) -> int:
    """The estimated token count of a text or a JSON value."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return max(1, -(-len(text) // CHARS_PER_TOKEN))


def schema_named(text: str, script: Script) -> str | None:
    """The last schema `text` names that the script knows."""
    found = [name for name in _SCHEMA_NAME.findall(text) if name in script]
    return found[-1] if found else None


class ScriptedModel:
    """The script, played: which answer each schema gives next."""

    def __init__(self, script: Script) -> None:
        self.script = script
        self.given: dict[str, int] = {}

    def schema(self, system: str, user_turns: Sequence[str]) -> str | None:
        """The schema asked for: by the latest user turn naming one, else the system text."""
        for text in reversed(user_turns):
            if found := schema_named(text, self.script):
                return found
        return schema_named(system, self.script)

    def answer(self, schema: str) -> dict[str, Any]:
        answers = self.script[schema]
        index = self.given.get(schema, 0)
        self.given[schema] = index + 1
        return dict(answers[min(index, len(answers) - 1)])


def shown_headers(headers: Mapping[str, str]) -> dict[str, str]:
    """The request headers as recorded: credentials only as `[set]`."""
    return {k: ("[set]" if k in SECRET_HEADERS else v) for k, v in headers.items()}


@dataclass(frozen=True)
class Response:
    status: int
    body: bytes
    content_type: str = "application/json"
    headers: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def json(cls, status: int, data: Any, **headers: str) -> Response:
        return cls(status, json.dumps(data).encode(), headers=headers)


class LoopbackServer:
    """A threaded HTTP server on 127.0.0.1 that hands every POST to `respond`."""

    def __init__(self) -> None:
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

    def __enter__(self) -> LoopbackServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def respond(self, path: str, headers: dict[str, str], body: dict[str, Any]) -> Response:
        raise NotImplementedError

    def respond_get(self, path: str, headers: dict[str, str]) -> Response:
        """A GET (the model endpoints); 404 unless the fake answers it."""
        return Response.json(404, {"error": {"type": "not_found_error", "message": "no route"}})

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keep-alive, as both SDKs expect

            def do_GET(self) -> None:
                headers = {k.lower(): v for k, v in self.headers.items()}
                with server._lock:
                    self._send(server.respond_get(self.path.split("?", 1)[0], headers))

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                headers = {k.lower(): v for k, v in self.headers.items()}
                with server._lock:
                    answer = server.respond(self.path.split("?", 1)[0], headers, body)
                self._send(answer)

            def _send(self, answer: Response) -> None:
                try:
                    self.send_response(answer.status)
                    self.send_header("content-type", answer.content_type)
                    self.send_header("content-length", str(len(answer.body)))
                    for name, value in answer.headers.items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(answer.body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client went away

            def log_message(self, format: str, *args: object) -> None:
                pass

        return Handler
