"""Off means off: a disabled project's tick sends the forge no request at all, counted
by a proxy between `architect run` (a real process) and the forge."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import pytest

from tests.app.cli.conftest import Served, architect, file_vision, vision_enabled


class CountingProxy:
    """Forwards every request to the forge and counts them."""

    def __init__(self, upstream: str) -> None:
        self.count = 0
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            def _forward(self) -> None:
                proxy.count += 1
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else None
                headers = {k: v for k, v in self.headers.items()
                           if k.lower() not in ("host", "content-length", "connection")}
                reply = httpx.request(self.command, upstream + self.path, headers=headers,
                                      content=body)
                self.send_response(reply.status_code)
                for key, value in reply.headers.items():
                    if key.lower() not in ("content-length", "transfer-encoding", "connection",
                                           "content-encoding"):
                        self.send_header(key, value)
                self.send_header("Content-Length", str(len(reply.content)))
                self.end_headers()
                self.wfile.write(reply.content)

            do_GET = do_POST = do_PATCH = do_PUT = do_DELETE = _forward  # noqa: N815  http.server names

            def log_message(self, *_args: object) -> None:
                return None

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def proxied(served: Served) -> Iterator[CountingProxy]:
    proxy = CountingProxy(served.url)
    served.toml.write_text(served.toml.read_text().replace(served.url, proxy.url))
    try:
        yield proxy
    finally:
        proxy.close()


@pytest.mark.slow
def test_a_disabled_project_ticks_without_a_single_request(served: Served,
                                                           proxied: CountingProxy) -> None:
    toml = str(served.toml)
    assert architect("init", "-p", toml, env=served.env).returncode == 0
    file_vision(served)
    assert architect("enable", "-p", toml, env=served.env).returncode == 0
    assert architect("run", "-p", toml, env=served.env).returncode == 0
    assert proxied.count > 0  # the proxy is in the way: an enabled tick goes through it
    assert architect("disable", "-p", toml, env=served.env).returncode == 0
    proxied.count = 0
    off = architect("run", "-p", toml, env=served.env)
    assert off.returncode == 0, off.stderr
    assert "skipped: inactive" in off.stderr
    assert proxied.count == 0
    status = architect("status", "-p", toml, env=served.env)
    assert status.returncode == 0, status.stderr
    assert "shop is disabled since " in status.stdout


@pytest.mark.slow
def test_disable_tells_the_dashboard_and_a_forge_that_is_down_does_not_stop_it(
        served: Served) -> None:
    toml = str(served.toml)
    vision_enabled(served)
    assert architect("run", "-p", toml, env=served.env).returncode == 0
    off = architect("disable", "-p", toml, env=served.env)
    assert (off.returncode, off.stdout, off.stderr) == (0, "shop: disabled\n", "")
    (board,) = httpx.get(f"{served.url}/api/v1/repos/acme/shop-ops/issues",
                         params={"type": "issues", "labels": "architect"}, timeout=5).json()
    assert "- **disabled** since " in board["body"]
    assert " UTC (`architect disable`)" in board["body"]

    # The forge goes down for maintenance: the disable still disables, and says the rest.
    assert architect("enable", "-p", toml, env=served.env).returncode == 0
    served.toml.write_text(served.toml.read_text().replace(served.url, "http://127.0.0.1:9"))
    down = architect("disable", "-p", toml, env=served.env, timeout=30)
    assert down.returncode == 0 and down.stdout == "shop: disabled\n"
    (line,) = down.stderr.splitlines()
    assert line.startswith("architect: shop: disabled, but the dashboard still shows the last "
                           "tick: the forge at http://127.0.0.1:9 is unreachable")
    assert "Traceback" not in down.stderr
    state = served.toml.parent / "state" / "shop"
    assert not (state / ".architect-active").exists()
    assert (state / ".architect-disabled-at").exists()
