"""The one request path to the forge: auth, timeout, retries, errors, pages, counting.

Every call of `ForgeClient` goes through `ForgeHttp.send`, so there is exactly
one place that

* adds ``Authorization: token …`` (the only place the token is revealed),
* applies the timeout (`httpx.Timeout` on the client, every request),
* retries what is safe to retry (`RetryPolicy`): reads on connection errors,
  timeouts, 429, 502, 503 and 504; writes only when the request surely never
  reached the server (connect errors, pool timeouts) or on 429, because a
  write that may have landed must not be repeated blindly — the next tick's
  "ensure" converges instead,
* turns a refusal into the typed errors of `architect.errors`, with a message
  that says what is missing or wrong and what to do, never the token,
* counts every HTTP attempt (`RequestStats`), retries and redirects included.

Pagination (`get_pages`) asks for the server's cap of 50 items a page and
follows ``Link: rel="next"``; without a Link header it falls back to
``X-Total-Count``, then to "a short page is the last one".
"""

from __future__ import annotations

import json
import logging
import random
import re
import ssl
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx

from architect.errors import (
    ConfigError,
    ForgeAuthError,
    ForgeConflict,
    ForgeError,
    ForgeNotFound,
    ForgePermissionError,
    ForgeRefused,
    ForgeRepoEmpty,
    ForgeRepoMissing,
    ForgeSchemeMismatch,
    ForgeUnavailable,
    ForgeValidation,
)
from architect.forge.secret import Secret

log = logging.getLogger(__name__)

API_PREFIX = "/api/v1"
PAGE_LIMIT = 50  # MAX_RESPONSE_ITEMS: a larger limit is silently clamped to this
MAX_PAGES = 2_000  # a guard against a server whose Link never ends
DEFAULT_TOKEN_ENV = "FORGE_ARCHITECT_TOKEN"
FALLBACK_TOKEN_ENV = "FORGE_TOKEN"

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
READ_RETRY_STATUSES = frozenset({429, 502, 503, 504})
WRITE_RETRY_STATUSES = frozenset({429})
# Transport errors after which a write surely never reached the server.
NEVER_SENT = (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout)
# Transport errors worth another try for a read.
_TRANSIENT = (httpx.TimeoutException, httpx.NetworkError, httpx.RemoteProtocolError)

JsonBody = Mapping[str, Any] | list[Any]
Params = Mapping[str, str | int]


@dataclass(frozen=True)
class RetryPolicy:
    """Bounded exponential backoff with jitter; `sleep` and `rng` are injectable for tests."""

    attempts: int = 4  # total tries of one request, the first included
    base_delay: float = 0.5  # seconds before the first retry (before jitter)
    max_delay: float = 8.0  # cap of one backoff sleep
    max_total_delay: float = 30.0  # cap of all sleeps of one request, Retry-After included
    sleep: Callable[[float], None] = time.sleep
    rng: Callable[[], float] = random.random
    now: Callable[[], datetime] = lambda: datetime.now(UTC)  # for an HTTP-date Retry-After

    def __post_init__(self) -> None:
        if self.attempts < 1:
            raise ValueError("RetryPolicy.attempts must be at least 1")

    def backoff(self, retry: int) -> float:
        """Delay before retry number `retry` (1-based): "equal jitter" in [d/2, d]."""
        delay = min(self.max_delay, self.base_delay * 2.0 ** (retry - 1))
        return delay / 2 + self.rng() * delay / 2


@dataclass
class RequestStats:
    """HTTP attempts made by one client, counted as they leave it (a forge would count the same)."""

    requests: int = 0
    by_method: Counter[str] = field(default_factory=Counter)
    retries: int = 0

    def record(self, request: httpx.Request) -> None:
        self.requests += 1
        self.by_method[request.method] += 1

    def reset(self) -> None:
        self.requests = 0
        self.by_method.clear()
        self.retries = 0


# -- what a path is about (pure) ------------------------------------------------

_REPO = r"/repos/(?P<repo>[^/]+/[^/]+)"
_THINGS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), thing)
    for pattern, thing in (
        (r"/user", "the current user"),
        (r"/version", "the server version"),
        (_REPO, "repository {repo}"),
        (_REPO + r"/issues/comments/(?P<id>\d+)", "comment {id}"),
        (_REPO + r"/issues/(?P<n>\d+)/labels/(?P<name>.+)", "label '{name}' (on issue #{n})"),
        (_REPO + r"/issues/(?P<n>\d+)/dependencies", "issue #{n} (or the issue it depends on)"),
        (_REPO + r"/issues/(?P<n>\d+)(/.*)?", "issue #{n}"),
        (_REPO + r"/pulls/(?P<n>\d+)(/.*)?", "pull request #{n}"),
        (_REPO + r"/pulls/(?P<base>[^/]+)/(?P<head>.+)", "an open PR from '{head}' into '{base}'"),
        (_REPO + r"/branches/(?P<branch>.+)", "branch '{branch}'"),
        (_REPO + r"/contents/(?P<file>.+)", "file '{file}'"),
        (_REPO + r"/collaborators/(?P<login>[^/]+)(/.*)?", "user '{login}'"),
    )
)


@dataclass(frozen=True)
class Target:
    """What a request is about, for error messages: the repo, the thing, the token scope."""

    repo: str | None
    thing: str | None  # None for a collection (`/issues`, `/labels`, …)
    # The Forgejo token scope category (docs/forgejo-behaviour.md#authentication-and-scopes).
    scope: str | None


def describe_target(api_path: str) -> Target:
    """`/repos/o/r/issues/7/comments` → repo o/r, "issue #7", scope "issue"."""
    repo_match = re.match(_REPO + r"(?P<rest>/.*)?$", api_path)
    repo = repo_match["repo"] if repo_match else None
    if api_path.startswith("/user"):
        scope: str | None = "user"
    elif repo_match:
        rest = repo_match["rest"] or ""
        scope = "issue" if re.match(r"/(issues|labels)(/|$)", rest) else "repository"
    else:
        scope = None
    for pattern, thing in _THINGS:
        match = pattern.fullmatch(api_path)
        if match:
            return Target(repo, thing.format(**match.groupdict()), scope)
    return Target(repo, None, scope)


# -- headers (pure) ---------------------------------------------------------------

_LINK = re.compile(r'<(?P<url>[^>]*)>\s*;\s*rel="?(?P<rel>[^",;]+)"?')


def next_url(link: str | None) -> str | None:
    """The URL of ``rel="next"`` in a Link header, or None (GitHub pages by URL)."""
    for match in _LINK.finditer(link or ""):
        if match["rel"] == "next":
            return match["url"]
    return None


def next_page(link: str | None, page: int) -> int | None:
    """The page number of ``rel="next"`` in a Link header, or None when there is none."""
    for match in _LINK.finditer(link or ""):
        if match["rel"] == "next":
            values = parse_qs(urlsplit(match["url"]).query).get("page", [])
            return int(values[0]) if values and values[0].isdigit() else page + 1
    return None


# An IMF-fixdate (RFC 9110 §5.6.7): the form every server sends. It holds a comma, so two
# Date fields folded into one line cannot be split on commas.
_HTTP_DATE = re.compile(r"[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT")


def server_clock(headers: httpx.Headers) -> datetime | None:
    """The forge's clock from the Date header, or None when there is none readable.

    A reverse proxy may add its own Date beside the forge's, as a second field or folded
    into one line: the first value counts (the cursor allows a proxy's clock some skew).
    """
    fields = headers.get_list("date")
    first = _HTTP_DATE.search(fields[0]) if fields else None
    if first is None:
        return None
    try:
        return parsedate_to_datetime(first.group()).astimezone(UTC)
    except (TypeError, ValueError):
        return None


def may_retry(method: str, exc: httpx.TransportError) -> bool:
    """A read retries any passing fault; a write only one that surely never left."""
    return isinstance(exc, _TRANSIENT if method in SAFE_METHODS else NEVER_SENT)


def retry_after(value: str | None, *, date: datetime | None, now: datetime) -> float | None:
    """Seconds to wait from a Retry-After header (delta-seconds or HTTP-date), if any.

    An HTTP-date is measured against the response's own clock (`server_clock`) when
    there is one, so a skewed local clock does not matter.
    """
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    return max(0.0, (when - (date or now)).total_seconds())


def forge_message(response: httpx.Response, secret: Secret) -> str:
    """The forge's own explanation (`message` + `errors`), short and with the token masked."""
    try:
        body: Any = response.json()
    except ValueError:
        text = response.text
    else:
        text = _message_of(body)
    text = " ".join(secret.redact(text).split())
    return text if len(text) <= 300 else text[:297] + "..."


def _message_of(body: Any) -> str:
    if not isinstance(body, dict) or not ({"message", "errors"} & body.keys()):
        # A 409 merge conflict has a Go error struct as its body, not {message, url}.
        return json.dumps(body) if body else ""
    message = str(body.get("message") or "")
    errors = [str(e) for e in body.get("errors") or [] if str(e) and str(e) != message]
    if errors and re.fullmatch(r"[A-Za-z]+", message):
        # A Go function name that ctx.NotFound put in `message`
        # (docs/forgejo-behaviour.md#error-bodies).
        message = ""
    return ": ".join(p for p in (message, "; ".join(errors)) if p)


# -- refusal → typed error (pure) ---------------------------------------------------


@dataclass(frozen=True)
class Refusal:
    """One refused request, as the error mapping needs it."""

    status: int
    method: str
    api_path: str
    forge: str  # the forge root URL, for the user to know which server
    said: str  # the forge's message, token masked
    token_env: str


_REFUSED: dict[int, type[ForgeRefused]] = {
    400: ForgeValidation,
    401: ForgeAuthError,
    403: ForgePermissionError,
    404: ForgeNotFound,
    409: ForgeConflict,
    422: ForgeValidation,
}


EMPTY_REPO = "Git Repository is empty"
# Every command asks it first, and only an API root answers it with JSON (401/403 included).
WHOAMI = "/user"
# Go's net/http answers a plain request on a TLS port with this 400 and closes.
PLAIN_TO_TLS = "HTTP request to an HTTPS server"


def not_the_api(forge: str) -> ConfigError:
    """`forge_url` points at something that is not a Forgejo's root (a sub-path, a proxy page)."""
    return ConfigError(f"forge_url {forge} does not answer the Forgejo API at {API_PREFIX}: "
                       "check forge_url (the forge's root URL, as the browser shows it)")


def refusal_error(refusal: Refusal) -> ForgeError | ConfigError:
    """The typed error of a 4xx or 5xx answer, with a message that says what to do."""
    r = refusal
    if r.status == 400 and PLAIN_TO_TLS in r.said:
        return ForgeSchemeMismatch(
            f"forge_url is {r.forge}, but the forge there speaks HTTPS: "
            "write https:// in forge_url.")
    if r.status == 404 and r.api_path == WHOAMI:
        # Not "the current user not found": a token's own user always exists. The page's
        # HTML says nothing useful either, so it is left out.
        return not_the_api(r.forge)
    message = refusal_message(r)
    if r.status == 429 or r.status >= 500:
        return ForgeUnavailable(message)
    error_type = _REFUSED.get(r.status, ForgeRefused)
    if r.status == 404 and EMPTY_REPO in r.said:
        error_type = ForgeRepoEmpty
    elif r.status == 404 and re.fullmatch(_REPO, r.api_path):
        error_type = ForgeRepoMissing
    return error_type(message, status=r.status, method=r.method, path=API_PREFIX + r.api_path)


def refusal_message(r: Refusal) -> str:
    target = describe_target(r.api_path)
    said = f' The forge said: "{r.said}".' if r.said else ""
    where = f"{r.method} {API_PREFIX}{r.api_path}"
    if r.status == 401:
        fallback = f" (or {FALLBACK_TOKEN_ENV})" if r.token_env == DEFAULT_TOKEN_ENV else ""
        return (
            f"the forge at {r.forge} rejected the token ({where}): "
            f"set {r.token_env}{fallback} to a valid access token.{said}"
        )
    if r.status == 403:
        return _forbidden(r, target, where)
    if r.status == 404 and EMPTY_REPO in r.said:
        return (f"repository {target.repo} on {r.forge} is empty: it has no commit, so no "
                "branch to work from. Push a first commit to it (or recreate it with a README).")
    if r.status == 404:
        hint = "(check the name; a private repository the token cannot see also answers 404)"
        if target.thing:
            return f"{_subject(target)} not found on {r.forge} {hint}.{said}"
        named = f"repository {target.repo} or something" if target.repo else "something"
        return f"{where}: {named} the request names was not found on {r.forge} {hint}.{said}"
    if r.status == 409:
        return f"{where} conflicts with what exists in {_subject(target)}.{said}"
    if r.status in (400, 422):
        return f"the forge rejected {where} as invalid.{said}"
    if r.status == 429:
        return f"the forge at {r.forge} is rate-limiting {where}; a later run will try again.{said}"
    if r.status >= 500:
        return (
            f"the forge at {r.forge} failed {where} with HTTP {r.status}; "
            f"a later run will try again.{said}"
        )
    return f"the forge refused {where} with HTTP {r.status}.{said}"


def _subject(target: Target) -> str:
    """What a message is about: `issue #7 in o/r`, or `repository o/r` for a collection."""
    repo_itself = f"repository {target.repo}" if target.repo else "the forge"
    if target.thing and target.repo and target.thing != repo_itself:
        return f"{target.thing} in {target.repo}"
    return target.thing or repo_itself


def _forbidden(r: Refusal, target: Target, where: str) -> str:
    level = "read" if r.method in SAFE_METHODS else "write"
    verb = "read" if level == "read" else "change"
    refused = f"to {verb} {_subject(target)}" if target.thing else where
    said = f': "{r.said}"' if r.said else ""
    if target.scope == "user" or not target.repo:
        scope = target.scope or "misc"
        return f"the forge refused {refused}{said}. This needs the token scope '{level}:{scope}'."
    return (
        f"the forge refused {refused}{said}. This needs the token scope "
        f"'{level}:{target.scope}' and {level} access to {target.repo} for the token's account."
    )


_RETRY_PROMISE = re.compile(r"(?:; a| A) later run will try again\.")


def without_retry_promise(message: str) -> str:
    """`message` without the promise of a later run, for a command no schedule repeats."""
    return _RETRY_PROMISE.sub(lambda m: "." if m[0].startswith(";") else "", message)


# -- the request path (imperative shell) -----------------------------------------------


class ForgeHttp:
    """One httpx client plus the rules above; owned and closed by `ForgeClient`."""

    def __init__(
        self,
        base_url: str,
        token: Secret,
        *,
        token_env: str,
        transport: httpx.BaseTransport | None,
        timeout: float,
        retry: RetryPolicy,
    ) -> None:
        self.forge = base_url
        self._token = token
        self._token_env = token_env
        self._retry = retry
        self.stats = RequestStats()
        self.timeout = httpx.Timeout(timeout)
        self._api_root = urlsplit(base_url).path.rstrip("/") + API_PREFIX
        self._client = httpx.Client(
            base_url=base_url + API_PREFIX,
            transport=transport,
            timeout=self.timeout,
            follow_redirects=True,  # a renamed repo redirects; httpx drops auth across hosts
            headers={"Accept": "application/json"},
            event_hooks={"request": [self.stats.record]},
        )

    def close(self) -> None:
        self._client.close()

    def send(
        self,
        method: str,
        path: str,
        *,
        params: Params | None = None,
        json_body: JsonBody | None = None,
    ) -> httpx.Response:
        """One request with retries; returns a 2xx/3xx response or raises a `ForgeError`.

        `path` is below /api/v1 and already percent-encoded by the caller.
        """
        retryable = READ_RETRY_STATUSES if method in SAFE_METHODS else WRITE_RETRY_STATUSES
        slept = 0.0
        for attempt in range(1, self._retry.attempts + 1):
            last = attempt == self._retry.attempts
            started = time.perf_counter()
            try:
                response = self._client.request(
                    method, path, params=params, json=json_body, headers=self._auth()
                )
            except httpx.TransportError as exc:
                self._trace(method, path, _describe_exc(exc), started, attempt)
                tls = _tls_error(exc)
                if tls is not None:
                    raise self._tls_refused(tls, exc) from exc
                if last or not may_retry(method, exc):
                    raise self._unreachable(method, path, exc, attempt) from exc
                delay, why = self._retry.backoff(attempt), _describe_exc(exc)
            else:
                self._trace(method, path, str(response.status_code), started, attempt)
                if response.status_code < 400:
                    return response
                if last or response.status_code not in retryable:
                    raise self._refused(response, attempts=attempt)
                delay = self._delay(response, attempt)
                why = f"HTTP {response.status_code}"
            if slept + delay > self._retry.max_total_delay:
                raise ForgeUnavailable(
                    f"the forge at {self.forge} did not answer {method} {API_PREFIX}{path} "
                    f"({why}) within the retry budget of {self._retry.max_total_delay:g} s "
                    f"(next wait {delay:g} s); a later run will try again."
                )
            log.warning(
                "forge %s %s%s: %s; retry %d of %d in %.1f s",
                *(method, API_PREFIX, path, why, attempt, self._retry.attempts - 1, delay),
            )
            self.stats.retries += 1
            self._retry.sleep(delay)
            slept += delay
        raise AssertionError("unreachable: the loop returns or raises")  # pragma: no cover

    def get_json(self, path: str, params: Params | None = None) -> Any:
        response = self.send("GET", path, params=params)
        if path == WHOAMI:
            try:
                return response.json()
            except ValueError as exc:  # e.g. a proxy's login page, answered with 200
                raise not_the_api(self.forge) from exc
        return _json(response, "GET", path)

    def send_json(self, method: str, path: str, json_body: JsonBody) -> Any:
        """A write whose answer is a JSON document (the created or changed object)."""
        return _json(self.send(method, path, json_body=json_body), method, path)

    def get_list(self, path: str, params: Params | None = None) -> list[Any]:
        """A list the server returns whole when no `page` is given (labels, reviews, comments)."""
        return _json_list(self.send("GET", path, params=params), path)

    def get_page(self, path: str, params: Params) -> tuple[list[Any], httpx.Headers]:
        """One page as the server sent it, with its headers (the total, the server's clock)."""
        response = self.send("GET", path, params=params)
        return _json_list(response, path), response.headers

    def get_pages(self, path: str, params: Params | None = None) -> list[Any]:
        """Every item of a paginated list, in server order, each id once."""
        items: list[Any] = []
        seen: set[object] = set()
        received, page = 0, 1
        for _ in range(MAX_PAGES):
            query = {**(params or {}), "limit": PAGE_LIMIT, "page": page}
            response = self.send("GET", path, params=query)
            batch = _json_list(response, path)
            received += len(batch)
            for item in batch:
                key = item.get("id") if isinstance(item, dict) else None
                # A PR that fails to convert is listed as null (go-gitea/gitea#4922); items
                # shift between pages when something is created meanwhile: keep each once.
                if item is not None and (key is None or key not in seen):
                    seen.add(key)
                    items.append(item)
            following = _following_page(response, page, len(batch), received)
            if following is None or following <= page:
                break
            page = following
        return items

    def _trace(self, method: str, path: str, outcome: str, started: float, attempt: int) -> None:
        """The `--verbose` line of one attempt. The path only: a query may carry anything."""
        if log.isEnabledFor(logging.DEBUG):
            elapsed_ms = (time.perf_counter() - started) * 1000
            again = f" (attempt {attempt})" if attempt > 1 else ""
            log.debug("forge %s %s%s → %s in %.0f ms%s", method, API_PREFIX,
                      self._token.redact(urlsplit(path).path), outcome, elapsed_ms, again)

    def _auth(self) -> dict[str, str]:
        return {"Authorization": f"token {self._token.reveal()}"} if self._token else {}


    def _delay(self, response: httpx.Response, attempt: int) -> float:
        after = retry_after(
            response.headers.get("retry-after"),
            date=server_clock(response.headers),
            now=self._retry.now(),
        )
        return self._retry.backoff(attempt) if after is None else after

    def _refused(self, response: httpx.Response, *,
                 attempts: int) -> ForgeError | ConfigError:
        request = response.request
        error = refusal_error(
            Refusal(
                status=response.status_code,
                method=request.method,
                api_path=request.url.path.removeprefix(self._api_root),
                forge=self.forge,
                said=forge_message(response, self._token),
                token_env=self._token_env,
            )
        )
        if attempts > 1 and isinstance(error, ForgeUnavailable):
            error.args = (f"{error.args[0]} (gave up after {attempts} attempts)",)
        return error

    def _tls_refused(self, tls: ssl.SSLError, exc: httpx.TransportError) -> ConfigError:
        """No retry: the same handshake fails the same way every time."""
        if isinstance(tls, ssl.SSLCertVerificationError):
            return ConfigError(
                f"the forge at {self.forge} has a TLS certificate this machine does not trust "
                f"({tls.verify_message}): install its CA, or point SSL_CERT_FILE at it.")
        return ForgeSchemeMismatch(
            f"forge_url is {self.forge}, but the forge there does not speak TLS "
            f"({_describe_exc(exc)}): write http:// in forge_url, or put the forge behind a "
            "TLS proxy.")

    def _unreachable(
        self, method: str, path: str, exc: httpx.TransportError, attempts: int
    ) -> ForgeUnavailable:
        where = f"{method} {API_PREFIX}{path}"
        reason = self._token.redact(_describe_exc(exc))
        if method not in SAFE_METHODS and not isinstance(exc, NEVER_SENT):
            return ForgeUnavailable(
                f"the forge at {self.forge} did not answer {where} ({reason}); the request "
                "may have been applied, so it was not repeated: the next run will reconcile."
            )
        tries = f" after {attempts} attempts" if attempts > 1 else ""
        return ForgeUnavailable(
            f"the forge at {self.forge} is unreachable: {where} failed{tries} ({reason}); "
            "check forge_url and that the forge is running. A later run will try again."
        )


def _following_page(response: httpx.Response, page: int, size: int, received: int) -> int | None:
    """The next page to ask for: Link first, then X-Total-Count, then "a full page"."""
    if size == 0:
        return None
    link = response.headers.get("link")
    if link:
        return next_page(link, page)
    total = response.headers.get("x-total-count", "")
    if total.isdigit():
        return page + 1 if received < int(total) else None
    return page + 1 if size >= PAGE_LIMIT else None


def _tls_error(exc: BaseException) -> ssl.SSLError | None:
    """The TLS error under a transport error: the server answered, but not as TLS expects."""
    seen: BaseException | None = exc
    for _ in range(8):  # httpx → httpcore → ssl: a short chain, never a cycle worth following
        if seen is None or isinstance(seen, ssl.SSLError):
            return seen
        seen = seen.__cause__ or seen.__context__
    return None


def _describe_exc(exc: httpx.TransportError) -> str:
    detail = str(exc)
    return f"{type(exc).__name__}: {detail}" if detail else type(exc).__name__


def _json(response: httpx.Response, method: str, path: str) -> Any:
    try:
        return response.json()
    except ValueError as exc:
        raise ForgeError(
            f"the forge answered {method} {API_PREFIX}{path} with something that is not JSON "
            f"(HTTP {response.status_code}, {response.headers.get('content-type', 'no type')}); "
            "check that forge_url is the forge's root URL."
        ) from exc


def _json_list(response: httpx.Response, path: str) -> list[Any]:
    body = _json(response, "GET", path)
    if not isinstance(body, list):
        kind = type(body).__name__
        raise ForgeError(f"the forge answered GET {API_PREFIX}{path} with a {kind}, not a list")
    return body
