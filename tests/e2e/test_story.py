"""A vision hears its story, and the story ends (issue 12, item 6).

On the embedded forge through the real client: a comment on the vision at the
pitch and at the filing, then, once every sub-issue is closed, one summary, the
label removed and the vision closed. Further ticks add nothing.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from architect.app.status import collect_status
from architect.forge.models import Issue
from tests.e2e.test_lifecycle_e2e import snapshot_state
from tests.world import OPS, PROJECT, World, make_world


def filed_sprint(world: World) -> tuple[int, int, list[Issue]]:
    """A vision whose sprint was accepted, answered, filed and merged."""
    vision = world.vision("Wishlists")
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="open")
    world.comment(pr.number, "ACCEPT")
    world.tick()
    world.comment(pr.number, "Q1: B\nQ2: B")
    world.tick()
    assert world.bot.get_pull(OPS, pr.number).merged
    subs = sorted(world.bot.list_issues(PROJECT, state="open", labels=["backlog"]),
                  key=lambda i: i.number)
    return vision, pr.number, subs


def close(world: World, number: int, *, label: str | None = None) -> None:
    alice = world.client("alice")
    if label is not None:
        alice.add_issue_labels(PROJECT, number, [label])
    alice.edit_issue(PROJECT, number, state="closed")


def assert_quiet(world: World) -> None:
    before = snapshot_state(world)
    report = world.tick()
    assert report.decision.actions == (), [a.describe() for a in report.decision.actions]
    assert snapshot_state(world) == before


def test_the_vision_hears_its_pitch_and_its_filing(tmp_path: Path, dialect: str) -> None:
    world = make_world(tmp_path, dialect=dialect)
    vision = world.vision("Wishlists")
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="open")
    (pitched,) = world.bot_comments(vision, repo=PROJECT)
    assert pitched.startswith(f"Pitched as a sprint: {pr.html_url} (PR #{pr.number}")
    assert f"<!-- architect: story event=pitched pr={pr.number} -->" in pitched
    world.comment(pr.number, "ACCEPT")
    world.tick()
    world.comment(pr.number, "Q1: B\nQ2: B")
    world.tick()
    subs = sorted(i.number for i in world.bot.list_issues(PROJECT, state="open",
                                                          labels=["backlog"]))
    told = world.bot_comments(vision, repo=PROJECT)
    assert len(told) == 2
    assert told[1].startswith(f"Its sprint (PR #{pr.number}) filed these sub-issues:")
    assert all(f"- #{n}" in told[1] for n in subs)
    # The merged sprint's branch is gone; the vision stays in progress.
    assert f"architect/sprint-vision-{vision}" not in world.bot.list_branches(OPS)
    assert "in-progress" in world.bot.get_issue(PROJECT, vision).label_names
    assert_quiet(world)


def test_every_sub_issue_closed_ends_the_story_with_one_summary(
        tmp_path: Path, dialect: str) -> None:
    world = make_world(tmp_path, dialect=dialect)
    vision, pr, subs = filed_sprint(world)
    first, *rest = subs
    close(world, first.number)
    assert_quiet(world)  # the others are still open

    close(world, rest[0].number, label="wontfix")
    for sub in rest[1:]:
        close(world, sub.number)
    before = snapshot_state(world)
    dry = world.tick(dry_run=True)
    assert snapshot_state(world) == before, "a dry run wrote to the forge"
    report = world.tick()
    assert [a.describe() for a in dry.applied] == [a.describe() for a in report.applied]
    assert [a.describe() for a in report.applied] == [
        f"vision #{vision}: the sub-issues of PR #{pr} are all closed → summary, remove "
        "in-progress, close it"]
    issue = world.bot.get_issue(PROJECT, vision)
    assert issue.state == "closed" and "in-progress" not in issue.label_names
    summary = world.bot_comments(vision, repo=PROJECT)[-1]
    assert summary.startswith(f"Every sub-issue filed by its sprint (PR #{pr}) is closed.")
    done_part, dropped_part = summary.split("Closed as not planned:")
    assert f"- #{first.number} {first.title}" in done_part
    assert f"- #{rest[0].number} {rest[0].title} (label `wontfix`)" in dropped_part
    assert f"#{rest[0].number}" not in done_part
    assert "Removed `in-progress`; closing this vision." in summary
    assert_quiet(world)


def test_with_close_vision_when_done_false_the_vision_stays_open(
        tmp_path: Path, dialect: str) -> None:
    world = make_world(tmp_path, dialect=dialect, extra="close_vision_when_done = false")
    vision, pr, subs = filed_sprint(world)
    for sub in subs:
        close(world, sub.number)
    world.tick()
    issue = world.bot.get_issue(PROJECT, vision)
    assert issue.state == "open" and "in-progress" not in issue.label_names
    summary = world.bot_comments(vision, repo=PROJECT)[-1]
    assert "Closed as done:" in summary and "not planned:" not in summary
    assert summary.rstrip().endswith(f"<!-- architect: story event=completed pr={pr} -->")
    assert "Removed `in-progress`." in summary
    rows = collect_status(world.bot, world.config, datetime(2026, 11, 26, tzinfo=UTC))
    assert [(r.number, r.state, r.waits_for) for r in rows if r.kind == "vision"] == [
        (vision, "completed", "nothing (its story ended)")]
    assert_quiet(world)


def test_a_merged_sprints_vision_gets_its_label_back_until_the_end(
        tmp_path: Path, dialect: str) -> None:
    world = make_world(tmp_path, dialect=dialect)
    vision, pr, _subs = filed_sprint(world)
    world.client("alice").remove_issue_label(PROJECT, vision, "in-progress")
    report = world.tick()
    assert [a.describe() for a in report.applied] == [
        f"vision #{vision} (merged PR #{pr}): put back in-progress"]
    assert "in-progress" in world.bot.get_issue(PROJECT, vision).label_names
    assert_quiet(world)


def test_a_branch_left_by_a_lost_merge_answer_is_deleted(tmp_path: Path, dialect: str) -> None:
    world = make_world(tmp_path, dialect=dialect)
    vision, _pr, _ = filed_sprint(world)
    branch = f"architect/sprint-vision-{vision}"
    # As if the tick died after the merge, before deleting the branch.
    world.bot.create_branch(OPS, branch, "main")
    world.tick()
    assert branch not in world.bot.list_branches(OPS)
    assert_quiet(world)


def test_a_vision_reopened_after_its_summary_stays_open(tmp_path: Path, dialect: str) -> None:
    world = make_world(tmp_path, dialect=dialect)
    vision, _, subs = filed_sprint(world)
    for sub in subs:
        close(world, sub.number)
    world.tick()
    world.client("alice").edit_issue(PROJECT, vision, state="open")
    report = world.tick()
    # Nothing is planned for it any more: no no-op step in the log or a dry run, tick after tick.
    assert report.decision.actions == ()
    issue = world.bot.get_issue(PROJECT, vision)
    assert issue.state == "open"
    summaries = [c for c in world.bot_comments(vision, repo=PROJECT) if "event=completed" in c]
    assert len(summaries) == 1
