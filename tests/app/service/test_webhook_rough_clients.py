"""The webhook listener meets rough clients calmly: a client that hangs up mid-request costs
one log line and no traceback, an unknown method is a JSON 405, and /healthz says how each
project's last tick went."""

from __future__ import annotations

import http.client
import json
import logging
import socket
import struct
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from datetime import UTC, datetime
from pathlib import Path

import pytest

from architect.app.loop import Scheduler
from architect.config import ProjectConfig, Secrets
from architect.forge.secret import Secret
from architect.shell.webhooks import WebhookServer, routes_for
from tests.deadlines import within

from .test_webhooks import project


class Ticks:
    """A tick per project that exits with the code given for it."""

    def __init__(self, codes: dict[str, int]) -> None:
        self.codes = codes
        self.done = threading.Event()
        self.count = 0

    def __call__(self, config: ProjectConfig, secrets: Secrets, env: Mapping[str, str], *,
                 should_stop: Callable[[], bool]) -> int:
        self.count += 1
        if self.count >= len(self.codes):
            self.done.set()
        return self.codes[config.name]


@pytest.fixture
def listener(tmp_path: Path) -> Iterator[tuple[int, Ticks]]:
    configs = [project(tmp_path, "widgets", "acme/widgets", "acme/widgets-ops"),
               project(tmp_path, "gears", "acme/gears", "acme/gears-ops")]
    ticks = Ticks({"widgets": 0, "gears": 1})
    at = datetime(2026, 11, 26, 3, 0, 5, tzinfo=UTC)
    scheduler = Scheduler(configs, [3600.0, 3600.0], Secrets(), {}, tick=ticks,
                          wall=lambda: at)
    server = WebhookServer("127.0.0.1", 0, secret=Secret("s3cr3t"), routes=routes_for(configs),
                           poke=scheduler.poke, max_body=8 * 1024, poll_interval=0.02,
                           health=scheduler.health)
    server.start()
    thread = threading.Thread(target=scheduler.run, daemon=True)
    thread.start()
    try:
        assert ticks.done.wait(within(5))
        yield server.address[1], ticks
    finally:
        scheduler.stop()
        thread.join(5)
        server.close()


def request(port: int, method: str, path: str) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        conn.request(method, path)
        response = conn.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        conn.close()


def test_healthz_lists_each_project_with_its_last_tick_and_outcome(
        listener: tuple[int, Ticks]) -> None:
    port, _ = listener
    deadline = time.monotonic() + within(5)
    while True:  # the second project's tick record lands just after its tick returns
        status, _, body = request(port, "GET", "/healthz")
        answer = json.loads(body)
        if all(p["last_tick"] for p in answer["projects"]) or time.monotonic() > deadline:
            break
        time.sleep(0.02)
    assert status == 200 and answer["status"] == "ok"
    by_name = {p["name"]: p for p in answer["projects"]}
    assert set(by_name) == {"widgets", "gears"}
    widgets, gears = by_name["widgets"], by_name["gears"]
    assert widgets["last_tick"]["outcome"] == "ok" and widgets["last_tick"]["exit"] == 0
    assert widgets["last_tick"]["at"] == "2026-11-26T03:00:05+00:00"
    assert widgets["last_tick"]["reason"] == "start"
    assert gears["last_tick"]["outcome"] == "failed; a later tick may cure it"
    assert widgets["ticking"] and 3500 < widgets["next_tick_in_s"] <= 3600


@pytest.mark.parametrize("method", ["PUT", "DELETE", "PATCH", "BREW"])
def test_an_unknown_method_is_a_json_405(listener: tuple[int, Ticks], method: str) -> None:
    status, headers, body = request(listener[0], method, "/hooks/architect")
    assert status == 405
    assert headers["Allow"] == "GET, POST"
    assert headers["Content-Type"] == "application/json"
    answer = json.loads(body)
    assert answer["status"] == "rejected"
    assert answer["detail"] == f"method {method} is not allowed: POST deliveries, GET /healthz"


def _hang_up(port: int, *, reset: bool) -> None:
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    sock.sendall(b"POST /hooks/architect HTTP/1.1\r\nHost: x\r\nContent-Length: 4000\r\n"
                 b"Content-Type: application/json\r\n\r\n{\"repository\": ")
    if reset:  # an RST instead of a FIN: the server's read fails instead of ending early
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()


@pytest.mark.parametrize("reset", [False, True])
def test_a_client_that_hangs_up_mid_body_costs_one_line_and_no_traceback(
        listener: tuple[int, Ticks], caplog: pytest.LogCaptureFixture,
        capsys: pytest.CaptureFixture[str], reset: bool) -> None:
    port, _ = listener
    with caplog.at_level(logging.INFO, logger="architect"):
        _hang_up(port, reset=reset)
        deadline = time.monotonic() + within(5)
        while not any("went away" in r.getMessage() for r in caplog.records):
            assert time.monotonic() < deadline, "no line about the client that went away"
            time.sleep(0.02)
        time.sleep(0.1)  # anything else the handler might still print
    about = [r for r in caplog.records if "webhook" in r.getMessage()]
    assert len(about) == 1, [r.getMessage() for r in about]
    assert about[0].levelno == logging.WARNING and about[0].exc_info is None
    assert "the client 127.0.0.1 went away" in about[0].getMessage()
    assert "Traceback" not in capsys.readouterr().err
    # The listener is still serving.
    assert request(port, "GET", "/healthz")[0] == 200
