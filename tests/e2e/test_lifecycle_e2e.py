"""The lifecycle end to end on the embedded forge, through the real client.

Each test sets the forge up as humans would, runs ticks, and checks what a
user sees: PRs, comments, labels, branches, files, issues. Each runs twice: with
the architect on the Forgejo API, and on the GitHub dialect (`GitHubClient`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from architect.core import markers
from architect.forge.models import PullRequest
from tests.world import BOT, DIALECTS, OPS, PROJECT, World, make_world


@pytest.fixture(params=DIALECTS)
def world(tmp_path: Path, request: pytest.FixtureRequest) -> World:
    return make_world(tmp_path, dialect=request.param)


def only_pr(world: World) -> PullRequest:
    (pr,) = world.bot.list_pulls(OPS, state="all")
    return pr


def snapshot_state(world: World) -> dict[str, object]:
    """Everything a human could look at, for 'nothing changed' comparisons."""
    bot = world.bot
    pulls = bot.list_pulls(OPS, state="all")
    issues = bot.list_issues(PROJECT, state="all")
    return {
        "pulls": [(p.number, p.state, p.merged, p.title, p.body) for p in pulls],
        "comments": {p.number: [(c.user.login, c.body) for c in bot.list_comments(OPS, p.number)]
                     for p in pulls},
        "issues": [(i.number, i.state, i.title, i.body, sorted(i.label_names)) for i in issues],
        "vision_comments": {i.number: [c.body for c in bot.list_comments(PROJECT, i.number)]
                            for i in issues},
    }


def test_pitch_opens_branch_file_pr_footer_and_label(world: World) -> None:
    number = world.vision("Wishlists")
    world.tick()
    pr = only_pr(world)
    assert pr.title == "architect: Wishlists"
    assert pr.head.ref == f"architect/sprint-vision-{number}"
    assert pr.base.ref == "main"
    for section in ("## Vision issues", "## What this enables", "## What exists today",
                    "## Complexity", "## Risks", "## Cost — new infra to maintain",
                    "## Recommendation"):
        assert section in pr.body
    assert f"- {PROJECT}#{number} — Wishlists" in pr.body
    assert f"<!-- architect: vision=#{number} -->" in pr.body
    sprint_file = world.bot.get_file(OPS, f"sprints/{number}-wishlists.md", ref=pr.head.ref)
    assert sprint_file is not None and "## What this enables" in sprint_file.text
    (footer,) = world.bot_comments(pr.number)
    assert "Reply `ACCEPT` to proceed with design questions, or `REJECT: <reason>`" in footer
    assert "in-progress" in world.bot.get_issue(PROJECT, number).label_names
    assert "offline planner" in pr.body.lower()


def test_a_second_tick_changes_nothing(world: World) -> None:
    world.vision("Wishlists")
    world.tick()
    before = snapshot_state(world)
    report = world.tick()
    assert report.decision.actions == ()
    assert snapshot_state(world) == before


def test_no_pitch_beyond_max_open_pitches(tmp_path: Path) -> None:
    world = make_world(tmp_path, max_open_pitches=4)
    for i in range(5):
        world.vision(f"Vision {i}")
    world.tick()
    assert len(world.bot.list_pulls(OPS, state="open")) == 4
    (tmp_path / "b").mkdir()
    three = make_world(tmp_path / "b", max_open_pitches=3)
    three.forge, three.setup, three.tokens = world.forge, world.setup, world.tokens
    three.clients = world.clients
    report = three.tick()
    assert report.decision.actions == ()
    assert any("4 sprint PRs open" in note for note in report.decision.notes)
    assert len(world.bot.list_pulls(OPS, state="open")) == 4


def test_approval_starts_design_questions(world: World) -> None:
    world.vision("Wishlists")
    world.tick()
    pr = only_pr(world)
    world.review(pr.number, "APPROVED", "Keep it small.")
    world.tick()
    questions = world.bot_comments(pr.number)[-1]
    assert "**Q1:** Where are wishlists kept?" in questions
    assert "**Q2:** Can wishlists be shared?" in questions
    assert "- B) In the database **(recommended)**" in questions
    body = world.bot.get_pull(OPS, pr.number).body
    assert "## Design forks" in body
    assert "### Q1: Where are wishlists kept?" in body
    assert "- **Status:** open" in body
    sprint = world.bot.get_file(OPS, "sprints/1-wishlists.md", ref=pr.head.ref)
    assert sprint is not None and "### Q2: Can wishlists be shared?" in sprint.text


def test_accept_comment_starts_questions_but_not_from_bots_or_strangers(world: World) -> None:
    world.vision("Wishlists")
    world.tick()
    pr = only_pr(world)
    world.comment(pr.number, "ACCEPT", by=BOT)
    world.comment(pr.number, "accept, ship it", by="stranger")
    world.review(pr.number, "APPROVED", "fine by me", by="deploy-bot")
    report = world.tick()
    # The stranger gets one reply naming who may steer; nothing else moves (issue #19).
    assert [type(a).__name__ for a in report.decision.actions] == ["ClarifyDecision"]
    assert any("@stranger (not a reviewer)" in n for n in report.decision.notes)
    assert world.bot_comments(pr.number)[-1].startswith("@stranger, I read “accept, ship it”")
    assert world.tick().decision.actions == ()
    world.comment(pr.number, "accept — but keep the API small")
    world.tick()
    assert "**Q1:**" in world.bot_comments(pr.number)[-1]


def test_answering_q1_only_leaves_q2_open(world: World) -> None:
    world.vision("Wishlists")
    world.tick()
    pr = only_pr(world)
    world.comment(pr.number, "ACCEPT")
    world.tick()
    world.comment(pr.number, "Q1: B because we already run Postgres")
    world.tick()
    ack = world.bot_comments(pr.number)[-1]
    assert "Q1: B) In the database — we already run Postgres (@alice)" in ack
    assert "Still open: Q2." in ack
    body = world.bot.get_pull(OPS, pr.number).body
    assert "- **Answered by:** @alice" in body
    assert world.bot.list_issues(PROJECT, state="all", labels=["backlog"]) == []


def test_all_answers_file_sub_issues_and_merge(world: World) -> None:
    vision = world.vision("Wishlists")
    world.tick()
    pr = only_pr(world)
    world.comment(pr.number, "ACCEPT")
    world.tick()
    world.comment(pr.number, "Q1: B\nQ2: recommended")
    world.tick()
    merged = world.bot.get_pull(OPS, pr.number)
    assert merged.merged
    filed = world.bot.list_issues(PROJECT, state="open", labels=["backlog"])
    assert len(filed) == 3
    by_title = {i.title: i for i in filed}
    store = next(i for t, i in by_title.items() if "Store" in t)
    api = next(i for t, i in by_title.items() if "API" in t)
    assert f"Decomposed from #{vision}" in api.body
    assert f"Depends on #{store.number}" in api.body
    assert f"<!-- decomposed-from: #{vision}, sprint: 1-wishlists, id: api -->" in api.body
    numbers = sorted(i.number for i in filed)
    # After the last answer: its acknowledgment, then one comment saying what was filed.
    ack, filed_comment = world.bot_comments(pr.number)[-2:]
    assert ack.startswith("Recorded:") and "Every design fork is resolved." in ack
    listing = "\n".join(f"- {PROJECT}#{n} — {world.bot.get_issue(PROJECT, n).title}"
                        for n in numbers)
    assert filed_comment.startswith(f"Sprint filed:\n\n{listing}\n\n")
    listed = ",".join(map(str, numbers))
    assert filed_comment.endswith(f"<!-- architect: filed numbers={listed} -->")
    # The list is said once: nowhere else on the PR.
    assert [c for c in world.bot_comments(pr.number)
            if world.bot.get_issue(PROJECT, numbers[0]).title in markers.strip_markers(c)] \
        == [filed_comment]
    assert "## Filed: " in merged.body
    on_main = world.bot.get_file(OPS, "sprints/1-wishlists.md", ref="main")
    assert on_main is not None and "- **Status:** resolved" in on_main.text
    assert all(f"{PROJECT}#{n}" in on_main.text for n in numbers)
    deps = world.bot.list_dependencies(PROJECT, api.number)
    assert [d.number for d in deps] == [store.number]
    before = snapshot_state(world)
    assert world.tick().decision.actions == ()
    assert snapshot_state(world) == before


def test_reject_after_questions_closes_everything(world: World) -> None:
    vision = world.vision("Wishlists")
    world.tick()
    pr = only_pr(world)
    world.comment(pr.number, "ACCEPT")
    world.tick()
    world.comment(pr.number, "REJECT: not this quarter")
    world.tick()
    closed = world.bot.get_pull(OPS, pr.number)
    assert closed.state == "closed" and not closed.merged
    assert world.bot.get_branch(OPS, pr.head.ref) is None
    assert "in-progress" not in world.bot.get_issue(PROJECT, vision).label_names
    notice = world.bot_comments(vision, repo=PROJECT)[-1]
    assert "rejected by @alice: not this quarter" in notice
    journal = list((world.config.project_state_dir / "journal").glob("*-rejected.md"))
    assert len(journal) == 1 and "not this quarter" in journal[0].read_text()
    # Not pitched again until someone touches the vision …
    assert world.tick().decision.actions == ()
    assert len(world.bot.list_pulls(OPS, state="all")) == 1
    # … then it is, with the reason in mind.
    world.comment(vision, "Scope is now smaller; please pitch again.", repo=PROJECT)
    world.tick()
    pulls = world.bot.list_pulls(OPS, state="open")
    assert len(pulls) == 1
    assert "not this quarter" in pulls[0].body


def test_request_changes_revises_the_pitch(world: World) -> None:
    world.vision("Wishlists")
    world.tick()
    pr = only_pr(world)
    world.review(pr.number, "REQUEST_CHANGES", "- Mention the GDPR impact")
    world.tick()
    revised = world.bot_comments(pr.number)[-1]
    assert revised.startswith("Revised the pitch after the review by @alice")
    assert "GDPR" in world.bot.get_pull(OPS, pr.number).body
    assert world.tick().decision.actions == ()


def test_dry_run_writes_nothing(world: World) -> None:
    world.vision("Wishlists")
    before = snapshot_state(world)
    report = world.tick(dry_run=True)
    assert [a.describe() for a in report.decision.actions] == [
        "vision #1: pitch a sprint → sprints/1-wishlists.md"]
    assert snapshot_state(world) == before


def test_request_changes_during_the_questions_revises_and_keeps_the_ledger(world: World) -> None:
    world.vision("Wishlists")
    world.tick()
    pr = only_pr(world)
    world.comment(pr.number, "ACCEPT")
    world.tick()
    world.comment(pr.number, "Q1: B")
    world.tick()
    world.review(pr.number, "REQUEST_CHANGES", "- Mention the GDPR impact", by="bob")
    world.tick()
    assert world.bot_comments(pr.number)[-1].startswith(
        "Revised the pitch after the review by @bob")
    body = world.bot.get_pull(OPS, pr.number).body
    assert "GDPR" in body
    assert "### Q1: Where are wishlists kept?" in body and "- **Answered by:** @alice" in body
