"""A human closes, merges or deletes the branch of a sprint PR instead of writing
`REJECT:` or letting the architect file: each gets one answer where people look,
and the vision can be pitched again. A reopened sprint PR resumes from its marks."""

from __future__ import annotations

from pathlib import Path

from architect.forge.models import PullRequest
from tests.world import OPS, PROJECT, World, make_world


def _notes(world: World, vision: int) -> list[str]:
    """The bot's notes on the vision, its story comments (pitched, filed) left out."""
    return [b for b in world.bot_comments(vision, repo=PROJECT) if "story event=" not in b]

def _pitched(tmp_path: Path, dialect: str) -> tuple[World, int, PullRequest]:
    world = make_world(tmp_path, dialect=dialect)
    vision = world.vision("Wishlists")
    assert world.tick().ok
    (pr,) = world.bot.list_pulls(OPS, state="open")
    assert "in-progress" in world.bot.get_issue(PROJECT, vision).label_names
    return world, vision, pr


def _journal(world: World, outcome: str) -> list[str]:
    folder = world.config.project_state_dir / "journal"
    return [p.read_text() for p in sorted(folder.glob(f"*-{outcome}.md"))]


def _quiet(world: World, pr: PullRequest, vision: int) -> None:
    """A further tick adds nothing anywhere."""
    before = (world.comments(pr.number), world.comments(vision, repo=PROJECT))
    report = world.tick()
    assert report.ok and report.applied == []
    assert (world.comments(pr.number), world.comments(vision, repo=PROJECT)) == before


def _pitched_again(world: World, pr: PullRequest, vision: int) -> None:
    world.comment(vision, "Let's try again, smaller.", repo=PROJECT)
    assert [type(a).__name__ for a in world.tick().applied] == ["OpenPitch"]
    (again,) = world.bot.list_pulls(OPS, state="open")
    assert again.number != pr.number


def test_a_pr_closed_without_reject_is_a_rejection_without_a_reason(tmp_path: Path,
                                                                   dialect: str) -> None:
    world, vision, pr = _pitched(tmp_path, dialect)
    world.client("bob").edit_pull(OPS, pr.number, state="closed")
    pr_comments = world.comments(pr.number)

    report = world.tick()
    assert report.ok, report.failed
    assert [a.describe() for a in report.applied] == [
        f"PR #{pr.number}: closed without REJECT by @bob → note on the vision, remove "
        "in-progress, journal"]
    assert "in-progress" not in world.bot.get_issue(PROJECT, vision).label_names
    (note,) = _notes(world, vision)
    assert (f"The sprint PR for this vision (PR #{pr.number}) was closed by @bob without a "
            "`REJECT:` reason.") in note
    assert "Edit this issue or comment on it to ask for a new pitch" in note
    assert world.comments(pr.number) == pr_comments  # the note is where people look: the vision
    (entry,) = _journal(world, "rejected")
    assert "By @bob: closed without a REJECT: reason" in entry
    assert world.bot.get_branch(OPS, pr.head.ref) is not None  # so it can be reopened

    _quiet(world, pr, vision)
    _pitched_again(world, pr, vision)


def test_a_deleted_branch_names_who_deleted_it(tmp_path: Path, dialect: str) -> None:
    world, vision, pr = _pitched(tmp_path, dialect)
    world.client("bob").delete_branch(OPS, pr.head.ref)
    assert world.bot.get_pull(OPS, pr.number).state == "closed"  # CloseBranchPulls

    report = world.tick()
    assert report.ok, report.failed
    (note,) = _notes(world, vision)
    assert f"(PR #{pr.number}) was closed by @bob without a `REJECT:` reason." in note
    assert "in-progress" not in world.bot.get_issue(PROJECT, vision).label_names
    _quiet(world, pr, vision)


def test_a_pr_merged_before_filing_says_nothing_was_filed(tmp_path: Path, dialect: str) -> None:
    world, vision, pr = _pitched(tmp_path, dialect)
    world.client("bob").merge_pull(OPS, pr.number, style="merge")
    assert world.bot.get_pull(OPS, pr.number).merged

    report = world.tick()
    assert report.ok, report.failed
    assert [a.describe() for a in report.applied] == [
        f"PR #{pr.number}: merged before filing by @bob → note on the vision, remove "
        "in-progress, journal"]
    pr_note = world.bot_comments(pr.number)[-1]
    assert pr_note.startswith("Merged by @bob before the sub-issues were filed: nothing was "
                              f"filed for {PROJECT}#{vision}")
    (note,) = _notes(world, vision)
    assert f"(PR #{pr.number}) was merged by @bob before its sub-issues were filed" in note
    assert "file the sub-issues by hand" in note
    assert "in-progress" not in world.bot.get_issue(PROJECT, vision).label_names
    assert world.bot.list_issues(PROJECT, state="all", labels=["backlog"]) == []
    (entry,) = _journal(world, "merged")
    assert "nothing was filed" in entry

    _quiet(world, pr, vision)
    _pitched_again(world, pr, vision)


def test_a_reopened_sprint_pr_resumes_from_its_marks(tmp_path: Path, dialect: str) -> None:
    world, vision, pr = _pitched(tmp_path, dialect)
    world.comment(pr.number, "ACCEPT")
    assert world.tick().ok
    asked = world.bot_comments(pr.number)
    world.client("bob").edit_pull(OPS, pr.number, state="closed")
    assert world.tick().ok
    assert "in-progress" not in world.bot.get_issue(PROJECT, vision).label_names

    world.client("bob").edit_pull(OPS, pr.number, state="open")
    report = world.tick()
    assert report.ok, report.failed
    assert [a.describe() for a in report.applied] == [
        f"PR #{pr.number}: finish the pitch (label)"]
    assert "in-progress" in world.bot.get_issue(PROJECT, vision).label_names
    assert world.bot_comments(pr.number) == asked  # no second footer, no new questions
    assert len(_notes(world, vision)) == 1

    world.comment(pr.number, "Q1: A")
    assert world.tick().ok
    assert "Recorded" in world.bot_comments(pr.number)[-1]


def test_a_dry_run_shows_the_answer_and_writes_nothing(tmp_path: Path, dialect: str) -> None:
    world, vision, pr = _pitched(tmp_path, dialect)
    world.client("bob").edit_pull(OPS, pr.number, state="closed")
    before = world.comments(vision, repo=PROJECT)
    report = world.tick(dry_run=True)
    assert [type(a).__name__ for a in report.applied] == ["NoteClosedSprint"]
    assert world.comments(vision, repo=PROJECT) == before
    assert "in-progress" in world.bot.get_issue(PROJECT, vision).label_names


def test_a_reject_written_then_closed_by_hand_keeps_its_reason(tmp_path: Path,
                                                              dialect: str) -> None:
    world, vision, pr = _pitched(tmp_path, dialect)
    world.comment(pr.number, "Reject - too big for now", by="bob")
    world.client("bob").edit_pull(OPS, pr.number, state="closed")

    assert world.tick().ok
    (note,) = _notes(world, vision)
    assert f"(PR #{pr.number}) was closed by @bob: too big for now" in note
    (entry,) = _journal(world, "rejected")
    assert "By @bob: closed: too big for now" in entry
    _quiet(world, pr, vision)
    world.comment(vision, "Smaller now.", repo=PROJECT)
    (pitch,) = world.tick().applied
    assert pitch.describe().endswith("(again, after a rejection) → sprints/1-wishlists.md")


def test_a_pr_reopened_after_its_branch_was_deleted_gets_one_note_and_stays_in_status(
        tmp_path: Path, dialect: str) -> None:
    from architect.app.status import collect_status  # noqa: PLC0415 - only this test

    world, vision, pr = _pitched(tmp_path, dialect)
    world.client("bob").delete_branch(OPS, pr.head.ref)
    assert world.tick().ok  # closed by the deletion: the note on the vision
    world.client("bob").edit_pull(OPS, pr.number, state="open")

    report = world.tick()
    assert [a.describe() for a in report.applied] == [
        f"PR #{pr.number}: reopened without its branch {pr.head.ref} → one note on the PR"]
    note = world.bot_comments(pr.number)[-1]
    assert f"its branch `{pr.head.ref}` was deleted" in note
    assert "restore the branch" in note and "treats this sprint as closed" in note
    rows = {(r.kind, r.number): r for r in collect_status(world.bot, world.config,
                                                          world.clock.now)}
    assert rows[("sprint", pr.number)].state == "reopened without its branch"
    assert rows[("sprint", pr.number)].waits_for == "a human: the branch restored, or the PR closed"
    assert rows[("vision", vision)].state == f"in sprint PR #{pr.number}"
    # Treated as closed: no label put back, no answer read, and no second note.
    world.comment(pr.number, "ACCEPT")
    assert world.tick().applied == []
    assert "in-progress" not in world.bot.get_issue(PROJECT, vision).label_names
    assert len([c for c in world.bot_comments(pr.number) if "was deleted" in c]) == 1

    world.client("bob").create_branch(OPS, pr.head.ref, pr.head.sha)  # restored
    assert world.tick().ok
    assert "in-progress" in world.bot.get_issue(PROJECT, vision).label_names
    assert any(c.startswith("Q1") or "Q1:" in c for c in world.bot_comments(pr.number))
