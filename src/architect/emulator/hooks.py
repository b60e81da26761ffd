"""What a change tells the webhooks: events, their subscription flags, their payloads.

Handlers call these functions while they change the store; each records an
`Event` whose payload is built when the request is complete (the real server
also serialises the objects after the change), Forgejo's and, for the GitHub
dialect's hooks, GitHub's (`github_hooks`). Deliveries are `webhooks.py`.
"""

from __future__ import annotations

from collections.abc import Callable

from architect.emulator import git
from architect.emulator import github_hooks as gh
from architect.emulator import serialize as ser
from architect.emulator.serialize import View
from architect.emulator.store import Comment, Issue, Label, Repo, Review, User
from architect.emulator.web import JSON, Ctx, Event

Payload = dict[str, JSON]

# Review state → (subscription flag, X-Forgejo-Event, X-Forgejo-Event-Type). The
# COMMENT review is gated by `pull_request_comment`, not `pull_request_review`.
REVIEW_EVENTS: dict[str, tuple[str, str, str]] = {
    "APPROVED": ("pull_request_review", "pull_request_approved", "pull_request_review_approved"),
    "REQUEST_CHANGES": (
        "pull_request_review",
        "pull_request_rejected",
        "pull_request_review_rejected",
    ),
    "COMMENT": ("pull_request_comment", "pull_request_comment", "pull_request_review_comment"),
}


def subscription(events: list[str]) -> list[str]:
    """The flags a hook's `events` turn on (`routers/api/v1/utils/hook.go`).

    `issues` turns on every issue flag, `issue_comment` included; `pull_request`
    every PR flag, reviews included. Fine-grained names that are not
    subscription names are ignored. No events at all means `push` only.
    """
    wanted = {e.lower() for e in events} or {"push"}
    flags: list[str] = [
        name
        for name in ("create", "delete", "fork", "push", "wiki", "repository", "release", "package")
        if name in wanted
    ]
    if wanted & {"issues", "issues_only"}:
        flags.append("issues")
    for name in ("issue_assign", "issue_label", "issue_milestone", "issue_comment"):
        if name in wanted or "issues" in wanted:
            flags.append(name)
    if wanted & {"pull_request", "pull_request_only"}:
        flags.append("pull_request")
    for name in (
        "pull_request_assign",
        "pull_request_label",
        "pull_request_milestone",
        "pull_request_comment",
        "pull_request_review",
        "pull_request_sync",
        "pull_request_review_request",
    ):
        if name in wanted or "pull_request" in wanted:
            flags.append(name)
    return flags


def _hook_view(ctx: Ctx) -> View:
    return View(ctx.store, ctx.root, None, hook=True, memo=ctx.memo)


def _emit(
    ctx: Ctx,
    repo: Repo,
    flags: tuple[str, str, str],
    build: Callable[[View], Payload],
    github: Callable[[View], gh.Deliveries] | None = None,
) -> None:
    """`flags`: Forgejo's (flag, event, event type); a flag of "" sends Forgejo nothing."""
    if not any(h.active for h in repo.hooks.values()):
        return  # nothing listens: do not even build the payload
    flag, event, event_type = flags
    github_build = None if github is None else (lambda: github(_hook_view(ctx)))
    ctx.events.append(
        Event(repo.id, flag, event, event_type, lambda: build(_hook_view(ctx)), github_build)
    )


def _sender(ctx: Ctx, sender: User | None) -> User:
    who = sender or ctx.doer
    assert who is not None
    return who


def _pull_payload(
    v: View,
    repo: Repo,
    issue: Issue,
    action: str,
    sender: User,
    *,
    changes: Payload | None = None,
    reviewer: User | None = None,
    review: Payload | None = None,
    commit_id: str = "",
) -> Payload:
    payload: Payload = {"action": action, "number": issue.number}
    if changes:
        payload["changes"] = changes
    payload.update(
        {
            "pull_request": ser.pull_request(v, repo, issue),
            "requested_reviewer": ser.user(v, reviewer) if reviewer else None,
            "repository": ser.repository(v, repo),
            "sender": ser.user(v, sender),
            "commit_id": commit_id,
            "review": review,
        }
    )
    return payload


def _issue_payload(
    v: View, repo: Repo, issue: Issue, action: str, sender: User, changes: Payload | None
) -> Payload:
    payload: Payload = {"action": action, "number": issue.number}
    if changes:
        payload["changes"] = changes
    payload.update(
        {
            "issue": ser.issue(v, repo, issue),
            "repository": ser.repository(v, repo),
            "sender": ser.user(v, sender),
            "commit_id": "",
        }
    )
    return payload


def issue_action(
    ctx: Ctx,
    repo: Repo,
    issue: Issue,
    action: str,
    changes: Payload | None = None,
    *,
    sender: User | None = None,
) -> None:
    """opened / edited / closed / reopened, on an issue or a pull request."""
    who = _sender(ctx, sender)

    def github(v: View) -> gh.Deliveries:
        return gh.issue_event(v, repo, issue, action, who, changes)

    if issue.pull is not None:
        _emit(
            ctx,
            repo,
            ("pull_request", "pull_request", "pull_request"),
            lambda v: _pull_payload(v, repo, issue, action, who, changes=changes),
            github,
        )
    else:
        _emit(
            ctx,
            repo,
            ("issues", "issues", "issues"),
            lambda v: _issue_payload(v, repo, issue, action, who, changes),
            github,
        )


def label_action(ctx: Ctx, repo: Repo, issue: Issue, action: str, before: list[int]) -> None:
    """label_updated / label_cleared: `issue_label` or `pull_request_label`. `before`: the
    issue's label ids before the change (GitHub tells each label added and removed)."""
    who = _sender(ctx, None)
    added = [repo.labels[i] for i in issue.label_ids if i not in before and i in repo.labels]
    removed = [repo.labels[i] for i in before if i not in issue.label_ids and i in repo.labels]

    def github(v: View) -> gh.Deliveries:
        return gh.label_events(v, repo, issue, who, added, removed)

    if issue.pull is not None:
        _emit(
            ctx,
            repo,
            ("pull_request_label", "pull_request", "pull_request_label"),
            lambda v: _pull_payload(v, repo, issue, action, who),
            github,
        )
    else:
        _emit(
            ctx,
            repo,
            ("issue_label", "issues", "issue_label"),
            lambda v: _issue_payload(v, repo, issue, action, who, None),
            github,
        )


def issue_deleted(ctx: Ctx, repo: Repo, issue: Issue) -> None:
    """An issue deleted: only GitHub tells its hooks (`issues` `deleted`)."""
    who = _sender(ctx, None)
    _emit(
        ctx,
        repo,
        ("", "issues", "issues"),
        lambda v: {},
        lambda v: gh.issue_event(v, repo, issue, "deleted", who, None),
    )


def repo_label_action(ctx: Ctx, repo: Repo, label: Label, action: str) -> None:
    """A label of the repository created or deleted: only GitHub tells its hooks (`label`)."""
    who = _sender(ctx, None)
    _emit(
        ctx,
        repo,
        ("", "label", "label"),
        lambda v: {},
        lambda v: gh.repo_label_event(v, repo, label, action, who),
    )


def comment_action(
    ctx: Ctx,
    repo: Repo,
    issue: Issue,
    comment: Comment,
    action: str,
    changes: Payload | None = None,
) -> None:
    """A conversation comment: Event `issue_comment`; on a PR, Event-Type `pull_request_comment`."""
    who = _sender(ctx, None)
    is_pull = issue.pull is not None
    kind = "pull_request_comment" if is_pull else "issue_comment"

    def build(v: View) -> Payload:
        payload: Payload = {"action": action, "issue": ser.issue(v, repo, issue)}
        if is_pull:
            payload["pull_request"] = ser.pull_request(v, repo, issue)
        payload["comment"] = ser.comment(v, repo, issue, comment)
        if changes:
            payload["changes"] = changes
        payload.update(
            {
                "repository": ser.repository(v, repo),
                "sender": ser.user(v, who),
                "is_pull": is_pull,
            }
        )
        return payload

    _emit(
        ctx,
        repo,
        (kind, "issue_comment", kind),
        build,
        lambda v: gh.comment_event(v, repo, issue, comment, action, who, changes),
    )


def review_action(ctx: Ctx, repo: Repo, issue: Issue, review: Review) -> None:
    """A submitted review: action `reviewed`, the reviewer as sender and requested_reviewer."""
    flags = REVIEW_EVENTS.get(review.state)
    if flags is None:
        return
    reviewer = ctx.store.user(review.user_id)
    content = {"type": flags[2], "content": review.body}
    _emit(
        ctx,
        repo,
        flags,
        lambda v: _pull_payload(
            v, repo, issue, "reviewed", reviewer, reviewer=reviewer, review=content
        ),
        lambda v: gh.review_event(v, repo, issue, review, reviewer),
    )


def sync_action(ctx: Ctx, repo: Repo, issue: Issue, pusher: User, before: str) -> None:
    """New commits on the head branch (`before`: its head until now): action `synchronized`."""
    pr = issue.pull
    assert pr is not None
    head = pr.head_sha
    _emit(
        ctx,
        repo,
        ("pull_request_sync", "pull_request", "pull_request_sync"),
        lambda v: _pull_payload(v, repo, issue, "synchronized", pusher, commit_id=head),
        lambda v: gh.sync_event(v, repo, issue, pusher, before, head),
    )


def push_action(ctx: Ctx, repo: Repo, branch: str, before: str, after: str, pusher: User,
                commits: list[git.Commit]) -> None:
    """A branch created, moved or deleted: only GitHub's hooks are told (`push`)."""
    _emit(
        ctx,
        repo,
        ("", "push", "push"),
        lambda v: {},
        lambda v: gh.push_event(v, repo, branch, before, after, pusher, commits),
    )


def new_commits(repo: Repo, before: str, after: str) -> list[git.Commit]:
    """The commits `after` has that `before` has not, oldest first (a push's commits)."""
    known = set(git.ancestors(repo.commits, before)) if before else set()
    fresh = [repo.commits[sha] for sha in git.ancestors(repo.commits, after) if sha not in known]
    return fresh[::-1]


def review_request_action(ctx: Ctx, repo: Repo, issue: Issue, reviewer: User, action: str) -> None:
    who = _sender(ctx, None)
    _emit(
        ctx,
        repo,
        ("pull_request_review_request", "pull_request", "pull_request_review_request"),
        lambda v: _pull_payload(v, repo, issue, action, who, reviewer=reviewer),
        lambda v: gh.review_request_event(v, repo, issue, reviewer, action, who),
    )
