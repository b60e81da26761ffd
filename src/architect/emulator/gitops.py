"""Changes to branches and what they do to pull requests (push sync, branch deletion)."""

from __future__ import annotations

from datetime import datetime

from architect.emulator import git, hooks
from architect.emulator.common import bump
from architect.emulator.events import record_event
from architect.emulator.store import Issue, Repo, User
from architect.emulator.web import Ctx


def head_tree(repo: Repo, branch: str) -> git.Tree:
    sha = repo.branches.get(branch)
    return dict(repo.commits[sha].tree) if sha else {}


def commit_to_branch(
    ctx: Ctx,
    repo: Repo,
    branch: str,
    tree: git.Tree,
    message: str,
    doer: User,
    merged: str | None = None,
    people: tuple[git.Signature, git.Signature, datetime] | None = None,
) -> git.Commit:
    """A new commit on `branch` (created if missing), then sync the PRs whose head it is.

    `merged` is the second parent of a merge commit; `people` the author, the
    committer and the time of the push, when the commit is not the doer's, now.
    """
    parent = repo.branches.get(branch)
    parents = [p for p in (parent, merged) if p]
    if people is None:
        commit = git.make_commit(parents, tree, message, doer.login, doer.email, ctx.store.now())
        pushed = commit.when
    else:
        author, committer, pushed = people
        commit = git.make_commit(parents, tree, message, author.name, author.email,
                                 committer.when, committer=committer, authored=author.when)
    repo.commits[commit.sha] = commit
    repo.branches[branch] = commit.sha
    repo.updated = pushed  # a back-dated commit is still a push now
    ctx.store.touch()
    hooks.push_action(ctx, repo, branch, parent or "", commit.sha, doer,
                      hooks.new_commits(repo, parent or "", commit.sha))
    sync_pulls(ctx, repo, branch, doer)
    return commit


def recheck(ctx: Ctx, issue: Issue) -> None:
    """Forgejo tests a PR's mergeability in the background after its head or base moved
    (services/pull/check.go, `AddToTaskQueue` sets `PullRequestStatusChecking`); until
    the check is done a merge is refused with a 405 (api_pulls.merge_pull)."""
    pr = issue.pull
    assert pr is not None
    delay = ctx.store.settings.merge_check
    pr.checking_until = ctx.store.now() + delay if delay else None


def open_pulls(ctx: Ctx, repo: Repo) -> list[Issue]:
    return [
        i
        for i in ctx.store.pulls(repo)
        if i.pull is not None and i.state == "open" and not i.pull.merged
    ]


def sync_pulls(ctx: Ctx, repo: Repo, branch: str, doer: User) -> None:
    """New commits on a PR head: new head sha, stale reviews, a `synchronized` delivery."""
    new_sha = repo.branches[branch]
    for issue in open_pulls(ctx, repo):
        pr = issue.pull
        assert pr is not None
        if pr.base_branch == branch:
            recheck(ctx, issue)  # `AddTestPullRequestTask` checks the PRs into it too
        if pr.head_branch != branch or pr.head_sha == new_sha:
            continue
        recheck(ctx, issue)
        old_tree = repo.commits[pr.head_sha].tree if pr.head_sha in repo.commits else {}
        old_sha, pr.head_sha = pr.head_sha, new_sha
        base_sha = repo.branches.get(pr.base_branch)
        if base_sha is not None:
            pr.merge_base = git.merge_base(repo.commits, base_sha, new_sha) or base_sha
        if old_tree != repo.commits[new_sha].tree:
            # The diff changed: every review is stale except those of the new head.
            for review in pr.reviews:
                review.stale = review.commit_id != new_sha
        bump(ctx, issue)
        hooks.sync_action(ctx, repo, issue, doer, old_sha)


def delete_branch(ctx: Ctx, repo: Repo, name: str, doer: User) -> None:
    """Delete a branch and close the unmerged open PRs from or into it (`CloseBranchPulls`)."""
    gone = repo.branches.pop(name)
    ctx.store.touch()
    hooks.push_action(ctx, repo, name, gone, "", doer, [])
    for issue in open_pulls(ctx, repo):
        pr = issue.pull
        assert pr is not None
        if name in (pr.head_branch, pr.base_branch):
            issue.state = "closed"
            issue.closed_at = ctx.store.now()
            record_event(ctx, issue, "close", doer)
            bump(ctx, issue)
            hooks.issue_action(ctx, repo, issue, "closed", sender=doer)
