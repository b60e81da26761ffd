"""`writes.ensure_dependencies` and `writes.merge_when_ready` against the embedded forge,
which answers as Forgejo does: a duplicate or reverse link is a 500, and a merge
right after a push is a 405 until the mergeability check is done."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

import httpx
import pytest

from architect.emulator import EmbeddedForge, Settings
from architect.errors import ForgeRefused
from architect.forge.client import ForgeClient
from architect.shell import writes
from tests.emulator.conftest import REPO, ROOT, Forge, SteppingClock, make_forge


@dataclass
class Counting(httpx.BaseTransport):
    """The real transport, noting each write it carried and the answer."""

    inner: httpx.BaseTransport
    writes: list[tuple[str, str, int]] = field(default_factory=list)

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        response = self.inner.handle_request(request)
        if request.method != "GET":
            self.writes.append((request.method, request.url.path, response.status_code))
        return response


@dataclass
class Setup:
    forge: Forge
    transport: Counting
    client: ForgeClient

    def depends(self, number: int) -> list[int]:
        return sorted(i.number for i in self.client.list_dependencies(REPO, number))

    def link(self, number: int, on: int) -> None:
        """A person adds a link in the web UI (here: through the API as alice)."""
        meta = {"index": on, "owner": "acme", "repo": "widgets"}
        answer = self.forge.call("POST", f"/repos/{REPO}/issues/{number}/dependencies",
                                 "alice", json=meta)
        assert answer.status_code == 201


@pytest.fixture
def setup() -> Iterator[Setup]:
    embedded = EmbeddedForge(clock=SteppingClock())
    forge = make_forge(embedded)
    transport = Counting(httpx.WSGITransport(app=embedded.wsgi))
    client = ForgeClient(ROOT, forge.tokens["bot"], transport=transport)
    yield Setup(forge, transport, client)
    forge.http.close()
    embedded.stop()


def test_each_missing_link_is_sent_once(setup: Setup) -> None:
    a, b, c = (setup.forge.issue(t) for t in "abc")
    setup.link(c, a)
    writes.ensure_dependencies(setup.client, REPO, c, [a, b, b, c])
    assert setup.depends(c) == [a, b]
    assert [status for _, _, status in setup.transport.writes] == [201]


def test_a_link_that_would_close_a_cycle_is_never_sent(
        setup: Setup, caplog: pytest.LogCaptureFixture) -> None:
    a, b, c = (setup.forge.issue(t) for t in "abc")
    setup.link(a, c)  # a person made a depend on c, and c on b
    setup.link(c, b)
    with caplog.at_level(logging.WARNING, logger="architect"):
        writes.ensure_dependencies(setup.client, REPO, b, [a])
    assert setup.depends(b) == [] and setup.transport.writes == []
    assert f"#{a} already depends on #{b}" in caplog.text


def test_a_500_for_a_link_that_is_there_counts_as_done(setup: Setup) -> None:
    a, b = setup.forge.issue("a"), setup.forge.issue("b")
    setup.link(b, a)  # e.g. the answer to an earlier request was lost
    writes.ensure_dependencies(setup.client, REPO, b, [a], fresh=True)
    assert setup.transport.writes == [("POST", f"/api/v1/repos/{REPO}/issues/{b}/dependencies",
                                       500)]
    assert setup.depends(b) == [a]


class Clock:
    """The forge's clock, moved by the waits of `merge_when_ready`."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)
        self.waits: list[float] = []

    def __call__(self) -> datetime:
        return self.now

    def wait(self, seconds: float) -> None:
        self.waits.append(seconds)
        self.now += timedelta(seconds=seconds)


def _checking_forge(check: timedelta) -> tuple[Clock, EmbeddedForge, Forge, ForgeClient]:
    clock = Clock()
    embedded = EmbeddedForge(clock=clock, settings=Settings(merge_check=check))
    forge = make_forge(embedded)
    client = ForgeClient(ROOT, forge.tokens["bot"],
                         transport=httpx.WSGITransport(app=embedded.wsgi))
    return clock, embedded, forge, client


def test_a_merge_refused_while_the_forge_checks_is_retried_and_completes() -> None:
    clock, embedded, forge, client = _checking_forge(timedelta(seconds=3))
    try:
        number = forge.pull("sprint/x")
        merged = writes.merge_when_ready(client, REPO, number, message="Sprint filed",
                                         wait=clock.wait)
        assert merged and client.get_pull(REPO, number).merged
        assert clock.waits == [1.5, 3.0]  # refused at 0 s and 1.5 s, merged at 4.5 s
    finally:
        forge.http.close()
        embedded.stop()


def test_a_merge_still_refused_after_the_retries_is_left_for_the_next_tick() -> None:
    clock, embedded, forge, client = _checking_forge(timedelta(minutes=5))
    try:
        number = forge.pull("sprint/x")
        assert not writes.merge_when_ready(client, REPO, number, message="m", wait=clock.wait)
        assert not client.get_pull(REPO, number).merged
        assert len(clock.waits) == writes.MERGE_ATTEMPTS - 1
        assert not writes.merge_when_ready(client, REPO, number, message="m", wait=None)
        clock.now += timedelta(minutes=5)
        assert writes.merge_when_ready(client, REPO, number, message="m", wait=None)
    finally:
        forge.http.close()
        embedded.stop()


def test_a_refusal_that_is_not_about_the_check_is_raised() -> None:
    clock, embedded, forge, client = _checking_forge(timedelta(0))
    try:
        number = forge.pull("sprint/x", title="WIP: not yet")
        with pytest.raises(ForgeRefused, match="Work in progress"):
            writes.merge_when_ready(client, REPO, number, message="m", wait=clock.wait)
        assert clock.waits == []
    finally:
        forge.http.close()
        embedded.stop()
