"""A slip is not a rejection: a vision that loses its `vision` label (or is closed) pauses
its sprint with one note, the PR open, for `stop_after`; back in time, the sprint
resumes with everything kept (the answered forks, the branch, the sprint file)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from architect.app.status import collect_status
from tests.world import OPS, PROJECT, World, make_world

BRANCH = "architect/sprint-vision-1"
SPRINT_FILE = "sprints/1-wishlists.md"
NOTE = "\n## Notes from alice\n\nKeep the first version small.\n"


def _answered_with_a_note(world: World) -> int:
    """Accepted, Q1 answered, and a section of alice's own in the sprint file."""
    number = world.accepted()
    world.comment(number, "Q1: B")
    assert world.tick().ok
    alice = world.client("alice")
    found = alice.get_file(OPS, SPRINT_FILE, ref=BRANCH)
    assert found is not None
    alice.update_file(OPS, SPRINT_FILE, found.text + NOTE, sha=found.sha, branch=BRANCH,
                      message="a note")
    return number


def _names(world: World, **kw: object) -> list[str]:
    report = world.tick(**kw)  # type: ignore[arg-type]
    assert report.ok, report.failed
    return [type(a).__name__ for a in report.applied]


def _pauses(world: World, number: int) -> list[str]:
    return [b for b in world.bot_comments(number) if b.startswith("Paused:")]


def test_a_label_slip_pauses_the_sprint_and_its_restore_resumes_it_with_nothing_lost(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    number = _answered_with_a_note(world)
    asked = world.bot_comments(number)
    world.client("alice").remove_issue_label(PROJECT, 1, "vision")

    assert _names(world) == ["PauseSprint"]
    (note,) = _pauses(world, number)
    assert note.startswith(f"Paused: its vision {PROJECT}#1 lost the `vision` label.")
    assert "within 1d of this note (`stop_after`)" in note
    pr = world.bot.get_pull(OPS, number)
    assert pr.state == "open" and world.bot.get_branch(OPS, BRANCH) is not None
    assert "in-progress" in world.bot.get_issue(PROJECT, 1).label_names
    rows = collect_status(world.bot, world.config, world.clock.now)
    assert [r.state for r in rows if r.kind == "sprint"] == ["paused (Q2)"]  # Q2 still open

    # Paused: an answer waits, unread, and a second tick writes nothing more.
    world.comment(number, "Q2: A")
    assert _names(world) == []
    assert _names(world, at=world.clock.now + timedelta(hours=23)) == []
    assert len(world.bot_comments(number)) == len(asked) + 1

    world.client("alice").add_issue_labels(PROJECT, 1, ["vision"])
    done = _names(world)
    assert "ResumeSprint" in done and "ProcessAnswers" in done
    assert [b for b in world.bot_comments(number) if b.startswith("Resumed:")]
    # Nothing lost: Q1 kept its answer (never asked again), Q2 was read, alice's section
    # is in the sprint file, and the sprint went on to its filing on the same PR.
    body = world.bot.get_pull(OPS, number).body
    assert "Q1" in body and "Q2" in body
    assert not any("Still open" in b and "Q1" in b.split("Still open")[1]
                   for b in world.bot_comments(number))
    merged = world.bot.get_pull(OPS, number)
    assert merged.merged, done
    on_main = world.bot.get_file(OPS, SPRINT_FILE, ref="main")
    assert on_main is not None and "## Notes from alice" in on_main.text
    assert len(world.bot.list_issues(PROJECT, state="open", labels=["backlog"])) == 3
    assert [pr.number for pr in world.bot.list_pulls(OPS, state="all")] == [number]


def test_a_closed_vision_reopened_in_time_resumes_and_a_second_slip_gets_its_own_note(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    number = world.accepted()
    alice = world.client("alice")
    alice.edit_issue(PROJECT, 1, state="closed")
    assert _names(world) == ["PauseSprint"]
    alice.edit_issue(PROJECT, 1, state="open")
    assert _names(world) == ["ResumeSprint"]
    assert _names(world) == []

    alice.remove_issue_label(PROJECT, 1, "vision")
    assert _names(world) == ["PauseSprint"]
    assert len(_pauses(world, number)) == 2
    # Not back within stop_after: the sprint stops as before, with no lesson drawn from it.
    assert _names(world, at=world.clock.now + timedelta(days=1, minutes=1)) == ["StopSprint"]
    pr = world.bot.get_pull(OPS, number)
    assert pr.state == "closed" and not pr.merged
    lessons = world.config.project_state_dir / "knowledge" / "lessons-learned.md"
    assert not lessons.exists()


def test_a_dry_run_shows_the_pause_and_writes_nothing(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    number = world.accepted()
    world.client("alice").remove_issue_label(PROJECT, 1, "vision")
    before = world.comments(number)
    assert _names(world, dry_run=True) == ["PauseSprint"]
    assert world.comments(number) == before


def test_a_re_pitch_after_a_stop_starts_from_the_answered_forks_and_the_human_section(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    old = _answered_with_a_note(world)
    alice = world.client("alice")
    alice.remove_issue_label(PROJECT, 1, "vision")
    assert _names(world) == ["PauseSprint"]
    later = world.clock.now + timedelta(days=1, minutes=1)
    assert _names(world, at=later) == ["StopSprint"]
    assert world.bot.get_branch(OPS, BRANCH) is None  # the stop deleted it

    world.wait_until(later)
    alice.add_issue_labels(PROJECT, 1, ["vision"])
    assert _names(world, at=later + timedelta(minutes=5)) == ["OpenPitch"]
    (pr,) = world.bot.list_pulls(OPS, state="open")
    assert pr.number != old
    text = world.bot.get_file(OPS, SPRINT_FILE, ref=BRANCH)
    assert text is not None and "## Notes from alice\n\nKeep the first version small." in text.text
    (carried,) = [b for b in world.bot_comments(pr.number) if "carry over" in b]
    assert f"(#{old}) stopped" in carried and "(@alice)" in carried

    world.comment(pr.number, "ACCEPT")
    assert _names(world, at=later + timedelta(minutes=10)) == ["StartQuestions"]
    questions = world.bot_comments(pr.number)[-1]
    assert questions.startswith(f"Answered on #{old} before it stopped, and kept: Q1")
    body = world.bot.get_pull(OPS, pr.number).body
    q1 = body.split("### Q1:")[1].split("### Q2:")[0]
    assert "- **Status:** resolved" in q1 and "- **Answered by:** @alice" in q1
    assert "- **Status:** open" in body.split("### Q2:")[1]

    world.comment(pr.number, "Q2: B")
    world.tick(at=later + timedelta(minutes=15))
    assert world.bot.get_pull(OPS, pr.number).merged
    on_main = world.bot.get_file(OPS, SPRINT_FILE, ref="main")
    assert on_main is not None and "## Notes from alice" in on_main.text
