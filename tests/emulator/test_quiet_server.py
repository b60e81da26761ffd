"""The forge's HTTP server: no access log, and only the app's own Date header."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable
from typing import Any

import httpx
import pytest

from architect.emulator.quiet_server import make_quiet_server

DATE = "Mon, 05 Jan 2026 09:00:00 GMT"


def _app(environ: dict[str, Any], start: Callable[..., Any]) -> Iterable[bytes]:
    headers = [("Content-Type", "text/plain")]
    if environ["PATH_INFO"] == "/dated":
        headers.append(("Date", DATE))
    start("200 OK", headers)
    return [b"hello"]


def _get(path: str) -> httpx.Response:
    server = make_quiet_server("127.0.0.1", 0, _app)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    try:
        return httpx.get(f"http://127.0.0.1:{server.server_port}{path}")
    finally:
        server.shutdown()
        thread.join()
        server.server_close()


def test_the_apps_date_is_the_only_date(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    response = _get("/dated")
    assert response.text == "hello"
    assert response.headers.get_list("Date") == [DATE]
    assert not [r for r in caplog.records if r.name == "werkzeug"]  # no access log


def test_the_server_adds_no_date_of_the_machines_own() -> None:
    response = _get("/")
    assert response.headers.get_list("Date") == []
    assert response.headers["Server"].startswith("Werkzeug/")
