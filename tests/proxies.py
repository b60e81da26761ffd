"""Transports that stand between the client and the forge as real-world proxies do."""

from __future__ import annotations

import random
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


class FlakyProxy(httpx.BaseTransport):
    """A proxy that breaks requests at random, seeded: a 500 of its own, a connection
    dropped before the forge saw the request, or the forge's answer lost after the write
    (the forge applied it; the client hears the connection drop). `rate`: the share of
    requests broken; at most `limit` in all, so that a run still ends."""

    KINDS = ("500", "dropped", "lost")

    def __init__(self, inner: httpx.BaseTransport, seed: int, *, rate: float = 0.03,
                 limit: int = 12) -> None:
        self.inner = inner
        self.random = random.Random(seed)
        self.rate = rate
        self.limit = limit
        self.broken: list[str] = []  # "kind METHOD path" of each request broken, in order

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        if len(self.broken) >= self.limit or self.random.random() >= self.rate:
            return self.inner.handle_request(request)
        kind = self.random.choice(self.KINDS)
        self.broken.append(f"{kind} {request.method} {request.url.path}")
        if kind == "500":
            return httpx.Response(500, json={"message": "injected by the proxy"},
                                  request=request)
        if kind == "dropped":
            raise httpx.RemoteProtocolError("Server disconnected without sending a response "
                                            "(injected)", request=request)
        self.inner.handle_request(request).close()
        raise httpx.RemoteProtocolError("Server disconnected after the request was sent "
                                        "(injected)", request=request)
