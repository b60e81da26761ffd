"""HTTP plumbing shared by the handlers: the request context, errors, bodies, pagination."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar
from urllib.parse import urlencode

from werkzeug.wrappers import Request

from architect.emulator.store import Store, User

DEFAULT_PAGING_NUM = 30
MAX_RESPONSE_ITEMS = 50
NOT_FOUND = "The target couldn't be found."

JSON = Any
T = TypeVar("T")


class ApiError(Exception):
    """An error response. `errors` set → the 404 shape `{message, url, errors}`."""

    def __init__(
        self,
        status: int,
        message: str = "",
        *,
        errors: list[str] | None = None,
        empty: bool = False,
        payload: JSON = None,
    ) -> None:
        super().__init__(f"{status} {message}")
        self.status = status
        self.message = message
        self.errors = errors
        self.empty = empty  # the handlers that answer `ctx.Status(403)`: no body at all
        self.payload = payload  # a handler that writes its own error body


def not_found(message: str = NOT_FOUND, *errors: str) -> ApiError:
    return ApiError(404, message, errors=list(errors))


def forbidden_empty() -> ApiError:
    return ApiError(403, empty=True)


def unprocessable(message: str) -> ApiError:
    return ApiError(422, message)


@dataclass
class Reply:
    status: int
    body: JSON = None
    empty: bool = False
    headers: dict[str, str] = field(default_factory=dict)


def no_content() -> Reply:
    return Reply(204, empty=True)


@dataclass
class Event:
    """Something a webhook may report. The payload is built when the request's
    changes are complete, still under the store lock."""

    repo_id: int
    flag: str  # the subscription flag that gates it, e.g. "issue_label"
    event: str  # X-Forgejo-Event
    event_type: str  # X-Forgejo-Event-Type
    build: Callable[[], dict[str, JSON]]
    # What GitHub delivers for the same change, to a hook made through the GitHub dialect:
    # (X-GitHub-Event, payload) for each delivery, none when GitHub sends nothing.
    github: Callable[[], list[tuple[str, dict[str, JSON]]]] | None = None


@dataclass
class Ctx:
    store: Store
    request: Request
    params: dict[str, Any]
    root: str  # ROOT_URL, with a trailing slash
    doer: User | None = None
    scopes: list[str] | None = None  # None: signed in with a password (no token scope)
    events: list[Event] = field(default_factory=list)
    memo: dict[tuple[object, ...], JSON] = field(default_factory=dict)  # per-request JSON cache
    _body: JSON = None
    _parsed: bool = False

    # -- request data ---------------------------------------------------------
    def query(self, key: str, default: str = "") -> str:
        return self.request.args.get(key, default)

    def query_int(self, key: str) -> int:
        """Go's `ctx.FormInt`: 0 when absent or not a number."""
        try:
            return int(self.request.args.get(key, "0"))
        except ValueError:
            return 0

    def body(self) -> dict[str, JSON]:
        """The JSON body, bound as go-chi/binding binds it (422 on a missing Content-Type)."""
        if not self._parsed:
            self._body = self._parse_body()
            self._parsed = True
        if not isinstance(self._body, dict):
            raise unprocessable("[]: Json: body is not an object")
        return self._body

    def _form(self) -> FormBody:
        """Go's `Request.Form`: the body's values first, then the query string's."""
        form = FormBody()
        for source in (self.request.form, self.request.args):
            for key, values in source.lists():
                form.setdefault(key, []).extend(values)
        return form

    def _parse_body(self) -> JSON:
        # go-chi/binding's `Bind` picks the binder by substring, in this order:
        # form-urlencoded, multipart/form-data, json; a PATCH/DELETE without a
        # type binds the (query-string) form.
        content_type = self.request.headers.get("Content-Type", "")
        if "form-urlencoded" in content_type or "multipart/form-data" in content_type:
            return self._form()
        data = self.request.get_data()
        if "json" not in content_type:
            if self.request.method in ("POST", "PUT") or content_type:
                if content_type:
                    raise unprocessable("[]: Unsupported Content-Type")
                raise unprocessable("[]: Empty Content-Type")
            return {}  # PATCH/DELETE without a type bind an empty form
        if not data.strip():
            return {}
        try:
            return json.loads(data)
        except ValueError as exc:
            raise unprocessable(f"[]: Json: {exc}") from None


# -- body field access with Go-like binding errors ---------------------------------------


class FormBody(dict[str, list[str]]):
    """A form-encoded body: every key with all its values, as `mapForm` sees them.

    The form binder fills only fields of a plain kind (string, number, bool) and
    slices of them, from the repeated key; nested objects, maps, times and
    pointers stay unset, so `raw_value` hides them and each accessor parses the
    text the way `setWithProperType` does.
    """


def raw_value(body: dict[str, JSON], key: str) -> JSON:
    """A nested value (object, list of objects, time): JSON only, never bound from a form."""
    return None if isinstance(body, FormBody) else body.get(key)


def form_key(go_name: str) -> str:
    """The binder's `nameMapper`: the Go field name in snake case, one `_` before each
    capital (`HeadCommitID` is `head_commit_i_d`), since the API structs carry no
    `form` tags. Mostly the JSON key; not for `SHA`, `BranchName` (`branch`) …"""
    return re.sub(r"(?<!^)([A-Z])", r"_\1", go_name).lower()


def _form_values(body: FormBody, go_name: str) -> list[str]:
    return body.get(form_key(go_name)) or []


def _form_scalar(body: FormBody, go_name: str, kind: str) -> JSON:
    values = _form_values(body, go_name)
    if not values:
        return None
    return _form_parse(values[0], go_name, kind)


def _form_parse(text: str, go_name: str, kind: str) -> JSON:
    field = form_key(go_name)  # a parse error names the form key, a `Required` the Go field
    if kind == "int":
        try:
            return int(text or "0")
        except ValueError:
            raise unprocessable(f"[{field}]: Value could not be parsed as integer") from None
    if kind == "bool":
        if text == "on":
            return True
        parsed = _GO_BOOLS.get(text or "false")
        if parsed is None:
            raise unprocessable(f"[{field}]: Value could not be parsed as boolean")
        return parsed
    return text


# strconv.ParseBool
_GO_BOOLS = {
    **dict.fromkeys(("1", "t", "T", "TRUE", "true", "True"), True),
    **dict.fromkeys(("0", "f", "F", "FALSE", "false", "False"), False),
}


def _opt_scalar(
    body: dict[str, JSON], key: str, go_name: str, kind: str, what: str, ok: Callable[[Any], bool]
) -> JSON:
    """A form's value parsed as `kind`, or the JSON value if `ok` (else `must be {what}`)."""
    if isinstance(body, FormBody):
        return _form_scalar(body, go_name, kind)
    value = body.get(key)
    if value is not None and not ok(value):
        raise unprocessable(f"[{go_name}]: must be {what}")
    return value


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def opt_int(body: dict[str, JSON], key: str, go_name: str) -> int | None:
    number: int | None = _opt_scalar(body, key, go_name, "int", "an integer", _is_int)
    return number


def opt_str(body: dict[str, JSON], key: str, go_name: str) -> str | None:
    text: str | None = _opt_scalar(
        body, key, go_name, "str", "a string", lambda v: isinstance(v, str)
    )
    return text


def req_str(body: dict[str, JSON], key: str, go_name: str) -> str:
    value = opt_str(body, key, go_name)
    if not value:
        raise unprocessable(f"[{go_name}]: Required")
    return value


def opt_bool(body: dict[str, JSON], key: str, go_name: str) -> bool | None:
    flag: bool | None = _opt_scalar(
        body, key, go_name, "bool", "a boolean", lambda v: isinstance(v, bool)
    )
    return flag


def opt_int_list(body: dict[str, JSON], key: str, go_name: str) -> list[int] | None:
    if isinstance(body, FormBody):
        values = _form_values(body, go_name)
        return [_form_parse(v, go_name, "int") for v in values] if values else None
    value = body.get(key)
    if value is None:
        return None
    if not isinstance(value, list) or not all(_is_int(v) for v in value):
        raise unprocessable(f"[{go_name}]: must be a list of integers")
    return list(value)


def opt_str_list(body: dict[str, JSON], key: str, go_name: str) -> list[str] | None:
    if isinstance(body, FormBody):
        return _form_values(body, go_name) or None
    value = body.get(key)
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise unprocessable(f"[{go_name}]: must be a list of strings")
    return list(value)


# -- pagination ------------------------------------------------------------------


@dataclass(frozen=True)
class Page:
    page: int
    limit: int

    def slice(self, items: list[T]) -> list[T]:
        start = (self.page - 1) * self.limit
        return items[start : start + self.limit]


def page_of(ctx: Ctx) -> Page:
    """`page` ≥ 1; `limit` ≤ 0 → DEFAULT_PAGING_NUM, > MAX_RESPONSE_ITEMS → clamped, no error."""
    page = max(ctx.query_int("page"), 1)
    limit = ctx.query_int("limit")
    if limit <= 0:
        limit = DEFAULT_PAGING_NUM
    return Page(page, min(limit, MAX_RESPONSE_ITEMS))


def has_page(ctx: Ctx) -> bool:
    """The lists that paginate only when asked to (labels, reviews, repo comments)."""
    return ctx.query_int("page") > 0


def total_count(reply: Reply, total: int) -> Reply:
    reply.headers["X-Total-Count"] = str(total)
    _expose(reply, "X-Total-Count")
    return reply


def page_links(current: int, pages: int) -> list[tuple[int, str]]:
    """The pages a `Link` header names from page `current` of `pages`, in Forgejo's order
    (the GitHub dialect's too): next and last when there are more, first and prev when
    this is not the first."""
    links: list[tuple[int, str]] = []
    if current < pages:
        links.append((current + 1, "next"))
        links.append((pages, "last"))
    if current > 1:
        links.append((1, "first"))
        links.append((current - 1, "prev"))
    return links


def link_header(ctx: Ctx, reply: Reply, total: int, page: Page) -> Reply:
    """`SetLinkHeader`: next, last, first, prev joined by "," (no space); none for one page."""
    pages = max((total + page.limit - 1) // page.limit, 1)
    links = page_links(min(page.page, pages), pages)
    if links:
        reply.headers["Link"] = ",".join(
            f'<{_page_url(ctx, number)}>; rel="{rel}"' for number, rel in links
        )
        _expose(reply, "Link")
    return reply


def _page_url(ctx: Ctx, number: int) -> str:
    # Go's url.Values.Encode: keys sorted, `page` replaced.
    pairs = [(k, v) for k, v in ctx.request.args.items(multi=True) if k != "page"]
    pairs.append(("page", str(number)))
    pairs.sort(key=lambda kv: kv[0])
    return f"{ctx.root}{ctx.request.path.lstrip('/')}?{urlencode(pairs)}"


def _expose(reply: Reply, header: str) -> None:
    current = reply.headers.get("Access-Control-Expose-Headers")
    reply.headers["Access-Control-Expose-Headers"] = f"{current}, {header}" if current else header


def paged(ctx: Ctx, body: list[JSON], total: int, page: Page, *, link: bool) -> Reply:
    """A page of a list: X-Total-Count always, Link where the real handler sets it."""
    reply = total_count(Reply(200, body), total)
    return link_header(ctx, reply, total, page) if link else reply
