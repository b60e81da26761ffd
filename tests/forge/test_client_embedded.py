"""Every method of the client against the embedded forge, through the real HTTP stack."""

from __future__ import annotations

from datetime import timedelta

import pytest

from architect.errors import (
    ForgeAuthError,
    ForgeConflict,
    ForgeNotFound,
    ForgePermissionError,
    ForgeValidation,
)
from architect.forge.models import Permission, ReviewState

from .world import OPS, PROJECT, World

SPRINT = "architect/sprint-vision-1"


def test_120_issues_are_listed_completely_in_3_requests(world: World) -> None:
    for n in range(120):
        world.bot.create_issue(PROJECT, title=f"issue {n}", body="")
    world.bot.stats.reset()

    issues = world.bot.list_issues(PROJECT)

    assert sorted(issue.title for issue in issues) == sorted(f"issue {n}" for n in range(120))
    assert world.bot.stats.requests == 3


def test_identity_and_permissions(world: World) -> None:
    bot = world.bot

    assert bot.current_user().login == "architect-bot"
    assert bot.get_version()
    repo = bot.get_repo(PROJECT)
    assert (repo.full_name, repo.default_branch) == (PROJECT, "main")
    assert bot.collaborator_permission(PROJECT, "architect-bot") is Permission.WRITE
    assert world.human.collaborator_permission(OPS, "architect-bot") is Permission.ADMIN
    assert world.human.collaborator_permission(PROJECT, "acme").can_write


def test_issues_labels_and_comments_round_trip(world: World) -> None:
    bot, human = world.bot, world.human
    vision = human.create_label(PROJECT, name="vision", color="#0075ca", description="broad")
    human.create_label(PROJECT, name="backlog", color="ededed")
    assert {label.name for label in bot.list_labels(PROJECT)} == {"vision", "backlog"}
    assert vision.color == "0075ca"

    first = human.create_issue(PROJECT, title="Cache", body="We need one", label_ids=[vision.id])
    second = bot.create_issue(PROJECT, title="Other", body="")
    assert first.label_names == {"vision"}
    assert bot.get_issue(PROJECT, first.number).body == "We need one"

    labelled = bot.add_issue_labels(PROJECT, second.number, ["backlog", "in-progress"])
    assert [label.name for label in labelled] == ["backlog"]  # unknown names are dropped
    bot.remove_issue_label(PROJECT, second.number, "backlog")
    assert bot.get_issue(PROJECT, second.number).labels == []

    edited = bot.edit_issue(PROJECT, second.number, title="Other (done)", state="closed")
    assert (edited.title, edited.state) == ("Other (done)", "closed")
    assert edited.closed_at is not None

    note = bot.create_comment(PROJECT, first.number, "Pitch coming")
    changed = bot.edit_comment(PROJECT, note.id, "Pitch coming soon")
    assert changed.id == note.id
    assert [c.body for c in bot.list_comments(PROJECT, first.number)] == ["Pitch coming soon"]


def test_list_issues_filters(world: World) -> None:
    bot, human = world.bot, world.human
    vision = human.create_label(PROJECT, name="vision", color="0075ca")
    wanted = human.create_issue(PROJECT, title="Cache layer", body="", label_ids=[vision.id])
    mine = bot.create_issue(PROJECT, title="Bot note", body="")
    closed = bot.create_issue(PROJECT, title="Old", body="")
    bot.edit_issue(PROJECT, closed.number, state="closed")

    def numbers(**filters: object) -> set[int]:
        return {i.number for i in bot.list_issues(PROJECT, **filters)}  # type: ignore[arg-type]

    assert numbers() == {wanted.number, mine.number}
    assert numbers(state="closed") == {closed.number}
    assert numbers(state="all") == {wanted.number, mine.number, closed.number}
    assert numbers(labels=["vision"]) == {wanted.number}
    assert numbers(created_by="architect-bot") == {mine.number}
    assert numbers(q="Cache") == {wanted.number}
    assert numbers(since=wanted.updated_at + timedelta(days=1)) == set()
    assert numbers(since=wanted.updated_at - timedelta(seconds=1)) >= {wanted.number}


def test_a_sprint_pr_from_branch_to_merge(world: World) -> None:
    bot, human = world.bot, world.human
    assert bot.get_branch(OPS, SPRINT) is None

    assert bot.create_branch(OPS, SPRINT, "main").name == SPRINT
    assert bot.get_branch(OPS, SPRINT) is not None
    created = bot.create_file(OPS, "sprints/cache.md", "# Cache\n", branch=SPRINT, message="pitch")
    assert bot.get_file(OPS, "sprints/cache.md") is None  # not on main yet
    read = bot.get_file(OPS, "sprints/cache.md", ref=SPRINT)
    assert read is not None
    assert (read.text, read.sha) == ("# Cache\n", created.sha)
    updated = bot.update_file(
        OPS, "sprints/cache.md", "# Cache ✓\n", sha=read.sha, branch=SPRINT, message="forks"
    )
    assert updated.sha != read.sha

    pull = bot.create_pull(OPS, title="architect: Cache", body="pitch", head=SPRINT, base="main")
    assert (pull.head.ref, pull.base.ref, pull.state) == (SPRINT, "main", "open")
    assert [p.number for p in bot.list_pulls(OPS, head=SPRINT, base="main")] == [pull.number]
    assert bot.list_pulls(OPS, state="closed") == []
    found = bot.get_pull_by_branches(OPS, "main", SPRINT)
    assert found is not None
    assert found.number == pull.number
    assert bot.get_pull_by_branches(OPS, "main", "nope") is None
    assert bot.edit_pull(OPS, pull.number, body="pitch v2").body == "pitch v2"

    review = human.create_review(OPS, pull.number, event="APPROVED", body="Go")
    assert review.state is ReviewState.APPROVED
    assert [(r.user and r.user.login, r.state) for r in bot.list_reviews(OPS, pull.number)] == [
        ("acme", ReviewState.APPROVED)
    ]

    bot.merge_pull(OPS, pull.number, message="architect: Cache\n\nfiled #1")
    merged = bot.get_pull(OPS, pull.number)
    assert (merged.merged, merged.state) == (True, "closed")
    assert [p.number for p in bot.list_pulls(OPS, state="all")] == [pull.number]
    main = bot.get_file(OPS, "sprints/cache.md")
    assert main is not None
    assert main.text == "# Cache ✓\n"

    if bot.get_branch(OPS, SPRINT) is not None:
        bot.delete_branch(OPS, SPRINT)
    assert bot.get_branch(OPS, SPRINT) is None


def test_a_pr_into_a_base_with_a_slash_is_found_by_its_branches(world: World) -> None:
    bot = world.bot
    bot.create_branch(OPS, "release/1", "main")
    bot.create_branch(OPS, SPRINT, "release/1")
    bot.create_file(OPS, "sprints/a.md", "a", branch=SPRINT, message="a")
    pull = bot.create_pull(OPS, title="t", body="b", head=SPRINT, base="release/1")

    found = bot.get_pull_by_branches(OPS, "release/1", SPRINT)

    assert found is not None
    assert found.number == pull.number
    assert bot.get_pull_by_branches(OPS, "release/2", SPRINT) is None


def test_closing_a_pr_without_merging(world: World) -> None:
    bot = world.bot
    bot.create_branch(OPS, SPRINT, "main")
    bot.create_file(OPS, "sprints/a.md", "a", branch=SPRINT, message="a")
    pull = bot.create_pull(OPS, title="t", body="b", head=SPRINT, base="main")

    assert bot.edit_pull(OPS, pull.number, state="closed").state == "closed"
    assert bot.list_pulls(OPS) == []
    assert [p.merged for p in bot.list_pulls(OPS, state="closed")] == [False]


def test_dependencies_and_hooks(world: World) -> None:
    bot = world.bot
    first = bot.create_issue(PROJECT, title="Schema", body="")
    second = bot.create_issue(PROJECT, title="API", body="Depends on #1")

    bot.add_dependency(PROJECT, second.number, depends_on=first.number)

    assert [i.number for i in bot.list_dependencies(PROJECT, second.number)] == [first.number]
    assert bot.list_dependencies(PROJECT, first.number) == []

    hook = bot.create_hook(OPS, url="http://127.0.0.1:9/hook", secret="s3cr3t")
    assert hook.active
    assert hook.config["url"] == "http://127.0.0.1:9/hook"
    assert [h.id for h in bot.list_hooks(OPS)] == [hook.id]


def test_refusals_from_the_forge(world: World) -> None:
    bot = world.bot
    stranger = world.client(world.setup.create_user("mallory"))

    with pytest.raises(ForgeAuthError, match="FORGE_ARCHITECT_TOKEN"):
        world.client("not-a-token").current_user()
    with pytest.raises(ForgePermissionError, match=f"'write:issue' .* write access to {PROJECT}"):
        stranger.create_label(PROJECT, name="spam", color="000000")
    with pytest.raises(ForgeNotFound, match="issue #99"):
        bot.get_issue(PROJECT, 99)
    with pytest.raises(ForgeNotFound, match="repository acme/nope"):
        bot.get_repo("acme/nope")
    bot.create_branch(OPS, SPRINT, "main")
    with pytest.raises(ForgeConflict, match="already exists"):
        bot.create_branch(OPS, SPRINT, "main")
    issue = bot.create_issue(PROJECT, title="t", body="")
    with pytest.raises(ForgeValidation):
        bot.remove_issue_label(PROJECT, issue.number, "no-such-label")
    with pytest.raises(ForgeValidation, match="already exists"):
        bot.create_file(OPS, "README.md", "again", branch="main", message="m")
    with pytest.raises(ForgeConflict, match="sha does not match"):
        bot.update_file(OPS, "README.md", "again", sha="0" * 40, branch="main", message="m")
