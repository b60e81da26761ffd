"""The one request path to GitHub: auth, retries, rate limits, conditional reads, pages.

Like `forge.http.ForgeHttp` for Forgejo, every call of `GitHubClient` goes through
`GitHubHttp.send`, the one place that

* adds ``Authorization: Bearer …`` from a `TokenSource` (a personal access token,
  or a GitHub App installation token renewed before it expires),
* sends ``If-None-Match`` with the ETag of the last answer to the same read: a
  ``304`` is answered from that copy and does not count against the rate limit,
* reads ``X-RateLimit-Remaining`` / ``-Reset`` after every answer, for the bucket
  ``X-RateLimit-Resource`` names (``core``, or ``search``: 30 a minute, its own), and
  refuses to send once that bucket is spent (`ForgeRateLimited`, raised *before* a
  request leaves, so a tick stops between two actions and says when it resumes); a spent
  search bucket that resets within a minute is waited out, and never holds back the core
  reads,
* spaces writes (POST/PATCH/PUT/DELETE) at least a second apart, as GitHub asks of
  integrations to stay clear of its secondary limits; reads are not held back (`Pace`,
  on an injected clock and sleep),
* waits out a secondary limit's ``Retry-After`` when it is short, and otherwise gives up,
* retries reads on connection errors and 502/503/504, writes only when they surely
  never left (the next tick's "ensure" converges instead),
* turns a refusal into the typed errors of `architect.errors`, quoting GitHub's
  ``message`` and ``documentation_url`` and, on a 403, the permission GitHub says the
  token lacks (``X-Accepted-GitHub-Permissions``).

Pagination asks for 100 items a page (GitHub's cap) and follows ``Link: rel="next"``.

What outlives one client is in `Kept` (the ETags with their answers, both buckets, the
time of the last write, an App's installation token): `architect loop` hands the same
`Kept` to every tick's client, so an unchanged tick is answered 304 and costs no budget,
and the App's token is made once an hour, not once a tick.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol
from urllib.parse import urlsplit

import httpx

from architect.errors import (
    ConfigError,
    ForgeAuthError,
    ForgeConflict,
    ForgeError,
    ForgeNotFound,
    ForgePermissionError,
    ForgeRateLimited,
    ForgeRefused,
    ForgeRepoMissing,
    ForgeUnavailable,
    ForgeValidation,
)
from architect.forge.http import (
    NEVER_SENT,
    SAFE_METHODS,
    RequestStats,
    RetryPolicy,
    may_retry,
    next_url,
    retry_after,
    server_clock,
)
from architect.forge.secret import Secret

log = logging.getLogger(__name__)

GITHUB_API_URL = "https://api.github.com"  # the default API address (`forge_url` unset)
API_VERSION = "2022-11-28"
PER_PAGE = 100  # GitHub's cap for every list the architect reads
MAX_PAGES = 1_000
# Requests kept back from the primary limit: a tick that would dip below stops early,
# leaving room for `status` and a person's own tools on the same token.
RESERVE = 2
MAX_CACHED = 1024  # answers kept for conditional reads (a tick repeats a few dozen)
WRITE_GAP_S = 1.0  # GitHub: "wait at least one second between each request" that writes
CORE, SEARCH = "core", "search"
# The search bucket refills every minute: a spent one is waited out rather than failing
# the tick (a wait up to its window, plus the second GitHub's reset is rounded to).
SEARCH_WAIT_MAX_S = 61.0
# A bucket this far spent is reported in the tick's log (with the other one).
LOW_SHARE = 0.1

JsonBody = Mapping[str, Any] | list[Any]
Params = Mapping[str, str | int]


class TokenSource(Protocol):
    """Where the bearer token comes from (a PAT, or an App installation)."""

    env: str  # the variable(s) to name in a message about the token

    def token(self) -> Secret: ...

    def invalidate(self) -> None:
        """The token was refused: the next `token()` makes a new one, if it can."""
        ...


@dataclass
class PersonalToken:
    """A fine-grained personal access token (or a classic one): never renewed."""

    secret: Secret
    env: str = "FORGE_ARCHITECT_TOKEN"

    def token(self) -> Secret:
        return self.secret

    def invalidate(self) -> None:
        return None


@dataclass
class RateLimit:
    """The primary limit as GitHub last reported it (`None`: not heard yet)."""

    remaining: int | None = None
    limit: int | None = None
    reset: datetime | None = None

    def read(self, headers: httpx.Headers) -> None:
        remaining, limit = headers.get("x-ratelimit-remaining"), headers.get("x-ratelimit-limit")
        reset = headers.get("x-ratelimit-reset", "")
        if remaining is not None and remaining.isdigit():
            self.remaining = int(remaining)
        if limit is not None and limit.isdigit():
            self.limit = int(limit)
        if reset.isdigit():
            seconds = int(reset)
            # Some recordings carry milliseconds; GitHub itself sends epoch seconds.
            self.reset = datetime.fromtimestamp(seconds / 1000 if seconds > 10**11 else seconds,
                                                UTC)

    def spent(self, now: datetime) -> bool:
        if self.remaining is None or self.reset is None or now >= self.reset:
            return False
        return self.remaining <= RESERVE

    def low(self) -> bool:
        return (self.remaining is not None and self.limit is not None
                and self.remaining <= max(RESERVE, self.limit * LOW_SHARE))

    def figure(self, name: str) -> str:
        if self.remaining is None:
            return f"{name} not heard yet"
        of = f" of {self.limit}" if self.limit is not None else ""
        at = f", resets {self.reset:%H:%M:%S} UTC" if self.reset is not None else ""
        return f"{name} {self.remaining}{of} left{at}"


def resumes(at: datetime | None) -> str:
    return f"at {at:%Y-%m-%d %H:%M} UTC" if at is not None else "when GitHub's limit resets"


@dataclass(frozen=True)
class _Cached:
    etag: str
    body: Any
    link: str | None


class ETagCache:
    """The last answer of each read with its ETag, the oldest dropped first: `architect
    loop` runs for months, so it is bounded."""

    def __init__(self, size: int = MAX_CACHED) -> None:
        self._size = size
        self._items: OrderedDict[str, _Cached] = OrderedDict()

    def get(self, key: str) -> _Cached | None:
        return self._items.get(key)

    def put(self, key: str, item: _Cached) -> None:
        self._items[key] = item
        self._items.move_to_end(key)
        while len(self._items) > self._size:
            self._items.popitem(last=False)

    def __len__(self) -> int:
        return len(self._items)


@dataclass
class Pace:
    """Writes at least `gap` seconds apart, on `clock` (monotonic seconds) and `sleep`."""

    gap: float = WRITE_GAP_S
    clock: Callable[[], float] = time.monotonic
    sleep: Callable[[float], None] = time.sleep
    last: float | None = None  # when the last write was sent

    def hold(self) -> float:
        """Wait until the next write may leave; the seconds waited."""
        wait = 0.0 if self.last is None else self.last + self.gap - self.clock()
        if wait > 0:
            self.sleep(wait)
        self.last = self.clock()
        return max(wait, 0.0)


@dataclass
class Kept:
    """What a GitHub connection keeps across the ticks of one process (`architect loop`):
    conditional reads, both rate-limit buckets, the last write's time, and the token
    source (an App's installation token lives an hour)."""

    etags: ETagCache = field(default_factory=ETagCache)
    limits: dict[str, RateLimit] = field(default_factory=dict)
    pace: Pace = field(default_factory=Pace)
    tokens: TokenSource | None = None

    def bucket(self, resource: str) -> RateLimit:
        return self.limits.setdefault(resource, RateLimit())


@dataclass
class Held:
    """What GitHub's limits cost one client (one tick): writes spaced, searches waited."""

    writes: int = 0  # writes held back for the one-second spacing
    write_wait: float = 0.0
    search_wait: float = 0.0
    stopped: str | None = None  # the bucket whose spent budget stopped a request


class GitHubHttp:
    """One httpx client plus the rules above; owned and closed by `GitHubClient`."""

    def __init__(
        self,
        api_url: str,
        tokens: TokenSource,
        *,
        transport: httpx.BaseTransport | None,
        timeout: float,
        retry: RetryPolicy,
        kept: Kept | None = None,
    ) -> None:
        self.api_url = api_url
        self._tokens = tokens
        self._retry = retry
        self.stats = RequestStats()
        self.kept = kept or Kept()
        self.held = Held()
        self.not_modified = 0  # 304 answers: free reads
        self.last_date: datetime | None = None  # the Date of the last read's answer
        self._etags = self.kept.etags
        self._api_root = urlsplit(api_url).path.rstrip("/")
        self._client = httpx.Client(
            base_url=api_url,
            transport=transport,
            timeout=httpx.Timeout(timeout),
            follow_redirects=True,
            headers={"Accept": "application/vnd.github+json",
                     "X-GitHub-Api-Version": API_VERSION,
                     "User-Agent": "architect"},
            event_hooks={"request": [self.stats.record]},
        )

    @property
    def rate(self) -> RateLimit:
        """The core bucket: every request but the search API's."""
        return self.kept.bucket(CORE)

    @property
    def search_rate(self) -> RateLimit:
        return self.kept.bucket(SEARCH)

    def limits_line(self) -> str | None:
        """Both buckets' figures and the writes' spacing, when a limit bound this client's
        requests (a bucket low or spent, a request held back); None when none did."""
        held = self.held
        if not (held.writes or held.search_wait or held.stopped or self.rate.low()
                or self.search_rate.low()):
            return None
        parts = [self.rate.figure("core"), self.search_rate.figure("search")]
        if held.writes:
            parts.append(f"{held.writes} writes held back {held.write_wait:.1f} s to keep "
                         f"them {self.kept.pace.gap:g} s apart")
        if held.search_wait:
            parts.append(f"searches waited {held.search_wait:.1f} s for the search bucket")
        if held.stopped:
            parts.append(f"stopped by the spent {held.stopped} bucket")
        return "GitHub rate limits: " + "; ".join(parts)

    def close(self) -> None:
        self._client.close()

    # -- reads and writes -------------------------------------------------------
    def get_json(self, path: str, params: Params | None = None) -> Any:
        return self._get(path, params)[0]

    def send_json(self, method: str, path: str, json_body: JsonBody) -> Any:
        response = self.send(method, path, json_body=json_body)
        return _json(response, method, path)

    def get_pages(self, path: str, params: Params | None = None) -> list[Any]:
        """Every item of a list, following `Link: rel="next"`, each id once."""
        items: list[Any] = []
        seen: set[object] = set()
        url: str | None = path
        query: Params | None = {**(params or {}), "per_page": PER_PAGE}
        for _ in range(MAX_PAGES):
            if url is None:
                break
            body, link = self._get(url, query)
            batch = body.get("items", []) if isinstance(body, dict) else body
            if not isinstance(batch, list):
                raise ForgeError(f"GitHub answered GET {path} with a {type(body).__name__}, "
                                 "not a list")
            for item in batch:
                key = item.get("id") if isinstance(item, dict) else None
                if key is None or key not in seen:
                    seen.add(key)
                    items.append(item)
            url, query = next_url(link), None  # the next URL carries the whole query
        return items

    def get_page(self, path: str, params: Params) -> tuple[list[Any], bool, datetime | None]:
        """One page, whether GitHub says there is another, and GitHub's clock (`Date`)."""
        body, link = self._get(path, params)
        if not isinstance(body, list):
            raise ForgeError(f"GitHub answered GET {path} with a {type(body).__name__}, not a list")
        return body, next_url(link) is not None, self.last_date

    def _get(self, path: str, params: Params | None) -> tuple[Any, str | None]:
        key = self._client.build_request("GET", path, params=params).url.raw_path.decode()
        cached = self._etags.get(key)
        extra = {"If-None-Match": cached.etag} if cached else {}
        response = self.send("GET", path, params=params, headers=extra)
        # The same rule for the answer's clock as on Forgejo; a 304 is dated when it is sent.
        self.last_date = server_clock(response.headers)
        if response.status_code == 304 and cached is not None:
            self.not_modified += 1
            return cached.body, cached.link
        body = _json(response, "GET", path)
        etag = response.headers.get("etag")
        if etag:
            self._etags.put(key, _Cached(etag, body, response.headers.get("link")))
        return body, response.headers.get("link")

    def send(
        self,
        method: str,
        path: str,
        *,
        params: Params | None = None,
        json_body: JsonBody | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> httpx.Response:
        """One request with retries; a 2xx/304 response, or a typed `ForgeError`."""
        slept = 0.0
        renewed = False
        resource = _resource(path, self._api_root)
        for attempt in range(1, self._retry.attempts + 1):
            self._check_budget(method, path, resource)
            if method not in SAFE_METHODS:
                waited = self.kept.pace.hold()
                if waited:
                    self.held.writes += 1
                    self.held.write_wait += waited
            last = attempt == self._retry.attempts
            auth = {"Authorization": f"Bearer {self._tokens.token().reveal()}"}
            try:
                response = self._client.request(method, path, params=params, json=json_body,
                                                headers={**auth, **(headers or {})})
            except httpx.TransportError as exc:
                if last or not may_retry(method, exc):
                    raise self._unreachable(method, path, exc) from exc
                delay, why = self._retry.backoff(attempt), type(exc).__name__
            else:
                named = response.headers.get("x-ratelimit-resource", resource)
                self.kept.bucket(named).read(response.headers)
                status = response.status_code
                if status < 400:
                    return response
                if status == 401 and not renewed:
                    self._tokens.invalidate()  # an installation token may just have expired
                    renewed = True
                    continue
                wait = self._limit_wait(response)
                if wait is None and (status not in (502, 503, 504) or method not in SAFE_METHODS
                                     or last):
                    raise self._refused(response)
                delay = wait if wait is not None else self._retry.backoff(attempt)
                why = f"HTTP {status}"
            if slept + delay > self._retry.max_total_delay:
                raise ForgeRateLimited(
                    f"GitHub asks to wait {delay:g} s before {method} {path} ({why}), more "
                    f"than this run waits; a later run will try again.",
                    resumes_at=None)
            log.warning("github %s %s: %s; retry in %.1f s", method, path, why, delay)
            self.stats.retries += 1
            self._retry.sleep(delay)
            slept += delay
        raise ForgeUnavailable(f"GitHub did not answer {method} {path} after "
                               f"{self._retry.attempts} attempts; a later run will try again.")

    # -- limits -----------------------------------------------------------------
    def _check_budget(self, method: str, path: str, resource: str) -> None:
        """Refuse to send what `resource`'s bucket cannot pay; a search bucket, which
        refills every minute, is waited out instead when its reset is that near."""
        bucket = self.kept.bucket(resource)
        now = self._retry.now()
        if not bucket.spent(now):
            return
        wait = (bucket.reset - now).total_seconds() + 1 if bucket.reset else None
        if resource == SEARCH and wait is not None and wait <= SEARCH_WAIT_MAX_S:
            log.info("github: the search bucket is spent (%s); waiting %.0f s for it",
                     bucket.figure("search"), wait)
            self._retry.sleep(wait)
            self.held.search_wait += wait
            bucket.remaining = None  # heard again with the answer
            return
        self.held.stopped = resource
        which = "rate limit" if resource == CORE else f"{resource} rate limit"
        raise ForgeRateLimited(
            f"GitHub's {which} for this token is spent ({bucket.remaining} of "
            f"{bucket.limit} requests left): {method} {path} was not sent. The architect "
            f"resumes {resumes(bucket.reset)}.", resumes_at=bucket.reset)

    def _limit_wait(self, response: httpx.Response) -> float | None:
        """Seconds to wait for a secondary limit; None when this is no limit to wait out.

        A spent primary limit raises at once: waiting up to an hour is not a tick's job.
        """
        if response.status_code not in (403, 429):
            return None
        after = retry_after(response.headers.get("retry-after"),
                            date=server_clock(response.headers), now=self._retry.now())
        if after is not None:
            return after
        if response.headers.get("x-ratelimit-remaining") == "0":
            resource = response.headers.get("x-ratelimit-resource") or _resource(
                response.request.url.path, self._api_root)
            bucket = self.kept.bucket(resource)
            self.held.stopped = resource
            which = "rate limit" if resource == CORE else f"{resource} rate limit"
            raise ForgeRateLimited(
                f"GitHub's {which} for this token is spent "
                f"({response.request.method} {response.request.url.path}); the architect "
                f"resumes {resumes(bucket.reset)}.", resumes_at=bucket.reset)
        if response.status_code == 429 or "secondary rate limit" in response.text.lower():
            return 60.0  # GitHub's advice when a secondary limit names no time
        return None

    # -- errors ------------------------------------------------------------------
    def _refused(self, response: httpx.Response) -> ForgeError | ConfigError:
        request = response.request
        path = request.url.path.removeprefix(self._api_root) or "/"
        where = f"{request.method} {path}"
        said = github_message(response, self._tokens.token())
        status = response.status_code
        if status >= 500:
            return ForgeUnavailable(f"GitHub failed {where} with HTTP {status}; a later run "
                                    f"will try again.{said}")
        if status == 401:
            return ForgeAuthError(
                f"GitHub rejected the token ({where}): set {self._tokens.env} to a valid "
                f"token.{said}", status=status, method=request.method, path=path)
        if status == 403:
            needs = response.headers.get("x-accepted-github-permissions", "")
            hint = f" The token needs the permission {needs}." if needs else ""
            return ForgePermissionError(f"GitHub refused {where}.{said}{hint}",
                                        status=status, method=request.method, path=path)
        # 410 Gone: an issue deleted (or its repo's issues turned off): to every caller
        # the same as Forgejo's 404 for a deleted issue.
        kind: type[ForgeRefused] = {404: ForgeNotFound, 410: ForgeNotFound, 409: ForgeConflict,
                                    422: ForgeValidation, 400: ForgeValidation
                                    }.get(status, ForgeRefused)
        if status == 404 and path.count("/") == 3 and path.startswith("/repos/"):
            kind = ForgeRepoMissing
        if status == 404:
            message = (f"{where}: not found on GitHub (check the name; a private repository "
                       f"the token cannot see also answers 404).{said}")
        elif status == 410:
            message = f"{where}: gone on GitHub (deleted, or issues turned off).{said}"
        else:
            message = f"GitHub refused {where} with HTTP {status}.{said}"
        return kind(message, status=status, method=request.method, path=path)

    def _unreachable(self, method: str, path: str, exc: httpx.TransportError) -> ForgeUnavailable:
        if method not in SAFE_METHODS and not isinstance(exc, NEVER_SENT):
            return ForgeUnavailable(
                f"GitHub did not answer {method} {path} ({type(exc).__name__}); the request "
                "may have been applied, so it was not repeated: the next run will reconcile.")
        return ForgeUnavailable(f"GitHub at {self.api_url} is unreachable: {method} {path} "
                                f"failed ({type(exc).__name__}); a later run will try again.")


def _resource(path: str, api_root: str) -> str:
    """The bucket a request is paid from: the search API has its own."""
    where = urlsplit(path).path
    where = where.removeprefix(api_root) if where.startswith(api_root + "/") else where
    return SEARCH if where.startswith("/search/") else CORE


def github_message(response: httpx.Response, secret: Secret) -> str:
    """` GitHub said: "…" (docs)`: the message, its errors and documentation_url, masked."""
    try:
        body = response.json()
    except ValueError:
        return ""
    if not isinstance(body, dict):
        return ""
    parts = [str(body.get("message") or "")]
    for error in body.get("errors") or []:
        if isinstance(error, dict):
            fields = " ".join(str(error.get(k, "")) for k in ("resource", "field", "code"))
            parts.append(str(error.get("message") or fields))
        else:
            parts.append(str(error))
    text = secret.redact("; ".join(p.strip() for p in parts if p.strip()))
    docs = body.get("documentation_url")
    see = f" (see {docs})" if isinstance(docs, str) and docs else ""
    return f' GitHub said: "{text}"{see}.' if text else ""


def _json(response: httpx.Response, method: str, path: str) -> Any:
    if response.status_code == 204 or not response.content:
        return None
    try:
        return response.json()
    except ValueError as exc:
        raise ForgeError(f"GitHub answered {method} {path} with something that is not JSON "
                         f"(HTTP {response.status_code}); check forge_url (GitHub Enterprise "
                         "Server: https://HOST/api/v3).") from exc

