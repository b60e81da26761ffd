"""The threaded HTTP server the embedded forge runs on, without an access log.

Its own module so that `EmbeddedForge.start` and `architect forge` (in
`server.py`, which builds an `EmbeddedForge`) both import it at the top
without importing each other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from werkzeug.serving import BaseWSGIServer, WSGIRequestHandler, make_server

if TYPE_CHECKING:
    from _typeshed.wsgi import WSGIApplication


class _QuietHandler(WSGIRequestHandler):
    """No access log: request lines are noise in tests and in the demo."""

    def log_request(self, *args: Any, **kwargs: Any) -> None:
        pass

    def send_response(self, code: int, message: str | None = None) -> None:
        # The app dates its answers by the forge's own clock, which tests may set; the
        # base class would add a second Date from the machine's (werkzeug adds one when
        # the app sent none).
        self.log_request(code)
        self.send_response_only(code, message)
        self.send_header("Server", self.version_string())


def make_quiet_server(host: str, port: int, app: WSGIApplication) -> BaseWSGIServer:
    return make_server(host, port, app, threaded=True, request_handler=_QuietHandler)
