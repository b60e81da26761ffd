"""Issues: list, create, get, edit, and dependencies."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from datetime import datetime

from architect.emulator import auth, hooks, search
from architect.emulator import serialize as ser
from architect.emulator.common import (
    Route,
    bump,
    can_write,
    load_issue,
    load_repo,
    route,
    view,
)
from architect.emulator.events import record_event
from architect.emulator.store import Issue, Repo, User, utc_seconds
from architect.emulator.web import (
    ApiError,
    Ctx,
    FormBody,
    Reply,
    forbidden_empty,
    not_found,
    opt_bool,
    opt_int,
    opt_int_list,
    opt_str,
    opt_str_list,
    page_of,
    paged,
    raw_value,
    req_str,
    unprocessable,
)

_RFC3339 = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$")
MERGED_STATE = "cannot change state of this pull request, it was already merged"
OPEN_DEPENDENCIES = "cannot close this {} because it still has open dependencies"

# `sort` → (key, descending), as `sortIssuesSession` orders; default `latest`.
_SORTS: dict[str, tuple[Callable[[Issue], tuple[object, ...]], bool]] = {
    "latest": (lambda i: (i.created, i.id), True),
    "oldest": (lambda i: (i.created, i.id), False),
    "recentupdate": (lambda i: (i.updated, i.created, i.id), True),
    "leastupdate": (lambda i: (i.updated, i.created, i.id), False),
    "mostcomment": (lambda i: (i.num_comments, i.created, i.id), True),
    # ascending comments, then newest first
    "leastcomment": (lambda i: (-i.num_comments, i.created, i.id), True),
}


def parse_time(ctx: Ctx, key: str) -> datetime | None:
    """`since`/`before`: RFC 3339 or a 422 (an unencoded `+` arrives as a space)."""
    raw = ctx.query(key)
    if not raw:
        return None
    when = rfc3339(raw)
    if when is None:
        raise unprocessable(
            f'parsing time "{raw}" as "2006-01-02T15:04:05Z07:00": cannot parse "{raw}"'
        )
    # `.Unix()`: whole seconds, rounded down, compared with `updated_unix` inclusively
    # (`UpdatedAfterUnix` / `UpdatedBeforeUnix` in models/issues/issue_search.go).
    return when


def rfc3339(raw: object) -> datetime | None:
    """An RFC 3339 time in UTC, whole seconds; None when `raw` is not one."""
    if not isinstance(raw, str) or not _RFC3339.match(raw):
        return None
    return utc_seconds(datetime.fromisoformat(raw.replace("Z", "+00:00")))


def _user_filter(ctx: Ctx, key: str) -> User | None:
    login = ctx.query(key)
    if not login:
        return None
    user = ctx.store.user_by_login(login)
    if user is None:
        raise not_found("GetUserByName", f"user redirect does not exist [name: {login}]")
    return user


def filter_issues(ctx: Ctx, repo: Repo) -> list[Issue]:
    """The issues that `GET /issues` selects, in its order (before pagination)."""
    state = ctx.query("state")
    kind = ctx.query("type")
    since, before = parse_time(ctx, "since"), parse_time(ctx, "before")
    poster = _user_filter(ctx, "created_by")
    assignee = _user_filter(ctx, "assigned_by")
    mentioned = _user_filter(ctx, "mentioned_by")
    # Label names, ALL-of, untrimmed; unknown names are dropped and if none is
    # known the filter disappears (models/issues/issue_search.go).
    names = set(ctx.query("labels").split(",")) if ctx.query("labels") else set()
    label_ids = [lab.id for lab in repo.labels.values() if lab.name in names]
    q = ctx.query("q").strip()  # `ctx.FormTrim("q")`; an empty one skips the indexer
    keyword = search.tokens(q) if q else None

    # One pass per active filter, the cheap and selective ones first: a tick pages
    # through a label's issues, and each page filters the whole repository again.
    selected = list(repo.issues.values())
    if len(label_ids) == 1:
        (only,) = label_ids
        selected = [i for i in selected if only in i.label_ids]
    elif label_ids:
        needed = set(label_ids)
        selected = [i for i in selected if needed.issubset(i.label_ids)]
    if state != "all":
        wanted = "closed" if state == "closed" else "open"
        selected = [i for i in selected if i.state == wanted]
    if kind == "issues":
        selected = [i for i in selected if i.pull is None]
    elif kind == "pulls":
        selected = [i for i in selected if i.pull is not None]
    if since is not None:
        selected = [i for i in selected if i.updated >= since]
    if before is not None:
        selected = [i for i in selected if i.updated <= before]
    if poster is not None:
        selected = [i for i in selected if i.poster_id == poster.id]
    if assignee is not None:
        selected = [i for i in selected if assignee.id in i.assignee_ids]
    if mentioned is not None:
        handle = f"@{mentioned.login.lower()}"
        selected = [i for i in selected if handle in i.body.lower()]
    scores: dict[int, tuple[int, int]] = {}
    if keyword is not None:
        selected, scores = _search(ctx, selected, keyword)
    key, descending = _SORTS.get(ctx.query("sort"), _SORTS["latest"])
    selected.sort(key=key, reverse=descending)
    if scores and ctx.query("sort") == "relevance":
        selected.sort(key=lambda i: scores[i.id], reverse=True)  # stable: the newest next
    return selected


def _search(ctx: Ctx, issues: list[Issue], keyword: list[search.Token]
            ) -> tuple[list[Issue], dict[int, tuple[int, int]]]:
    """`q` goes to the issue indexer, which may not have seen the latest changes. Bleve
    also scores each hit (`sort=relevance`); the database indexer has no score."""
    bleve = ctx.store.settings.issue_indexer == search.BLEVE
    matches = search.matcher(ctx.store.settings.issue_indexer)
    found, scores = [], {}
    for issue in issues:
        doc = ctx.store.searchable(issue)
        if doc is not None and matches(keyword, doc):
            found.append(issue)
            if bleve:
                scores[issue.id] = search.bleve_score(keyword, doc)
    return found, scores


def list_issues(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    selected = filter_issues(ctx, repo)
    page = page_of(ctx)
    v = view(ctx)
    body = [ser.issue(v, repo, i) for i in page.slice(selected)]
    return paged(ctx, body, len(selected), page, link=True)


def get_issue(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    return Reply(200, ser.issue(view(ctx), repo, load_issue(ctx, repo)))


def _assignees(ctx: Ctx, logins: Iterable[str]) -> list[int]:
    ids: list[int] = []
    for login in logins:
        user = ctx.store.user_by_login(login)
        if user is None:
            raise unprocessable(f"Assignee does not exist: [name: {login}]")
        if user.id not in ids:
            ids.append(user.id)
    return ids


def new_issue(ctx: Ctx, repo: Repo, title: str, body: str, doer: User) -> Issue:
    now = ctx.store.now()
    issue = Issue(
        id=ctx.store.next_id("issue"),
        repo_id=repo.id,
        number=repo.next_index,
        poster_id=doer.id,
        title=title,
        body=body,
        created=now,
        updated=now,
    )
    repo.next_index += 1
    ctx.store.add_issue(repo, issue)
    ctx.store.touch()
    return issue


def create_issue(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    assert ctx.doer is not None
    body = ctx.body()
    title = req_str(body, "title", "Title")
    issue = new_issue(ctx, repo, title, opt_str(body, "body", "Body") or "", ctx.doer)
    # Without write access the server silently drops labels, assignees and dates.
    if can_write(ctx, repo):
        wanted = opt_int_list(body, "labels", "Labels") or []
        issue.label_ids = [i for i in dict.fromkeys(wanted) if i in repo.labels]
        logins = list(opt_str_list(body, "assignees", "Assignees") or [])
        single = opt_str(body, "assignee", "Assignee")
        issue.assignee_ids = _assignees(ctx, [*([single] if single else []), *logins])
    hooks.issue_action(ctx, repo, issue, "opened")
    if opt_bool(body, "closed", "Closed"):
        issue.state, issue.closed_at = "closed", issue.created
        hooks.issue_action(ctx, repo, issue, "closed")
    return Reply(201, ser.issue(view(ctx), repo, issue))


def open_blockers(ctx: Ctx, issue: Issue) -> list[Issue]:
    blockers = (ctx.store.issues_by_id.get(i) for i in issue.blocked_by)
    return [b for b in blockers if b is not None and b.state == "open"]


def change_state(ctx: Ctx, repo: Repo, issue: Issue, state: str) -> None:
    """Open or close an issue or PR (412 for a merged PR or open dependencies).

    Like Forgejo, anything but "closed" means open.
    """
    if issue.pull is not None and issue.pull.merged:
        raise ApiError(412, MERGED_STATE)
    state = "closed" if state == "closed" else "open"
    if state == issue.state:
        return
    if state == "closed" and open_blockers(ctx, issue):
        kind = "pull request" if issue.pull is not None else "issue"
        raise ApiError(412, OPEN_DEPENDENCIES.format(kind))
    issue.state = state
    issue.closed_at = ctx.store.now() if state == "closed" else None
    record_event(ctx, issue, "close" if state == "closed" else "reopen", ctx.doer)
    bump(ctx, issue)
    hooks.issue_action(ctx, repo, issue, "closed" if state == "closed" else "reopened")


def backdate(ctx: Ctx, repo: Repo, body: dict[str, object]) -> datetime | None:
    """Forgejo's `updated_at` extension: repo owners and site admins may back-date a change."""
    raw = raw_value(body, "updated_at")
    if raw is None:
        return None
    when = rfc3339(raw)
    if when is None:
        raise unprocessable("[UpdatedAt]: invalid time")
    doer = ctx.doer
    if doer is None or not (doer.is_admin or doer.id == repo.owner_id):
        raise ApiError(
            403, "user needs to be the repository owner or a site admin to change the update date"
        )
    return when


def edit_issue(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    issue = load_issue(ctx, repo)
    doer = ctx.doer
    assert doer is not None
    writer = can_write(ctx, repo)
    if not writer and issue.poster_id != doer.id:
        raise forbidden_empty()
    body = ctx.body()
    when = backdate(ctx, repo, body)
    if edit_fields(ctx, repo, issue, body, writer):
        bump(ctx, issue)  # each change writes the row, and xorm moves `updated`
    state = opt_str(body, "state", "State")
    if state is not None:
        change_state(ctx, repo, issue, state)  # bumps only a real change
    if when is not None:
        issue.updated = when
    return Reply(201, ser.issue(view(ctx), repo, issue))


def edit_fields(ctx: Ctx, repo: Repo, issue: Issue, body: dict[str, object], writer: bool) -> bool:
    """Title, body (pointer semantics) and, for writers, assignees; True if one changed.

    EditIssue calls `ChangeTitle`, `ChangeContent` and `UpdateAssignees` only for a
    value that differs, so an edit to the current values leaves `updated_at` alone.
    """
    before = (issue.title, issue.body, list(issue.assignee_ids))
    title = opt_str(body, "title", "Title")
    if title and title != issue.title:
        old, issue.title = issue.title, title
        hooks.issue_action(ctx, repo, issue, "edited", {"title": {"from": old}})
    text = opt_str(body, "body", "Body")
    if text is not None and text != issue.body:
        old, issue.body = issue.body, text
        hooks.issue_action(ctx, repo, issue, "edited", {"body": {"from": old}})
    if writer:
        logins = opt_str_list(body, "assignees", "Assignees")
        if logins is not None:
            issue.assignee_ids = _assignees(ctx, logins)
    return (issue.title, issue.body, issue.assignee_ids) != before


# -- dependencies (routers/api/v1/repo/issue_dependency.go) ------------------------


def _dependency(ctx: Ctx, repo: Repo) -> Issue:
    """`getFormIssue`: an `owner`/`repo` that differs from the path's (even by being
    absent) looks the repository up by that name, so a missing one is a 404."""
    body = ctx.body()
    index = opt_int(body, "index", "Index") if isinstance(body, FormBody) else body.get("index")
    if not isinstance(index, int) or isinstance(index, bool):
        raise unprocessable("[Index]: Required")
    owner = opt_str(body, "owner", "Owner") or ""
    name = opt_str(body, "repo", "Name") or ""
    other = ctx.store.repo(owner, name) if owner and name else None
    if other is None or not _sees(ctx, other):
        raise not_found()
    issue = other.issues.get(index)
    if issue is None:
        raise not_found()
    return issue


def _sees(ctx: Ctx, repo: Repo) -> bool:
    return auth.access(repo, ctx.doer) >= auth.READ


def list_dependencies(ctx: Ctx) -> Reply:
    """`GetIssueDependencies` pages by itself and sends neither X-Total-Count nor Link."""
    repo = load_repo(ctx)
    issue = load_issue(ctx, repo)
    blockers = [ctx.store.issues_by_id[i] for i in issue.blocked_by if i in ctx.store.issues_by_id]
    page = page_of(ctx)
    v = view(ctx)
    body = [ser.issue(v, ctx.store.repo_by_id(b.repo_id), b) for b in page.slice(blockers)]
    return Reply(200, body)


def _linkable(ctx: Ctx) -> tuple[Repo, Issue, Issue]:
    """Target and dependency, or the 404 that `createIssueDependency` answers for a
    non-writer (not a 403)."""
    repo = load_repo(ctx)
    issue = load_issue(ctx, repo)
    dependency = _dependency(ctx, repo)
    if not can_write(ctx, repo):
        raise not_found()
    return repo, issue, dependency


def _linked(ctx: Ctx, issue: Issue, dependency: Issue) -> None:
    """`createIssueDependencyComment` writes a comment on each issue, and every comment
    moves its issue's `updated_unix` (models/issues/comment.go, `updateCommentInfos`)."""
    bump(ctx, issue)
    bump(ctx, dependency)


def add_dependency(ctx: Ctx) -> Reply:
    """models/issues/dependency.go, `CreateIssueDependency`: an existing link or its
    direct reverse is an error, and the handler answers any error with a 500. Only the
    reverse link is checked: a longer cycle is accepted."""
    repo, issue, dependency = _linkable(ctx)
    if dependency.id == issue.id:
        raise unprocessable("issue cannot depend on itself")
    ids = f"[issue id: {issue.id}, dependency id: {dependency.id}]"
    if dependency.id in issue.blocked_by:
        raise ApiError(500, f"issue dependency does already exist {ids}")
    if issue.id in dependency.blocked_by:
        raise ApiError(500, f"circular dependencies exists (two issues blocking each other) {ids}")
    issue.blocked_by.append(dependency.id)
    _linked(ctx, issue, dependency)
    return Reply(201, ser.issue(view(ctx), repo, issue))


def remove_dependency(ctx: Ctx) -> Reply:
    """`RemoveIssueDependency`: 201 (not the swagger's 200); a missing link is a 500."""
    repo, issue, dependency = _linkable(ctx)
    if dependency.id not in issue.blocked_by:
        raise ApiError(500, f"issue dependency does not exist [issue id: {issue.id}, "
                            f"dependency id: {dependency.id}]")
    issue.blocked_by.remove(dependency.id)
    _linked(ctx, issue, dependency)
    return Reply(201, ser.issue(view(ctx), repo, issue))


_ISSUES = "/repos/<owner>/<repo>/issues"
ROUTES: list[Route] = [
    route(_ISSUES, "GET", list_issues, "issue"),
    route(_ISSUES, "POST", create_issue, "issue"),
    route(f"{_ISSUES}/<int:index>", "GET", get_issue, "issue"),
    route(f"{_ISSUES}/<int:index>", "PATCH", edit_issue, "issue"),
    route(f"{_ISSUES}/<int:index>/dependencies", "GET", list_dependencies, "issue"),
    route(f"{_ISSUES}/<int:index>/dependencies", "POST", add_dependency, "issue"),
    route(f"{_ISSUES}/<int:index>/dependencies", "DELETE", remove_dependency, "issue"),
]
