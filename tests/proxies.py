"""Transports that stand between the client and the forge as real-world proxies do."""

from __future__ import annotations

from datetime import timedelta
from email.utils import format_datetime, parsedate_to_datetime

import httpx


class DatingProxy(httpx.BaseTransport):
    """A reverse proxy in front of the forge that adds its own Date, a second ahead of the
    forge's (nginx with `add_header Date`, say): the response carries two."""

    def __init__(self, inner: httpx.BaseTransport) -> None:
        self.inner = inner

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        response = self.inner.handle_request(request)
        content = response.read()
        forge = parsedate_to_datetime(response.headers["date"])
        own = format_datetime(forge + timedelta(seconds=1), usegmt=True)
        return httpx.Response(response.status_code, content=content, request=request,
                              headers=[*response.headers.multi_items(), ("Date", own)])
