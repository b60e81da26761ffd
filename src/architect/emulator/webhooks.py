"""Webhook delivery: a background thread POSTs each event to the hooks that want it.

Bodies and headers are those of Forgejo's `services/webhook/shared/payloader.go`:
the payload as `json.MarshalIndent(p, "", "  ")` lays it out, HMAC signatures
over those exact bytes, and the X-Forgejo-*, X-Gitea-*, X-Gogs-*, X-Hub-* and
X-GitHub-* headers. A hook made through the GitHub dialect (`Hook.github_events`) is
delivered to as GitHub delivers: its own payloads (`github_hooks`), compact JSON, and
GitHub's headers only (`build_github_request`). Only loopback addresses are delivered
to: this forge runs on a machine whose only network is loopback, and a test double must
never reach out. Anything else is refused and logged.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import logging
import queue
import threading
import uuid
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote_plus

import httpx

from architect.emulator.store import Hook

log = logging.getLogger(__name__)

DELIVER_TIMEOUT = 5.0  # [webhook] DELIVER_TIMEOUT


@dataclass(frozen=True)
class Target:
    """What a delivery needs of its hook, copied while the store is locked."""

    hook_id: int
    url: str
    content_type: str
    secret: str
    authorization_header: str
    http_method: str
    repo_id: int = 0
    github: bool = False  # delivered as GitHub delivers (a hook of the GitHub dialect)

    @classmethod
    def of(cls, hook: Hook) -> Target:
        return cls(
            hook.id,
            hook.url,
            hook.content_type,
            hook.secret,
            hook.authorization_header,
            hook.http_method,
            hook.repo_id,
            hook.github_events is not None,
        )


@dataclass(frozen=True)
class Delivery:
    """One attempt, for tests and the log: `status` None when nothing was sent.
    `event_type`: X-Forgejo-Event-Type, or a GitHub delivery's `action`."""

    hook_id: int
    event: str
    event_type: str
    delivery_id: str
    status: int | None
    error: str
    body: bytes
    headers: tuple[tuple[str, str], ...] = ()


def go_json(payload: Any) -> bytes:
    """`json.MarshalIndent(p, "", "  ")`: 2-space indent, no trailing newline, HTML escaped."""
    text = json.dumps(payload, indent=2, ensure_ascii=False)
    for char, escaped in (("&", "\\u0026"), ("<", "\\u003c"), (">", "\\u003e")):
        text = text.replace(char, escaped)
    text = text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    return text.encode()


def signature_headers(secret: str, body: bytes) -> dict[str, str]:
    sha256 = hmac.new(secret.encode(), body, hashlib.sha256).hexdigest() if secret else ""
    sha1 = hmac.new(secret.encode(), body, hashlib.sha1).hexdigest() if secret else ""
    return {"sha256": sha256, "sha1": sha1}


def build_request(
    target: Target, event: str, event_type: str, delivery_id: str, raw: bytes
) -> tuple[dict[str, str], bytes]:
    """(headers, body) exactly as Forgejo sends them."""
    sig = signature_headers(target.secret, raw)
    form = target.content_type == "form"
    headers = {"Content-Type": "application/x-www-form-urlencoded" if form else "application/json"}
    for product in ("Forgejo", "Gitea", "Gogs"):
        headers[f"X-{product}-Delivery"] = delivery_id
        headers[f"X-{product}-Event"] = event
        headers[f"X-{product}-Event-Type"] = event_type
        headers[f"X-{product}-Signature"] = sig["sha256"]
    headers["X-Hub-Signature"] = f"sha1={sig['sha1']}"
    headers["X-Hub-Signature-256"] = f"sha256={sig['sha256']}"
    headers["X-GitHub-Delivery"] = delivery_id
    headers["X-GitHub-Event"] = event
    headers["X-GitHub-Event-Type"] = event_type
    if target.authorization_header:
        headers["Authorization"] = target.authorization_header
    # With `form` the signature still covers the raw JSON, not the form body.
    body = f"payload={quote_plus(raw.decode())}".encode() if form else raw
    return headers, body


# GitHub's deliveries name the service that sends them and its build.
HOOKSHOT = "GitHub-Hookshot/7e1c4a2"


def github_json(payload: Any) -> bytes:
    """GitHub's bodies: compact JSON, UTF-8, nothing escaped."""
    return json.dumps(payload, separators=(",", ":"), ensure_ascii=False).encode()


def build_github_request(target: Target, event: str, delivery_id: str,
                         raw: bytes) -> tuple[dict[str, str], bytes]:
    """(headers, body) as GitHub sends them to a repository webhook: no X-Forgejo-*, the
    signatures only when the hook has a secret, and over the body as sent."""
    form = target.content_type == "form"
    body = f"payload={quote_plus(raw.decode())}".encode() if form else raw
    headers = {
        "Accept": "*/*",
        "Content-Type": "application/x-www-form-urlencoded" if form else "application/json",
        "User-Agent": HOOKSHOT,
        "X-GitHub-Delivery": delivery_id,
        "X-GitHub-Event": event,
        "X-GitHub-Hook-ID": str(target.hook_id),
        "X-GitHub-Hook-Installation-Target-ID": str(target.repo_id),
        "X-GitHub-Hook-Installation-Target-Type": "repository",
    }
    if target.secret:
        sig = signature_headers(target.secret, body)
        headers["X-Hub-Signature"] = f"sha1={sig['sha1']}"
        headers["X-Hub-Signature-256"] = f"sha256={sig['sha256']}"
    return headers, body


def is_loopback(url: str) -> bool:
    try:
        host = httpx.URL(url).host.lower()
    except httpx.InvalidURL:
        return False
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class _Task:
    target: Target
    event: str
    event_type: str
    raw: bytes


class Deliverer:
    """A queue and one daemon thread; `wait` blocks until the queue is drained."""

    def __init__(self, transport: httpx.BaseTransport | None = None) -> None:
        self._transport = transport
        self._queue: queue.Queue[_Task | None] = queue.Queue()
        self._idle = threading.Condition()
        self._pending = 0
        self._thread: threading.Thread | None = None
        self.deliveries: list[Delivery] = []

    def submit(self, target: Target, event: str, event_type: str, payload: Any) -> None:
        with self._idle:
            self._pending += 1
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="forge-webhooks", daemon=True
                )
                self._thread.start()
        raw = github_json(payload) if target.github else go_json(payload)
        self._queue.put(_Task(target, event, event_type, raw))

    def wait(self, timeout: float) -> bool:
        """True once every submitted delivery has been attempted."""
        with self._idle:
            return self._idle.wait_for(lambda: self._pending == 0, timeout)

    def close(self) -> None:
        thread = self._thread
        if thread is not None:
            self._queue.put(None)
            thread.join(timeout=DELIVER_TIMEOUT + 1)
            self._thread = None

    def _run(self) -> None:
        with httpx.Client(
            transport=self._transport, timeout=DELIVER_TIMEOUT, trust_env=False
        ) as client:
            while True:
                task = self._queue.get()
                if task is None:
                    return
                try:
                    record = self._deliver(client, task)
                except Exception as exc:  # a delivery must never kill the worker
                    log.exception("webhook %d: delivery failed", task.target.hook_id)
                    record = Delivery(
                        task.target.hook_id,
                        task.event,
                        task.event_type,
                        "",
                        None,
                        str(exc),
                        task.raw,
                    )
                with self._idle:
                    self.deliveries.append(record)
                    self._pending -= 1
                    self._idle.notify_all()

    def _deliver(self, client: httpx.Client, task: _Task) -> Delivery:
        target = task.target
        delivery_id = str(uuid.uuid4())

        if target.github:
            headers, body = build_github_request(target, task.event, delivery_id, task.raw)
        else:
            headers, body = build_request(target, task.event, task.event_type, delivery_id,
                                          task.raw)

        def record(status: int | None, error: str) -> Delivery:
            return Delivery(target.hook_id, task.event, task.event_type, delivery_id, status,
                            error, task.raw, tuple(headers.items()))

        if not is_loopback(target.url):
            host = httpx.URL(target.url).host if "://" in target.url else target.url
            log.warning(
                "webhook %d: refused delivery to %s: not a loopback address", target.hook_id, host
            )
            return record(None, "refused: not a loopback address")
        try:
            response = client.request(
                target.http_method.upper() or "POST", target.url, headers=headers, content=body
            )
        except httpx.HTTPError as exc:
            log.warning("webhook %d: delivery failed: %s", target.hook_id, type(exc).__name__)
            return record(None, type(exc).__name__)
        return record(response.status_code, "")
