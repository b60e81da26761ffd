"""Commits to branches and what they do to pull requests: sync, stale reviews, closing."""

from __future__ import annotations

from datetime import timedelta

from architect.emulator import gitops
from architect.emulator.store import Settings
from tests.emulator.conftest import REPO, Forge


def test_head_tree_is_a_copy_and_empty_for_a_missing_branch(world: Forge) -> None:
    repo = world.repo()
    tree = gitops.head_tree(repo, "main")
    assert "README.md" in tree
    tree["x"] = b""
    assert "x" not in gitops.head_tree(repo, "main")
    assert gitops.head_tree(repo, "gone") == {}


def test_a_commit_to_a_new_branch_starts_it_from_nothing(world: Forge) -> None:
    repo, ctx = world.repo(), world.ctx("bot")
    assert ctx.doer is not None
    commit = gitops.commit_to_branch(ctx, repo, "fresh", {"a.txt": b"a"}, "start", ctx.doer)
    assert commit.parents == [] and repo.branches["fresh"] == commit.sha
    assert (commit.author, commit.message) == ("bot", "start")


def test_a_push_to_a_pr_head_moves_it_and_stales_older_reviews(world: Forge) -> None:
    pull = world.pull("fix")
    world.setup.review(REPO, pull, "APPROVED", "ok", token=world.tokens["alice"])
    repo, ctx = world.repo(), world.ctx("bot")
    assert ctx.doer is not None
    tree = {**gitops.head_tree(repo, "fix"), "more.txt": b"more"}
    commit = gitops.commit_to_branch(ctx, repo, "fix", tree, "more", ctx.doer)
    pr = repo.issues[pull].pull
    assert pr is not None
    assert pr.head_sha == commit.sha
    assert [r.stale for r in pr.reviews] == [True]


def test_a_push_with_the_same_tree_leaves_reviews_fresh(world: Forge) -> None:
    pull = world.pull("fix")
    world.setup.review(REPO, pull, "APPROVED", "ok", token=world.tokens["alice"])
    repo, ctx = world.repo(), world.ctx("bot")
    assert ctx.doer is not None
    gitops.commit_to_branch(ctx, repo, "fix", gitops.head_tree(repo, "fix"), "empty", ctx.doer)
    pr = repo.issues[pull].pull
    assert pr is not None and [r.stale for r in pr.reviews] == [False]


def test_deleting_a_head_branch_closes_its_open_pull(world: Forge) -> None:
    pull = world.pull("fix")
    repo, ctx = world.repo(), world.ctx("bot")
    assert ctx.doer is not None
    gitops.delete_branch(ctx, repo, "fix", ctx.doer)
    assert "fix" not in repo.branches
    issue = world.get(f"/repos/{REPO}/issues/{pull}")
    assert issue["state"] == "closed" and issue["closed_at"] is not None


def test_recheck_holds_a_pull_for_the_configured_check(world: Forge) -> None:
    pull = world.pull("fix")
    store = world.forge.wsgi.store
    store.settings = Settings(merge_check=timedelta(seconds=30))
    gitops.recheck(world.ctx(), world.repo().issues[pull])
    pr = world.repo().issues[pull].pull
    assert pr is not None and pr.checking_until is not None
    assert pr.checking_until - store.now() >= timedelta(seconds=29)
