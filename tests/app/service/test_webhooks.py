"""Webhooks: signatures, limits, routing, and the tick each delivery brings (over loopback HTTP)."""

from __future__ import annotations

import http.client
import json
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from architect.app.loop import DEBOUNCE_S, MAX_DELAY_S, Scheduler
from architect.config import ArchitectConfig, ProjectConfig, Secrets
from architect.forge.secret import Secret
from architect.shell.webhooks import (
    WebhookServer,
    check_length,
    judge,
    listen_address,
    routes_for,
    sign,
    verify_signature,
)
from tests.deadlines import within

from .conftest import Child

EXAMPLES = Path(__file__).resolve().parents[2] / "data" / "forgejo" / "examples"
EXAMPLE = "derived-webhook-issue_comment-created"
SECRET = b"s3cr3t"


def example() -> tuple[bytes, dict[str, str]]:
    body = (EXAMPLES / f"{EXAMPLE}.body.json").read_bytes()
    raw = json.loads((EXAMPLES / f"{EXAMPLE}.headers.json").read_text(encoding="utf-8"))
    return body, {k: v for k, v in raw.items() if not k.startswith("_")}


def lower(headers: Mapping[str, str]) -> dict[str, str]:
    return {k.lower(): v for k, v in headers.items()}


def project(tmp_path: Path, name: str, repo: str, ops: str) -> ProjectConfig:
    return ProjectConfig(name=name, repo=repo, ops_repo=ops, forge_url="http://127.0.0.1:9",
                         architect=ArchitectConfig(state_dir=tmp_path / "state",
                                                   webhook_max_body_kb=8))


def signed(payload: dict[str, object], event: str = "issue_comment") -> tuple[bytes, dict[str,
                                                                                        str]]:
    body = json.dumps(payload, indent=2).encode()
    return body, {"Content-Type": "application/json", "X-Forgejo-Event": event,
                  "X-Forgejo-Event-Type": event, "X-Forgejo-Delivery": "d-1",
                  "X-Forgejo-Signature": sign(SECRET, body)}


ROUTES = {"acme/widgets": ("widgets",), "acme/widgets-ops": ("widgets",)}


# --- the pure part -------------------------------------------------------------------------------


def test_the_example_delivery_verifies_with_its_secret() -> None:
    body, headers = example()
    assert verify_signature(SECRET, body, headers["X-Forgejo-Signature"])
    assert verify_signature(SECRET, body, headers["X-Gitea-Signature"])
    assert not verify_signature(b"other", body, headers["X-Forgejo-Signature"])
    assert not verify_signature(b"", body, sign(b"", body))  # no secret: nothing verifies


def test_the_example_delivery_is_queued_for_its_project() -> None:
    body, headers = example()
    verdict = judge(lower(headers), body, secret=SECRET, routes=ROUTES)
    assert (verdict.status, verdict.outcome, verdict.projects) == (202, "queued", ("widgets",))
    assert verdict.detail == "issue_comment on acme/widgets"


def test_a_tampered_body_is_refused_401() -> None:
    body, headers = example()
    tampered = body.replace(b"We need a cache.", b"We need a cachE.")
    assert tampered != body
    verdict = judge(lower(headers), tampered, secret=SECRET, routes=ROUTES)
    assert (verdict.status, verdict.detail) == (401, "bad signature")


@pytest.mark.parametrize("value", [None, ""])
def test_an_unsigned_delivery_is_refused_401(value: str | None) -> None:
    body, headers = example()
    headers = {k: v for k, v in headers.items() if "Signature" not in k}
    if value is not None:
        headers["X-Forgejo-Signature"] = value  # Forgejo sends it empty for a hook with no secret
    verdict = judge(lower(headers), body, secret=SECRET, routes=ROUTES)
    assert verdict.status == 401 and verdict.detail.startswith("unsigned delivery")


def test_a_gitea_only_delivery_is_accepted() -> None:
    body, headers = example()
    gitea = {k: v for k, v in headers.items() if not k.startswith("X-Forgejo")}
    assert judge(lower(gitea), body, secret=SECRET, routes=ROUTES).outcome == "queued"


def test_an_unknown_repo_is_acknowledged_and_ignored() -> None:
    payload = json.loads(example()[0])
    payload["repository"]["full_name"] = "someone/else"
    body, headers = signed(payload)
    verdict = judge(lower(headers), body, secret=SECRET, routes=ROUTES)
    assert (verdict.status, verdict.outcome, verdict.projects) == (202, "ignored", ())
    assert "someone/else" in verdict.detail


def test_events_that_do_not_concern_the_architect_are_ignored() -> None:
    body, headers = signed({"repository": {"full_name": "acme/widgets"}}, event="push")
    assert judge(lower(headers), body, secret=SECRET, routes=ROUTES).outcome == "ignored"
    body, headers = signed({"repository": {"full_name": "ACME/Widgets-Ops"}},
                           event="pull_request_review_approved")
    assert judge(lower(headers), body, secret=SECRET, routes=ROUTES).projects == ("widgets",)


def test_a_signed_body_that_is_not_json_is_400() -> None:
    body, headers = signed({})
    body = b"not json"
    headers["X-Forgejo-Signature"] = sign(SECRET, body)
    assert judge(lower(headers), body, secret=SECRET, routes=ROUTES).status == 400


def test_content_length_is_checked_before_reading() -> None:
    assert check_length("8192", 8192) == 8192
    over = check_length("8193", 8192)
    assert not isinstance(over, int) and over.status == 413
    assert "webhook_max_body_kb" in over.detail
    for value, status in ((None, 411), ("x", 400), ("-1", 400)):
        verdict = check_length(value, 8192)
        assert not isinstance(verdict, int) and verdict.status == status


def test_routes_cover_repo_and_ops_repo_case_insensitively(tmp_path: Path) -> None:
    routes = routes_for([project(tmp_path, "a", "Acme/A", "acme/ops"),
                         project(tmp_path, "b", "acme/b", "ACME/OPS")])
    assert routes == {"acme/a": ("a",), "acme/ops": ("a", "b"), "acme/b": ("b",)}


@pytest.mark.parametrize(("text", "expected"), [
    ("127.0.0.1:8080", ("127.0.0.1", 8080)),
    ("[::1]:0", ("::1", 0)),
    ("localhost:80", ("localhost", 80)),
])
def test_listen_address(text: str, expected: tuple[str, int]) -> None:
    assert listen_address(text) == expected


@pytest.mark.parametrize("text", ["8080", ":8080", "127.0.0.1:", "127.0.0.1:http",
                                  "127.0.0.1:70000"])
def test_listen_address_rejects(text: str) -> None:
    with pytest.raises(ValueError, match="expected HOST:PORT"):
        listen_address(text)


# --- over HTTP, against the scheduler -----------------------------------------------------------


def post(port: int, body: bytes, headers: Mapping[str, str]) -> tuple[int, dict[str, object]]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        conn.request("POST", "/hooks/architect", body=body, headers=dict(headers))
        response = conn.getresponse()
        return response.status, json.loads(response.read())
    finally:
        conn.close()


@dataclass
class TickLog:
    times: list[float] = field(default_factory=list)
    changed: threading.Condition = field(default_factory=threading.Condition)

    def __call__(self, config: ProjectConfig, secrets: Secrets, env: Mapping[str, str], *,
                 should_stop: Callable[[], bool]) -> int:
        with self.changed:
            self.times.append(time.monotonic())
            self.changed.notify_all()
        return 0

    def wait_for(self, count: int, timeout: float) -> bool:
        with self.changed:
            return self.changed.wait_for(lambda: len(self.times) >= count, timeout)


@dataclass
class Service:
    port: int
    ticks: TickLog
    pokes: list[str]


@pytest.fixture
def service(tmp_path: Path) -> Iterator[Service]:
    """The scheduler (1 h interval) and the webhook server, wired as `run_forever` wires them."""
    configs = [project(tmp_path, "widgets", "acme/widgets", "acme/widgets-ops"),
               project(tmp_path, "gears", "acme/gears", "acme/gears-ops")]
    ticks = TickLog()
    scheduler = Scheduler(configs, [3600.0, 3600.0], Secrets(), {}, tick=ticks)
    pokes: list[str] = []

    def poke(name: str) -> bool:
        pokes.append(name)
        return scheduler.poke(name)

    server = WebhookServer("127.0.0.1", 0, secret=Secret("s3cr3t"), routes=routes_for(configs),
                           poke=poke, max_body=8 * 1024, poll_interval=0.02)
    server.start()
    thread = threading.Thread(target=scheduler.run, daemon=True)
    thread.start()
    try:
        assert ticks.wait_for(2, timeout=within(2))  # the start ticks of both projects
        yield Service(server.address[1], ticks, pokes)
    finally:
        scheduler.stop()
        thread.join(5)
        server.close()


def test_a_valid_delivery_brings_exactly_one_tick_within_2s(service: Service) -> None:
    body, headers = example()
    sent = time.monotonic()
    status, answer = post(service.port, body, headers)
    assert (status, answer["status"], answer["projects"]) == (202, "queued", ["widgets"])
    assert service.ticks.wait_for(3, timeout=within(2))
    assert service.ticks.times[2] - sent < 2.0
    # A second tick would follow the first within the debounce: none comes.
    assert not service.ticks.wait_for(4, timeout=DEBOUNCE_S + 0.3)


def test_a_burst_of_20_deliveries_brings_one_tick(service: Service) -> None:
    body, headers = example()
    for _ in range(20):
        assert post(service.port, body, headers)[0] == 202
    assert service.pokes == ["widgets"] * 20
    assert service.ticks.wait_for(3, timeout=MAX_DELAY_S + 0.5)
    assert not service.ticks.wait_for(4, timeout=DEBOUNCE_S + 0.3)
    assert len(service.ticks.times) == 3


def test_a_tampered_delivery_is_401_and_pokes_nothing(service: Service) -> None:
    body, headers = example()
    status, answer = post(service.port, body + b" ", headers)
    assert (status, answer["detail"]) == (401, "bad signature")
    assert service.pokes == []


def test_an_unsigned_delivery_is_401_and_pokes_nothing(service: Service) -> None:
    body, headers = example()
    unsigned = {k: v for k, v in headers.items() if "Signature" not in k}
    assert post(service.port, body, unsigned)[0] == 401
    assert service.pokes == []


def test_an_oversize_delivery_is_413_and_pokes_nothing(service: Service) -> None:
    payload = json.loads(example()[0])
    payload["comment"]["body"] = "x" * 9000
    body, headers = signed(payload)
    status, answer = post(service.port, body, headers)
    assert status == 413 and "webhook_max_body_kb" in str(answer["detail"])
    assert service.pokes == []


def test_an_unknown_repo_is_202_and_pokes_nothing(service: Service) -> None:
    payload = json.loads(example()[0])
    payload["repository"]["full_name"] = "someone/else"
    status, answer = post(service.port, *signed(payload))
    assert (status, answer["status"]) == (202, "ignored")
    assert service.pokes == []


def test_a_delivery_for_the_ops_repo_ticks_its_project(service: Service) -> None:
    payload = json.loads(example()[0])
    payload["repository"]["full_name"] = "acme/gears-ops"
    assert post(service.port, *signed(payload, "pull_request_comment"))[0] == 202
    assert service.pokes == ["gears"]


def test_healthz(service: Service) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", service.port, timeout=5)
    try:
        conn.request("GET", "/healthz")
        response = conn.getresponse()
        assert (response.status, json.loads(response.read())["status"]) == (200, "ok")
    finally:
        conn.close()


# --- the whole `run_forever`, in a process of its own ---------------------------------------------


@pytest.mark.slow  # starts a process
def test_run_forever_serves_webhooks_and_ticks_on_delivery(
        tmp_path: Path, children: list[Child]) -> None:
    child = Child(tmp_path, seconds_per_tick=0, webhook="127.0.0.1:0")
    children.append(child)
    line = child.expect("webhooks: listening on http://127.0.0.1:")
    port = int(line.rsplit(":", 1)[1].split("/", 1)[0])
    child.expect("tick 1 finished")
    body, headers = example()
    assert post(port, body, headers)[0] == 202
    child.expect("tick widgets 2", timeout=2)
    child.proc.terminate()
    code, _ = child.finish()
    assert code == 0

