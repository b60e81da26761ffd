"""GitHub's limits, as the adapter meets them: the primary rate limit (a tick that
would run out stops between two actions and says when it resumes), conditional
reads answered 304, a secondary limit's Retry-After, the permission a 403 names, writes a
second apart (reads not held back), and the search bucket kept apart from the core one."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest

from architect.errors import ForgePermissionError, ForgeRateLimited
from architect.forge.github import GitHubClient
from architect.forge.http import RetryPolicy, next_url
from tests.world import BASE, BOT, OPS, VirtualTime, World, make_world


def github_world(tmp_path: Path) -> World:
    world = make_world(tmp_path, dialect="github")
    assert world.github is not None
    # The adapter reads the forge's clock, so "until the reset" means the forge's hour.
    world.clients[BOT] = GitHubClient(f"{BASE}/api/v3", world.tokens[BOT],
                                      transport=httpx.WSGITransport(app=world.github),
                                      retry=RetryPolicy(now=world.clock), kept=world.kept())
    return world


def test_a_tick_that_would_run_out_stops_between_actions_and_resumes_after_the_reset(
        tmp_path: Path) -> None:
    world = github_world(tmp_path)
    assert world.github is not None
    world.vision("Wishlists")
    world.vision("Gift cards")
    world.bot.current_user()
    spent = world.github.rate_limit - (world.bot.http.rate.remaining or 0)  # type: ignore[attr-defined]
    world.github.rate_limit = spent + 15  # enough to read, not to pitch both

    report = world.tick()
    assert report.forge_down
    ((_, why),) = report.failed
    reset = world.bot.http.rate.reset  # type: ignore[attr-defined]
    assert reset is not None
    assert f"resumes at {reset:%Y-%m-%d %H:%M} UTC" in why and "was not sent" in why
    people = world.client("alice")  # another token: its own budget
    assert len(people.list_pulls(OPS, state="all")) < 2  # stopped before the second pitch

    world.github.rate_limit = 5000  # a new hour, GitHub's whole budget again
    world.wait_until(reset + timedelta(seconds=1))
    assert world.tick().ok
    titles = sorted(p.title for p in people.list_pulls(OPS, state="all"))
    assert titles == ["architect: Gift cards", "architect: Wishlists"]  # each once


def test_repeated_reads_are_answered_304_and_do_not_count(tmp_path: Path) -> None:
    world = github_world(tmp_path)
    world.vision("Wishlists")
    world.tick()
    bot = world.bot
    before_304 = bot.http.not_modified  # type: ignore[attr-defined]
    before_left = bot.http.rate.remaining  # type: ignore[attr-defined]
    bot.stats.reset()
    world.tick()
    sent = bot.stats.requests
    free = bot.http.not_modified - before_304  # type: ignore[attr-defined]
    assert free > 0
    # Only the answers that were not 304 came off the budget.
    assert before_left - bot.http.rate.remaining == sent - free  # type: ignore[attr-defined]


def _refusing(status: int, headers: dict[str, str], body: dict[str, str],
              then: int = 200) -> tuple[list[httpx.Request], httpx.MockTransport]:
    seen: list[httpx.Request] = []

    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        if len(seen) == 1:
            return httpx.Response(status, headers=headers, json=body)
        return httpx.Response(then, json={"id": 1, "login": "architect-bot"})
    return seen, httpx.MockTransport(answer)


def test_a_secondary_limit_is_waited_out_when_retry_after_is_short() -> None:
    slept: list[float] = []
    seen, transport = _refusing(403, {"Retry-After": "3"},
                                {"message": "You have exceeded a secondary rate limit."})
    forge = GitHubClient(None, "t", transport=transport,
                         retry=RetryPolicy(sleep=slept.append))
    assert forge.current_user().login == "architect-bot"
    assert slept == [3.0] and len(seen) == 2


def test_a_retry_after_date_is_measured_against_githubs_own_clock() -> None:
    """An HTTP-date Retry-After counts from the answer's Date, not the local clock."""
    slept: list[float] = []
    seen, transport = _refusing(429, {"Retry-After": "Wed, 25 Nov 2026 09:00:05 GMT",
                                      "Date": "Wed, 25 Nov 2026 09:00:00 GMT"},
                                {"message": "You have exceeded a secondary rate limit."})
    forge = GitHubClient(None, "t", transport=transport, retry=RetryPolicy(sleep=slept.append))
    assert forge.current_user().login == "architect-bot"
    assert slept == [5.0] and len(seen) == 2


def test_a_long_retry_after_stops_the_run_instead_of_sleeping() -> None:
    slept: list[float] = []
    seen, transport = _refusing(429, {"Retry-After": "600"}, {"message": "slow down"})
    forge = GitHubClient(None, "t", transport=transport, retry=RetryPolicy(sleep=slept.append))
    with pytest.raises(ForgeRateLimited, match="wait 600 s"):
        forge.current_user()
    assert slept == [] and len(seen) == 1


def test_a_spent_primary_limit_is_not_retried() -> None:
    seen, transport = _refusing(403, {"X-RateLimit-Remaining": "0", "X-RateLimit-Limit": "5000",
                                      "X-RateLimit-Reset": "4102444800"},
                                {"message": "API rate limit exceeded for user."})
    forge = GitHubClient(None, "t", transport=transport)
    with pytest.raises(ForgeRateLimited, match="resumes at 2100-01-01 00:00 UTC"):
        forge.current_user()
    with pytest.raises(ForgeRateLimited, match="was not sent"):
        forge.current_user()  # known to be spent: nothing leaves
    assert len(seen) == 1


def test_a_refusal_names_the_permission_github_says_the_token_lacks() -> None:
    _, transport = _refusing(403, {"X-Accepted-GitHub-Permissions": "issues=write"},
                             {"message": "Resource not accessible by personal access token",
                              "documentation_url": "https://docs.github.com/rest"})
    forge = GitHubClient(None, "github_pat_secretvalue", transport=transport)
    with pytest.raises(ForgePermissionError) as refused:
        forge.create_comment("acme/shop", 1, "hi")
    assert "needs the permission issues=write" in str(refused.value)
    assert "github_pat_secretvalue" not in str(refused.value)


def test_the_next_page_is_read_whole_though_its_query_holds_a_comma() -> None:
    link = ('<https://api.github.com/repositories/1/issues?labels=vision,backlog&page=2>; '
            'rel="next", <https://api.github.com/repositories/1/issues?labels=vision,backlog'
            '&page=5>; rel="last"')
    assert next_url(link) == ("https://api.github.com/repositories/1/issues"
                              "?labels=vision,backlog&page=2")
    assert next_url('<https://api.github.com/x?page=1>; rel="prev"') is None


class Stamped(httpx.BaseTransport):
    """Each request with the virtual time it left at, on to the dialect."""

    def __init__(self, inner: httpx.BaseTransport, time: VirtualTime) -> None:
        self.inner, self.time = inner, time
        self.sent: list[tuple[float, str, str]] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        self.sent.append((self.time(), request.method, request.url.path))
        return self.inner.handle_request(request)


def test_a_filing_tick_never_sends_two_writes_within_a_second(tmp_path: Path) -> None:
    world = make_world(tmp_path, dialect="github")
    assert world.github is not None
    stamped = Stamped(httpx.WSGITransport(app=world.github), world.time)
    world.clients[BOT] = world.client(BOT, stamped)
    world.vision("Wishlists")
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="open")
    world.comment(pr.number, "ACCEPT")
    world.tick()
    world.comment(pr.number, "Q1: B\nQ2: recommended")
    stamped.sent.clear()
    assert world.tick().ok
    assert world.bot.get_pull(OPS, pr.number).merged  # filed: sub-issues, links, the merge
    writes = [at for at, method, _ in stamped.sent if method != "GET"]
    assert len(writes) > 10
    assert all(b - a >= 1.0 for a, b in itertools.pairwise(writes))
    reads = [at for at, method, _ in stamped.sent if method == "GET"]
    # Reads are not held back: many leave within the same virtual second.
    assert len(reads) > len(set(reads))


def _searching(search_left: int, reset_in: int) -> tuple[list[str], httpx.MockTransport]:
    sent: list[str] = []

    def answer(request: httpx.Request) -> httpx.Response:
        sent.append(request.url.path)
        search = request.url.path.startswith("/search/")
        left = search_left if search else 4000
        headers = {"X-RateLimit-Resource": "search" if search else "core",
                   "X-RateLimit-Limit": "30" if search else "5000",
                   "X-RateLimit-Remaining": str(left),
                   "X-RateLimit-Reset": str(1_795_000_000 + (reset_in if search else 3000))}
        body: object = {"total_count": 0, "items": []} if search else [] \
            if request.url.path.endswith("/issues") else {"id": 1, "login": "architect-bot"}
        return httpx.Response(200, headers=headers, json=body)
    return sent, httpx.MockTransport(answer)


def test_a_spent_search_bucket_does_not_stop_ordinary_reads(
        caplog: pytest.LogCaptureFixture) -> None:
    now = datetime.fromtimestamp(1_795_000_000, UTC)
    sent, transport = _searching(search_left=1, reset_in=600)
    forge = GitHubClient(None, "t", transport=transport, retry=RetryPolicy(now=lambda: now))
    forge.search_issues("acme/shop", "wishlist", limit=5)
    with pytest.raises(ForgeRateLimited, match="search rate limit for this token is spent"):
        forge.search_issues("acme/shop", "wishlist", limit=5)
    assert forge.list_issues("acme/shop") == []  # the core bucket has plenty
    assert forge.current_user().login == "architect-bot"
    assert sent.count("/search/issues") == 1 and len(sent) == 3
    line = forge.http.limits_line()
    assert line is not None
    assert "core 4000 of 5000 left" in line and "search 1 of 30 left" in line
    assert "stopped by the spent search bucket" in line


def test_a_search_bucket_that_resets_within_its_minute_is_waited_out() -> None:
    now = datetime.fromtimestamp(1_795_000_000, UTC)
    slept: list[float] = []
    sent, transport = _searching(search_left=0, reset_in=50)
    forge = GitHubClient(None, "t", transport=transport,
                         retry=RetryPolicy(now=lambda: now, sleep=slept.append))
    forge.search_issues("acme/shop", "wishlist", limit=5)
    forge.search_issues("acme/shop", "wishlist", limit=5)
    assert slept == [51.0] and sent.count("/search/issues") == 2
    assert "searches waited 51.0 s" in (forge.http.limits_line() or "")


def test_the_tick_says_nothing_of_limits_that_did_not_bind() -> None:
    _, transport = _searching(search_left=29, reset_in=60)
    forge = GitHubClient(None, "t", transport=transport)
    forge.current_user()
    forge.search_issues("acme/shop", "wishlist", limit=5)
    assert forge.http.limits_line() is None
