"""The embedded forge's HTTP server (`emulator.quiet_server`): no access log, and the
app's own Date header only (the forge dates answers by its own clock)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from typing import Any

import httpx
import pytest

from architect.emulator.quiet_server import make_quiet_server

APP_DATE = "Tue, 01 Jan 2030 00:00:00 GMT"


def app(environ: dict[str, Any], start: Callable[..., Any]) -> Iterable[bytes]:
    start("200 OK", [("Content-Type", "text/plain"), ("Date", APP_DATE)])
    return [b"ok"]


def test_one_date_the_apps_and_no_request_line_logged(capfd: pytest.CaptureFixture[str]) -> None:
    server = make_quiet_server("127.0.0.1", 0, app)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        answer = httpx.get(f"http://127.0.0.1:{server.port}/anything", timeout=10)
    finally:
        server.shutdown()
        thread.join(timeout=10)
    assert answer.text == "ok" and answer.headers.get_list("date") == [APP_DATE]
    assert "GET /anything" not in capfd.readouterr().err
