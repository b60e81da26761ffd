"""Pull requests: list, get, create, edit, merge."""

from __future__ import annotations

from collections.abc import Callable

from architect.emulator import git, gitops, hooks
from architect.emulator import serialize as ser
from architect.emulator.api_issues import change_state, edit_fields, new_issue
from architect.emulator.common import (
    Route,
    bump,
    can_write,
    load_pull,
    load_repo,
    require_token,
    route,
    view,
)
from architect.emulator.events import record_event
from architect.emulator.store import Issue, Pull, Repo, User
from architect.emulator.web import (
    NOT_FOUND,
    ApiError,
    Ctx,
    Reply,
    forbidden_empty,
    no_content,
    not_found,
    opt_bool,
    opt_int_list,
    opt_str,
    page_of,
    paged,
    req_str,
    unprocessable,
)

MERGE_STYLES = ("merge", "rebase", "rebase-merge", "squash", "fast-forward-only", "manually-merged")
SAME_BRANCH = "Invalid PullRequest: There are no changes between the head and the base"

# `sort` → (key, descending); default newest first.
_PULL_SORTS: dict[str, tuple[Callable[[Issue], tuple[object, ...]], bool]] = {
    "newest": (lambda i: (i.created, i.id), True),
    "oldest": (lambda i: (i.created, i.id), False),
    "recentupdate": (lambda i: (i.updated, i.id), True),
    "leastupdate": (lambda i: (i.updated, i.id), False),
    "mostcomment": (lambda i: (i.num_comments, i.id), True),
    "leastcomment": (lambda i: (-i.num_comments, i.id), True),
    "recentclose": (lambda i: (i.closed_at or i.created, i.id), True),
}


def _branch_name(repo: Repo, owner_login: str, ref: str) -> str | None:
    """`branch` or `owner:branch` (the same repository only; forks are not modelled)."""
    owner, sep, branch = ref.rpartition(":")
    if sep and owner.lower() != owner_login.lower():
        return None
    return branch


# -- list and get -------------------------------------------------------------------


def list_pulls(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    state = ctx.query("state")  # only open/closed filter; anything else is no filter
    # `PullRequestsOptions.HeadBranch` is `ctx.FormTrim("head")` compared with
    # `pull_request.head_branch` as given: "owner:branch" matches nothing.
    base, head = ctx.query("base").strip(), ctx.query("head").strip()
    poster_login = ctx.query("poster")
    poster = ctx.store.user_by_login(poster_login) if poster_login else None
    if poster_login and poster is None:
        raise ApiError(400, f"user redirect does not exist [name: {poster_login}]")
    try:
        label_ids = {int(x) for x in ctx.request.args.getlist("labels")}
    except ValueError:
        raise ApiError(500, "strconv.ParseInt: parsing: invalid syntax") from None

    def keep(i: Issue) -> bool:
        pr = i.pull
        if pr is None or (state in ("open", "closed") and i.state != state):
            return False
        if (base and pr.base_branch != base) or (head and pr.head_branch != head):
            return False
        return poster is None or i.poster_id == poster.id

    selected = [i for i in repo.issues.values() if keep(i)]
    if ctx.query_int("milestone") > 0:
        selected = []  # no milestones exist here
    key, descending = _PULL_SORTS.get(ctx.query("sort"), _PULL_SORTS["newest"])
    selected.sort(key=key, reverse=descending)
    if label_ids:
        # An INNER JOIN on the labels: one row per matching label, duplicates included.
        selected = [i for i in selected for lid in i.label_ids if lid in label_ids]
    page = page_of(ctx)
    v = view(ctx)
    body = [ser.pull_request(v, repo, i) for i in page.slice(selected)]
    return paged(ctx, body, len(selected), page, link=True)


def get_pull(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    return Reply(200, ser.pull_request(view(ctx), repo, load_pull(ctx, repo)))


def get_pull_by_branches(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    owner = ctx.store.user(repo.owner_id).login
    head = _branch_name(repo, owner, ctx.params["head"])
    base = ctx.params["base"]
    found = [
        i
        for i in repo.issues.values()
        if i.pull is not None and i.pull.base_branch == base and i.pull.head_branch == head
    ]
    if not found:
        raise not_found()
    return Reply(200, ser.pull_request(view(ctx), repo, max(found, key=lambda i: i.id)))


# -- create and edit -------------------------------------------------------------------


def _existing(ctx: Ctx, repo: Repo, head: str, base: str, exclude: int = 0) -> Issue | None:
    return next(
        (
            i
            for i in gitops.open_pulls(ctx, repo)
            if i.pull is not None
            and i.pull.head_branch == head
            and i.pull.base_branch == base
            and i.id != exclude
        ),
        None,
    )


def _exists_error(repo: Repo, existing: Issue) -> ApiError:
    pr = existing.pull
    assert pr is not None
    return ApiError(
        409,
        f"pull request already exists for these targets [id: {pr.id}, issue_id: "
        f"{existing.number}, head_repo_id: {repo.id}, base_repo_id: {repo.id}, "
        f"head_branch: {pr.head_branch}, base_branch: {pr.base_branch}]",
    )


def create_pull(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    doer = require_token(ctx)
    body = ctx.body()
    head_ref = req_str(body, "head", "Head")
    base = req_str(body, "base", "Base")
    title = req_str(body, "title", "Title")
    if head_ref == base:
        raise unprocessable(SAME_BRANCH)
    owner = ctx.store.user(repo.owner_id).login
    head = _branch_name(repo, owner, head_ref)
    full = f"{owner}/{repo.name}"
    if head is None:
        other = head_ref.partition(":")[0]
        raise not_found(
            NOT_FOUND,
            f"{other} does not have a fork of {full} and {full} is not a fork of a "
            f"repository from {other}",
        )
    for name, side in ((base, "base"), (head, "head")):
        if name not in repo.branches:
            raise not_found(
                NOT_FOUND,
                f"could not find '{name}' to be a commit, branch or tag in the {side} "
                f"repository {full}",
            )
    assert head is not None
    existing = _existing(ctx, repo, head, base)
    if existing is not None:
        raise _exists_error(repo, existing)
    issue = new_issue(ctx, repo, title, opt_str(body, "body", "Body") or "", doer)
    ctx.store.skip_id("pull", issue.id)  # keep a PR's two ids apart, as they usually are
    head_sha, base_sha = repo.branches[head], repo.branches[base]
    issue.pull = Pull(
        id=ctx.store.next_id("pull"),
        head_branch=head,
        base_branch=base,
        head_sha=head_sha,
        merge_base=git.merge_base(repo.commits, base_sha, head_sha) or base_sha,
    )
    ctx.store.index_pull(issue)
    gitops.recheck(ctx, issue)
    if can_write(ctx, repo):
        wanted = opt_int_list(body, "labels", "Labels") or []
        issue.label_ids = [i for i in dict.fromkeys(wanted) if i in repo.labels]
    hooks.issue_action(ctx, repo, issue, "opened")
    return Reply(201, ser.pull_request(view(ctx), repo, issue))


def edit_pull(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    issue = load_pull(ctx, repo)
    pr = issue.pull
    assert pr is not None
    doer = require_token(ctx)
    writer = can_write(ctx, repo)
    if not writer and issue.poster_id != doer.id:
        raise forbidden_empty()
    body = ctx.body()
    # The order of EditPullRequest: a 412 comes after the title and body changed.
    changed = edit_fields(ctx, repo, issue, body, writer)
    labels = opt_int_list(body, "labels", "Labels")
    if labels is not None and writer:
        # Present (even empty) → replaces every label.
        before = list(issue.label_ids)
        issue.label_ids = [i for i in dict.fromkeys(labels) if i in repo.labels]
        changed |= issue.label_ids != before  # a label comment per change
        hooks.label_action(ctx, repo, issue, "label_updated" if labels else "label_cleared",
                           before)
    if changed:
        bump(ctx, issue)
    state = opt_str(body, "state", "State")
    if state is not None:
        change_state(ctx, repo, issue, state)
    if not pr.merged:
        _retarget(ctx, repo, issue, opt_str(body, "base", "Base"))
    allow = opt_bool(body, "allow_maintainer_edit", "AllowMaintainerEdit")
    if allow is not None:
        pr.allow_maintainer_edit = allow
    return Reply(201, ser.pull_request(view(ctx), repo, issue))


def _retarget(ctx: Ctx, repo: Repo, issue: Issue, base: str | None) -> None:
    pr = issue.pull
    assert pr is not None
    if not base or base == pr.base_branch:
        return
    if base not in repo.branches:
        raise ApiError(404, f"new base '{base}' not exist")
    existing = _existing(ctx, repo, pr.head_branch, base, exclude=issue.id)
    if existing is not None:
        raise _exists_error(repo, existing)
    pr.base_branch = base
    pr.merge_base = git.merge_base(repo.commits, repo.branches[base], pr.head_sha) or ""
    gitops.recheck(ctx, issue)
    bump(ctx, issue)  # a "changed the target branch" comment


# -- merge -------------------------------------------------------------------------------


def _merge_option(body: dict[str, object], name: str) -> object:
    """The four untagged Go fields match their JSON key case-insensitively (`Do`, `do`)."""
    return next((v for k, v in body.items() if k.lower() == name.lower()), None)


def merge_pull(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    issue = load_pull(ctx, repo)
    pr = issue.pull
    assert pr is not None
    doer = require_token(ctx)
    body = ctx.body()
    style = _merge_option(body, "Do")
    if not style:
        raise unprocessable("[Do]: Required")
    if style not in MERGE_STYLES:
        raise unprocessable("[Do]: In")
    if pr.merged:
        raise ApiError(405, "")  # ctx.Error(405, "PR already merged", ""): the title is not sent
    if issue.state == "closed":
        raise not_found()
    if not can_write(ctx, repo):
        raise ApiError(405, "User not allowed to merge PR")
    if style != "manually-merged":
        if ser.is_draft(issue.title):
            raise ApiError(405, "Work in progress PRs cannot be merged")
        if pr.head_branch not in repo.branches or pr.base_branch not in repo.branches:
            raise ApiError(405, "Please try again later")
        if pr.checking_until is not None and ctx.store.now() < pr.checking_until:
            # services/pull/check.go, `CheckPullMergeable`: while the status is
            # `Checking`, `!pr.CanAutoMerge()` → ErrNotMergeableState, which
            # MergePullRequest answers with ctx.Error(405, "PR not in mergeable state",
            # "Please try again later") (routers/api/v1/repo/pull.go).
            raise ApiError(405, "Please try again later")
        expected = opt_str(body, "head_commit_id", "HeadCommitID")
        if expected and expected != repo.branches[pr.head_branch]:
            raise ApiError(409, "head out of date")
    merged_sha = _merge(ctx, repo, issue, str(style), body, doer)
    pr.merged, pr.merged_at, pr.merged_by_id = True, ctx.store.now(), doer.id
    pr.merge_commit_sha = merged_sha
    issue.state, issue.closed_at = "closed", pr.merged_at
    record_event(ctx, issue, "merge_pull", doer)
    bump(ctx, issue)
    hooks.issue_action(ctx, repo, issue, "closed")
    delete_head = opt_bool(body, "delete_branch_after_merge", "DeleteBranchAfterMerge")
    if delete_head and pr.head_branch in repo.branches and pr.head_branch != repo.default_branch:
        gitops.delete_branch(ctx, repo, pr.head_branch, doer)
    return Reply(200, empty=True)


def _merge(
    ctx: Ctx, repo: Repo, issue: Issue, style: str, body: dict[str, object], doer: User
) -> str:
    """Write the head's changes onto the base branch; the new base sha."""
    pr = issue.pull
    assert pr is not None
    if style == "manually-merged":
        given = _merge_option(body, "MergeCommitID")
        return str(given) if given else pr.head_sha
    base_sha, head_sha = repo.branches[pr.base_branch], repo.branches[pr.head_branch]
    ancestor = git.merge_base(repo.commits, base_sha, head_sha)
    if ancestor == base_sha and style in ("rebase", "fast-forward-only"):
        repo.branches[pr.base_branch] = head_sha  # a fast-forward
        ctx.store.touch()
        hooks.push_action(ctx, repo, pr.base_branch, base_sha, head_sha, doer,
                          hooks.new_commits(repo, base_sha, head_sha))
        return head_sha
    try:
        tree = git.merge_trees(
            repo.commits[ancestor].tree if ancestor else {},
            repo.commits[base_sha].tree,
            repo.commits[head_sha].tree,
        )
    except git.MergeConflict as conflict:
        # `ctx.JSON(409, err)`: the body is the Go error struct, not {message, url}.
        raise ApiError(
            409,
            payload={
                "Style": style,
                "StdOut": "",
                "StdErr": f"CONFLICT (content): Merge conflict in {conflict}",
                "Err": {},
            },
        ) from None
    title = _merge_option(body, "MergeTitleField") or _default_message(issue, style)
    extra = _merge_option(body, "MergeMessageField")
    message = f"{title}\n\n{extra}" if extra else str(title)
    second = head_sha if style in ("merge", "rebase-merge") else None
    commit = gitops.commit_to_branch(ctx, repo, pr.base_branch, tree, message, doer, second)
    return commit.sha


def _default_message(issue: Issue, style: str) -> str:
    pr = issue.pull
    assert pr is not None
    if style == "squash":
        return f"{issue.title} (#{issue.number})"
    return (
        f"Merge pull request '{issue.title}' (#{issue.number}) from {pr.head_branch} "
        f"into {pr.base_branch}"
    )


def is_merged(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    issue = load_pull(ctx, repo)
    if issue.pull is None or not issue.pull.merged:
        raise not_found()
    return no_content()


_PULLS = "/repos/<owner>/<repo>/pulls"
ROUTES: list[Route] = [
    route(_PULLS, "GET", list_pulls, "repository"),
    route(_PULLS, "POST", create_pull, "repository"),
    route(f"{_PULLS}/<int:index>", "GET", get_pull, "repository"),
    route(f"{_PULLS}/<int:index>", "PATCH", edit_pull, "repository"),
    route(f"{_PULLS}/<int:index>/merge", "POST", merge_pull, "repository"),
    route(f"{_PULLS}/<int:index>/merge", "GET", is_merged, "repository"),
    route(f"{_PULLS}/<base>/<path:head>", "GET", get_pull_by_branches, "repository"),
]
