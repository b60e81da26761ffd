"""Forgejo/Gitea and GitHub webhooks for `architect loop --webhook HOST:PORT`.

How the server sends them: docs/forgejo-behaviour.md#webhooks.

A delivery is taken apart in this order, so that nothing unverified is ever
parsed or trusted:

1. ``Content-Length`` over ``webhook_max_body_kb`` → 413, before any byte of
   the body is read (and the read is capped at that length);
2. the signature: ``X-Forgejo-Signature`` (or ``X-Gitea-Signature``), the bare
   hex HMAC-SHA256 of the exact body bytes with ``ARCHITECT_WEBHOOK_SECRET``, or
   GitHub's ``X-Hub-Signature-256: sha256=<hex>`` of the same; compared in constant
   time; missing or wrong → 401;
3. the event (``X-Forgejo-Event-Type``, GitHub's ``X-GitHub-Event``): issue,
   pull-request and label events count (GitHub: ``issues``, ``issue_comment``,
   ``pull_request``, ``pull_request_review``, ``label``), whatever their action
   (``labeled``, ``synchronize``, ``submitted``…); others (push, ping, release…)
   are acknowledged and ignored; a GitHub delivery whose
   ``X-GitHub-Delivery`` was received already (GitHub redelivers) is acknowledged
   and ignored;
4. ``repository.full_name`` routes the delivery to the projects whose repo or
   ops repo it is; an unknown repo is acknowledged (202) and ignored.

An accepted delivery only *pokes* the scheduler: the tick reads the forge
itself, so a delivery can never make the architect act on unverified content,
and a delivery caused by the bot's own writes costs at most one idle tick.
``GET /healthz`` answers 200 for liveness probes, with each project's last tick
and its outcome. A client that goes away mid-request costs one log line; a
method other than GET and POST is a JSON 405.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import socket
import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from architect.config import ProjectConfig
from architect.forge.secret import Secret
from architect.shell import guards

log = logging.getLogger("architect")

SIGNATURE_HEADERS = ("x-forgejo-signature", "x-gitea-signature", "x-hub-signature-256")
EVENT_HEADERS = ("x-forgejo-event-type", "x-gitea-event-type", "x-forgejo-event",
                 "x-gitea-event", "x-github-event")
DELIVERY_HEADERS = ("x-forgejo-delivery", "x-gitea-delivery", "x-github-delivery")
# Every issue_* and pull_request_* event can change what a tick decides; so can GitHub's
# `label` (a label renamed or deleted on the repository).
RELEVANT_EVENT_PREFIXES = ("issue", "pull_request", "label")
GITHUB_DELIVERY = "x-github-delivery"
REMEMBERED_DELIVERIES = 1024  # GitHub's redeliveries come within hours, not thousands later
SOCKET_TIMEOUT_S = 10  # a client that stalls mid-request does not hold a thread for long
DRAIN_CAP = 64 * 1024  # after a 413, read (and drop) this much so the client sees the answer

Routes = Mapping[str, tuple[str, ...]]  # lowercased "owner/name" → project names
Health = Callable[[], Mapping[str, Any]]  # what /healthz adds: the projects and their ticks
# A peer that hangs up or stalls: nothing to answer, and nothing the architect did wrong.
GONE = (ConnectionError, TimeoutError)
ALLOWED = "GET, POST"


# --- the pure part ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """What to answer a delivery, and which projects it pokes."""

    status: int
    outcome: str  # "queued" | "ignored" | "rejected"
    detail: str
    projects: tuple[str, ...] = ()

    def body(self) -> bytes:
        answer = {"status": self.outcome, "detail": self.detail, "projects": list(self.projects)}
        return json.dumps(answer).encode()


def sign(secret: bytes, body: bytes) -> str:
    """The signature Forgejo sends: bare lowercase hex HMAC-SHA256 of the body."""
    return hmac.new(secret, body, hashlib.sha256).hexdigest()


def verify_signature(secret: bytes, body: bytes, signature: str | None) -> bool:
    """Whether `signature` signs `body`; in constant time, and never for an empty secret."""
    if not secret or not signature:
        return False
    given = signature.strip().lower().encode("utf-8", errors="replace")
    return hmac.compare_digest(sign(secret, body).encode(), given)


def routes_for(configs: Sequence[ProjectConfig]) -> dict[str, tuple[str, ...]]:
    """Which projects a delivery from each repo concerns (forge names are case-insensitive)."""
    routes: dict[str, tuple[str, ...]] = {}
    for config in configs:
        for repo in dict.fromkeys((config.repo.lower(), config.ops_repo.lower())):
            routes[repo] = (*routes.get(repo, ()), config.name)
    return routes


def check_length(value: str | None, max_body: int) -> Verdict | int:
    """The body's length from ``Content-Length``, or the verdict refusing it unread."""
    if value is None:
        return Verdict(411, "rejected", "Content-Length is required")
    try:
        length = int(value)
    except ValueError:
        return Verdict(400, "rejected", "Content-Length is not a number")
    if length < 0:
        return Verdict(400, "rejected", "Content-Length is negative")
    if length > max_body:
        return Verdict(413, "rejected", f"body over {max_body // 1024} KB "
                       "(webhook_max_body_kb)")
    return length


def judge(headers: Mapping[str, str], body: bytes, *, secret: bytes, routes: Routes) -> Verdict:
    """The verdict on a delivery whose body was read whole. `headers` have lowercase names."""
    signature = _first(headers, SIGNATURE_HEADERS)
    if not signature:
        return Verdict(401, "rejected", "unsigned delivery: set the webhook's secret to "
                       "ARCHITECT_WEBHOOK_SECRET")
    if not verify_signature(secret, body, signature.strip().removeprefix("sha256=")):
        return Verdict(401, "rejected", "bad signature")
    event = _first(headers, EVENT_HEADERS) or ""
    if not event.startswith(RELEVANT_EVENT_PREFIXES):
        return Verdict(202, "ignored", f"event {event or '(none)'} does not concern the architect")
    try:
        payload = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        return Verdict(400, "rejected", "the body is not JSON")
    repo = _full_name(payload)
    if repo is None:
        return Verdict(400, "rejected", "no repository.full_name in the payload")
    projects = routes.get(repo.lower())
    if not projects:
        return Verdict(202, "ignored", f"{event} on {repo}: no project has this repo")
    return Verdict(202, "queued", f"{event} on {repo}", projects)


def github_delivery(headers: Mapping[str, str]) -> str | None:
    """GitHub's delivery id; None for Forgejo and Gitea, which send an X-GitHub-Delivery
    too (for compatibility) but redeliver nothing the architect must skip."""
    if _first(headers, ("x-forgejo-delivery", "x-gitea-delivery")):
        return None
    return headers.get(GITHUB_DELIVERY) or None


class SeenDeliveries:
    """The GitHub delivery ids received lately: a redelivery pokes no second tick."""

    def __init__(self, size: int = REMEMBERED_DELIVERIES) -> None:
        self._size = size
        self._ids: dict[str, None] = {}
        self._lock = threading.Lock()

    def first_time(self, delivery: str) -> bool:
        with self._lock:
            if delivery in self._ids:
                return False
            self._ids[delivery] = None
            if len(self._ids) > self._size:
                del self._ids[next(iter(self._ids))]
            return True


def edit_of(headers: Mapping[str, str], body: bytes) -> tuple[str, int, str, str] | None:
    """(repo, issue number, its new body, the sender's login) of an `issues` `edited`
    delivery; None for anything else. Call only on a delivery `judge` queued."""
    if (_first(headers, EVENT_HEADERS) or "") != "issues":
        return None
    try:
        payload = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(payload, dict) or payload.get("action") != "edited":
        return None
    issue, sender, repo = payload.get("issue"), payload.get("sender"), _full_name(payload)
    if not isinstance(issue, dict) or not isinstance(sender, dict) or repo is None:
        return None
    number, text, login = issue.get("number"), issue.get("body"), sender.get("login")
    if not isinstance(number, int) or not isinstance(text, str) or not isinstance(login, str):
        return None
    return repo.lower(), number, text, login


def edits_for(configs: Sequence[ProjectConfig]) -> dict[str, Path]:
    """Where an edit of an issue on each ops repo is recorded (its project's state dir)."""
    return {c.ops_repo.lower(): c.project_state_dir for c in configs}


def _first(headers: Mapping[str, str], names: Sequence[str]) -> str | None:
    return next((headers[n] for n in names if headers.get(n)), None)


def _full_name(payload: object) -> str | None:
    repo = payload.get("repository") if isinstance(payload, dict) else None
    name = repo.get("full_name") if isinstance(repo, dict) else None
    return name if isinstance(name, str) and name else None


def listen_address(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[::1]:8080`` for IPv6) → (host, port); ValueError says what is wrong."""
    host, sep, port = text.strip().rpartition(":")
    host = host.removeprefix("[").removesuffix("]")
    if not sep or not host or not port.isdigit() or int(port) > 65535:
        raise ValueError("expected HOST:PORT, for example 127.0.0.1:8080 (port 0 picks a "
                         "free one)")
    return host, int(port)


# --- the HTTP shell ------------------------------------------------------------------------------


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, address: tuple[str, int], *, secret: Secret, routes: Routes,
                 poke: Callable[[str], object], max_body: int, health: Health | None,
                 edits: Mapping[str, Path]) -> None:
        self.edits = edits
        self.seen = SeenDeliveries()
        self.address_family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        self.secret = secret
        self.routes = routes
        self.poke = poke
        self.max_body = max_body
        self.health = health
        super().__init__(address, _Handler)

    def handle_error(self, request: Any, client_address: Any) -> None:
        # socketserver prints a traceback to stderr, past the log and its redaction.
        error = sys.exc_info()[1]
        if isinstance(error, GONE):
            log.warning("webhook: the client %s went away: %s", client_address[0],
                        type(error).__name__)
        else:
            log.exception("webhook: handling a request from %s failed", client_address[0])


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    server_version = "architect"
    sys_version = ""
    timeout = SOCKET_TIMEOUT_S

    def do_GET(self) -> None:
        if self.path.split("?", 1)[0] == "/healthz":
            answer: dict[str, Any] = {"status": "ok", "detail": "architect loop is running"}
            if self.server.health is not None:
                answer.update(self.server.health())
            self._send(200, json.dumps(answer).encode())
        else:
            self._answer(Verdict(404, "rejected", "POST deliveries here; GET only /healthz"))

    def do_POST(self) -> None:
        length = check_length(self.headers.get("Content-Length"), self.server.max_body)
        if isinstance(length, Verdict):
            self._answer(length)
            self._drain(self.headers.get("Content-Length"))
            return
        try:
            body = self.rfile.read(length)
        except GONE as exc:
            self._gone(f"while sending its body ({type(exc).__name__})")
            return
        if len(body) < length:
            self._gone(f"after {len(body)} of {length} bytes of its body")
            return
        headers = {name.lower(): value for name, value in self.headers.items()}
        verdict = judge(headers, body, secret=self.server.secret.reveal().encode(),
                        routes=self.server.routes)
        delivery = github_delivery(headers)
        if verdict.outcome == "queued" and delivery and \
                not self.server.seen.first_time(delivery):
            verdict = Verdict(202, "ignored", f"delivery {delivery} was received already")
        edit = edit_of(headers, body) if verdict.outcome == "queued" else None
        if edit is not None and edit[0] in self.server.edits:
            try:  # before the poke, so the tick it brings reads it
                guards.record_edit(self.server.edits[edit[0]], edit[1], edit[2], edit[3])
            except OSError as exc:
                log.warning("webhook: cannot record the edit of #%d: %s", edit[1], exc)
        for project in verdict.projects:
            self.server.poke(project)
        self._answer(verdict)

    def send_error(self, code: int, message: str | None = None,
                   explain: str | None = None) -> None:
        """Errors the base class finds (a bad request line, a method with no handler) in the
        same JSON as every other answer; a method other than GET and POST is a 405."""
        self.close_connection = True
        if code == HTTPStatus.NOT_IMPLEMENTED:
            detail = f"method {self.command} is not allowed: POST deliveries, GET /healthz"
            self._send(405, Verdict(405, "rejected", detail).body(), allow=ALLOWED)
        else:
            detail = message or HTTPStatus(code).phrase
            self._send(code, Verdict(code, "rejected", detail).body())

    def _answer(self, verdict: Verdict) -> None:
        self._send(verdict.status, verdict.body())
        if self.command == "POST":
            self._log(verdict)

    def _send(self, status: int, body: bytes, *, allow: str | None = None) -> None:
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            if allow:
                self.send_header("Allow", allow)
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)
        except GONE as exc:
            self._gone(f"before its answer ({type(exc).__name__})")

    def _gone(self, when: str) -> None:
        self.close_connection = True
        log.warning("webhook: the client %s went away %s; nothing was done",
                    self.client_address[0], when)

    def _log(self, verdict: Verdict) -> None:
        delivery = next((self.headers[h] for h in DELIVERY_HEADERS if self.headers.get(h)), "-")
        where = f"delivery {delivery} from {self.client_address[0]}"
        if verdict.outcome == "queued":
            log.info("webhook: %s (%s) → tick of %s", verdict.detail, where,
                     ", ".join(verdict.projects))
        elif verdict.outcome == "ignored":
            log.info("webhook: ignored %s: %s", where, verdict.detail)
        else:
            log.warning("webhook: refused %s with %d: %s", where, verdict.status, verdict.detail)

    def _drain(self, declared: str | None) -> None:
        """Read part of a refused body, so the client gets the answer rather than a reset."""
        self.close_connection = True
        try:
            left = min(int(declared or 0), DRAIN_CAP)
            while left > 0:
                chunk = self.rfile.read(min(left, 8192))
                if not chunk:
                    break
                left -= len(chunk)
        except (OSError, ValueError):
            pass

    def log_message(self, format: str, *args: object) -> None:
        # The base class prints to stderr, past the log's redaction; requests are
        # logged once by _log instead, and the rest goes to the debug log.
        log.debug("webhook http: " + format, *args)


class WebhookServer:
    """The webhook endpoint on a thread of its own: `start()`, then `close()`."""

    def __init__(self, host: str, port: int, *, secret: Secret, routes: Routes,
                 poke: Callable[[str], object], max_body: int, poll_interval: float = 0.2,
                 health: Health | None = None, edits: Mapping[str, Path] | None = None) -> None:
        # edits: ops repo → state dir where who edited its issues is recorded (edits_for)
        self._server = _Server((host, port), secret=secret, routes=routes, poke=poke,
                               max_body=max_body, health=health, edits=edits or {})
        # poll_interval: how long close() may wait for the serving thread to notice.
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={
            "poll_interval": poll_interval}, name="architect-webhooks", daemon=True)

    @property
    def address(self) -> tuple[str, int]:
        host, port = self._server.server_address[:2]
        return str(host), int(port)

    def start(self) -> None:
        self._thread.start()
        host, port = self.address
        shown = f"[{host}]" if ":" in host else host
        log.info("webhooks: listening on http://%s:%d/ (GET /healthz for probes)", shown, port)

    def close(self) -> None:
        if self._thread.is_alive():
            self._server.shutdown()
            self._thread.join()
        self._server.server_close()
