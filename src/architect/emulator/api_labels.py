"""Repository labels and the labels of an issue or pull request."""

from __future__ import annotations

import re
from datetime import datetime

from architect.emulator import hooks
from architect.emulator import serialize as ser
from architect.emulator.api_issues import backdate
from architect.emulator.common import (
    Route,
    bump,
    can_write,
    load_issue,
    load_repo,
    require_write,
    route,
    view,
)
from architect.emulator.events import record_event
from architect.emulator.store import Issue, Label, Repo
from architect.emulator.web import (
    ApiError,
    Ctx,
    Reply,
    forbidden_empty,
    has_page,
    no_content,
    not_found,
    opt_bool,
    opt_str,
    page_of,
    paged,
    raw_value,
    req_str,
    total_count,
    unprocessable,
)

_COLOR = re.compile(r"^#?([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$")
_LABEL_SORTS = {"reversealphabetically": True, "alphabetically": False}


def normalise_color(color: str) -> str:
    """`#rrggbb`, `rrggbb`, `#rgb`, `rgb` → `#rrggbb` (stored with '#', served without)."""
    match = _COLOR.match(color)
    if match is None:
        raise unprocessable(f"invalid color: {color}")
    digits = match.group(1).lower()
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    return f"#{digits}"


def list_labels(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    reverse = _LABEL_SORTS.get(ctx.query("sort"), False)
    labels = sorted(repo.labels.values(), key=lambda lab: (lab.name, lab.id), reverse=reverse)
    v = view(ctx)
    if not has_page(ctx):  # all labels unless a page is asked for
        return total_count(Reply(200, [ser.label(v, repo, lab) for lab in labels]), len(labels))
    page = page_of(ctx)
    body = [ser.label(v, repo, lab) for lab in page.slice(labels)]
    return paged(ctx, body, len(labels), page, link=False)


def create_label(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    require_write(ctx, repo)
    body = ctx.body()
    name = req_str(body, "name", "Name")
    color = normalise_color(req_str(body, "color", "Color").strip())
    # Duplicate names are allowed: Forgejo does not check.
    lab = Label(
        id=ctx.store.next_id("label"),
        repo_id=repo.id,
        name=name,
        color=color,
        description=opt_str(body, "description", "Description") or "",
        exclusive=bool(opt_bool(body, "exclusive", "Exclusive")),
        is_archived=bool(opt_bool(body, "is_archived", "IsArchived")),
    )
    repo.labels[lab.id] = lab
    ctx.store.touch()
    hooks.repo_label_action(ctx, repo, lab, "created")
    return Reply(201, ser.label(view(ctx), repo, lab))


def get_label(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    lab = repo.labels.get(int(ctx.params["id"]))
    if lab is None:
        raise not_found()
    return Reply(200, ser.label(view(ctx), repo, lab))


def delete_label(ctx: Ctx) -> Reply:
    """`issueDeleteLabel`: 204, also for an id the repository does not have (Forgejo's
    `DeleteLabel` returns nil then); the label leaves every issue that carried it."""
    repo = load_repo(ctx)
    require_write(ctx, repo)
    lab = repo.labels.pop(int(ctx.params["id"]), None)
    if lab is not None:
        for issue in repo.issues.values():
            if lab.id in issue.label_ids:
                issue.label_ids.remove(lab.id)
        ctx.store.touch()
        hooks.repo_label_action(ctx, repo, lab, "deleted")
    return no_content()


# -- labels on an issue ---------------------------------------------------------------


def _requested(ctx: Ctx, repo: Repo) -> list[Label]:
    """`IssueLabelsOption.labels`: all ids or all names (`prepareForReplaceOrAdd`).

    Unknown ids or names are ignored; a mix is a 400, and so is any other JSON type.
    """
    raw = raw_value(ctx.body(), "labels")
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise unprocessable("[Labels]: Json: cannot unmarshal into []interface {}")
    ids: list[int] = []
    names: set[str] = set()
    for item in raw:
        if isinstance(item, int | float) and not isinstance(item, bool):
            ids.append(int(item))
        elif isinstance(item, str):
            names.add(item)
        else:
            raise ApiError(400, "a label must be an integer or a string")
    if ids and names:
        raise ApiError(400, "labels should be an array of strings or integers")
    if names:
        return [lab for lab in repo.labels.values() if lab.name in names]
    return [repo.labels[i] for i in dict.fromkeys(ids) if i in repo.labels]


def _add(issue: Issue, labels: list[Label], repo: Repo) -> None:
    for lab in labels:
        if lab.exclusive and "/" in lab.name:
            # A scoped label pushes out the other exclusive labels of its scope.
            scope = lab.name.rsplit("/", 1)[0]
            issue.label_ids = [
                i
                for i in issue.label_ids
                if not (
                    repo.labels[i].exclusive
                    and "/" in repo.labels[i].name
                    and repo.labels[i].name.rsplit("/", 1)[0] == scope
                    and i != lab.id
                )
            ]
        if lab.id not in issue.label_ids:
            issue.label_ids.append(lab.id)


def _writable_issue(ctx: Ctx) -> tuple[Repo, Issue]:
    repo = load_repo(ctx)
    issue = load_issue(ctx, repo)
    if not can_write(ctx, repo):
        raise forbidden_empty()
    return repo, issue


def _changed(ctx: Ctx, issue: Issue, when: datetime | None) -> None:
    """The issue moved; an `updated_at` sent with the change is what it moved to
    (`SetIssueUpdateDate` in every label handler: issue_label.go)."""
    bump(ctx, issue)
    if when is not None:
        issue.updated = when


def _labels_reply(ctx: Ctx, repo: Repo, issue: Issue) -> Reply:
    return Reply(200, ser.issue_labels(view(ctx), repo, issue))


def issue_labels(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    return _labels_reply(ctx, repo, load_issue(ctx, repo))


def add_issue_labels(ctx: Ctx) -> Reply:
    repo, issue = _writable_issue(ctx)
    when = backdate(ctx, repo, ctx.body())
    labels = _requested(ctx, repo)
    if labels:
        before = list(issue.label_ids)
        _add(issue, labels, repo)
        record_event(ctx, issue, "label", ctx.doer, body="1")
        _changed(ctx, issue, when)
        hooks.label_action(ctx, repo, issue, "label_updated", before)
    return _labels_reply(ctx, repo, issue)


def replace_issue_labels(ctx: Ctx) -> Reply:
    repo, issue = _writable_issue(ctx)
    when = backdate(ctx, repo, ctx.body())
    labels = _requested(ctx, repo)
    before = list(issue.label_ids)
    issue.label_ids = []
    _add(issue, labels, repo)
    record_event(ctx, issue, "label", ctx.doer)
    _changed(ctx, issue, when)
    hooks.label_action(ctx, repo, issue, "label_updated" if labels else "label_cleared", before)
    return _labels_reply(ctx, repo, issue)


def clear_issue_labels(ctx: Ctx) -> Reply:
    repo, issue = _writable_issue(ctx)
    when = backdate(ctx, repo, ctx.body())
    before = list(issue.label_ids)
    issue.label_ids = []
    record_event(ctx, issue, "label", ctx.doer)
    _changed(ctx, issue, when)
    hooks.label_action(ctx, repo, issue, "label_cleared", before)
    return no_content()


def remove_issue_label(ctx: Ctx) -> Reply:
    """`{identifier}`: a name first, then an id; unknown → 422; not on the issue → 204."""
    repo, issue = _writable_issue(ctx)
    when = backdate(ctx, repo, ctx.body())
    identifier = ctx.params["identifier"]
    lab = next((x for x in repo.labels.values() if x.name == identifier), None)
    if lab is None and identifier.isdigit():
        lab = repo.labels.get(int(identifier))
    if lab is None:
        raise unprocessable(f"label does not exist [label_id: 0, name: {identifier}]")
    if lab.id in issue.label_ids:
        before = list(issue.label_ids)
        issue.label_ids.remove(lab.id)
        record_event(ctx, issue, "label", ctx.doer)
        _changed(ctx, issue, when)
        hooks.label_action(ctx, repo, issue, "label_updated", before)
    return no_content()


_LABELS = "/repos/<owner>/<repo>/issues/<int:index>/labels"
ROUTES: list[Route] = [
    route("/repos/<owner>/<repo>/labels", "GET", list_labels, "issue"),
    route("/repos/<owner>/<repo>/labels", "POST", create_label, "issue"),
    route("/repos/<owner>/<repo>/labels/<int:id>", "GET", get_label, "issue"),
    route("/repos/<owner>/<repo>/labels/<int:id>", "DELETE", delete_label, "issue"),
    route(_LABELS, "GET", issue_labels, "issue"),
    route(_LABELS, "POST", add_issue_labels, "issue"),
    route(_LABELS, "PUT", replace_issue_labels, "issue"),
    route(_LABELS, "DELETE", clear_issue_labels, "issue"),
    route(f"{_LABELS}/<path:identifier>", "DELETE", remove_issue_label, "issue"),
]
