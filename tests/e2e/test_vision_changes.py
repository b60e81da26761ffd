"""The vision changes under a sprint: closed, deleted or stripped of its label while
its sprint PR is open. A closed or unlabelled vision pauses the sprint for `stop_after`
first (tests/e2e/test_label_slip.py); then, or at once for a deleted vision, the
sprint stops before any further model call or filing, as a rejection that says what
happened; reopening or relabelling brings a new pitch."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import httpx

from architect.forge.models import PullRequest
from tests.world import BASE, OPS, PROJECT, World, make_world


def _notes(world: World, vision: int) -> list[str]:
    """The bot's notes on the vision, its story comments (pitched, filed) left out."""
    return [b for b in world.bot_comments(vision, repo=PROJECT) if "story event=" not in b]

def _pitched(world: World, title: str = "Wishlists") -> tuple[int, PullRequest]:
    vision = world.vision(title)
    assert world.tick().ok
    (pr,) = world.bot.list_pulls(OPS, state="open")
    return vision, pr


def _after_the_pause(world: World) -> datetime:
    """A moment past `stop_after` (1d by default) from now on the forge's clock."""
    return world.clock.now + timedelta(days=1, minutes=1)


def _paused(world: World) -> None:
    report = world.tick()
    assert report.ok, report.failed
    assert [type(a).__name__ for a in report.applied] == ["PauseSprint"]


def _journal(world: World) -> list[str]:
    return [p.read_text() for p in
            sorted((world.config.project_state_dir / "journal").glob("*-rejected.md"))]


def _assert_stopped(world: World, pr: PullRequest, reason: str) -> None:
    after = world.bot.get_pull(OPS, pr.number)
    assert after.state == "closed" and not after.merged
    assert world.bot.get_branch(OPS, pr.head.ref) is None
    (note,) = [b for b in world.bot_comments(pr.number) if b.startswith("Stopped:")]
    assert note.startswith(f"Stopped: {reason}.")
    assert "nothing more is asked or filed" in note
    assert world.bot.list_issues(PROJECT, state="all", labels=["backlog"]) == []
    (entry,) = _journal(world)
    assert f"Stopped: {reason}" in entry


def test_a_closed_vision_stops_its_sprint_before_the_questions(
        tmp_path: Path, dialect: str) -> None:
    world = make_world(tmp_path, dialect=dialect)
    vision, pr = _pitched(world)
    world.client("alice").edit_issue(PROJECT, vision, state="closed")
    world.comment(pr.number, "ACCEPT")
    _paused(world)

    report = world.tick(at=_after_the_pause(world))
    assert report.ok, report.failed
    assert report.model_calls == 0
    assert [type(a).__name__ for a in report.applied] == ["StopSprint"]
    _assert_stopped(world, pr, f"its vision {PROJECT}#{vision} was closed")
    issue = world.bot.get_issue(PROJECT, vision)
    assert issue.state == "closed" and "in-progress" not in issue.label_names
    (notice,) = _notes(world, vision)
    assert f"(PR #{pr.number}) was stopped: its vision {PROJECT}#{vision} was closed." in notice
    assert "make sure this issue is open and labelled `vision`" in notice

    counts = (len(world.comments(pr.number)), len(world.comments(vision, repo=PROJECT)))
    assert world.tick().applied == []
    assert (len(world.comments(pr.number)), len(world.comments(vision, repo=PROJECT))) == counts

    world.client("alice").edit_issue(PROJECT, vision, state="open")
    assert [type(a).__name__ for a in world.tick().applied] == ["OpenPitch"]
    (again,) = world.bot.list_pulls(OPS, state="open")
    assert again.number != pr.number


def test_an_unlabelled_vision_stops_its_sprint_during_the_questions(
        tmp_path: Path, dialect: str) -> None:
    world = make_world(tmp_path, dialect=dialect)
    vision, pr = _pitched(world)
    world.comment(pr.number, "ACCEPT")
    assert world.tick().ok  # the design questions are asked
    asked = len(world.bot_comments(pr.number))
    world.client("alice").remove_issue_label(PROJECT, vision, "vision")
    world.comment(pr.number, "Q1: A")
    _paused(world)

    report = world.tick(at=_after_the_pause(world))
    assert report.ok, report.failed
    assert report.model_calls == 0
    # the pause note and the stop note, no answers read
    assert len(world.bot_comments(pr.number)) == asked + 2
    _assert_stopped(world, pr, f"its vision {PROJECT}#{vision} lost the `vision` label")
    issue = world.bot.get_issue(PROJECT, vision)
    assert issue.state == "open" and issue.label_names == frozenset()
    assert len(_notes(world, vision)) == 1
    assert world.tick().applied == []

    world.client("alice").add_issue_labels(PROJECT, vision, ["vision"])
    assert [type(a).__name__ for a in world.tick().applied] == ["OpenPitch"]


def test_a_deleted_vision_stops_its_sprint(tmp_path: Path, dialect: str) -> None:
    world = make_world(tmp_path, dialect=dialect)
    vision, pr = _pitched(world)
    http = httpx.Client(transport=httpx.WSGITransport(app=world.forge.wsgi), base_url=BASE)
    deleted = http.delete(f"/api/v1/repos/{PROJECT}/issues/{vision}",
                          headers={"Authorization": f"token {world.tokens['acme']}"})
    assert deleted.status_code == 204

    report = world.tick()
    assert report.ok, report.failed
    _assert_stopped(world, pr, f"its vision {PROJECT}#{vision} was deleted")
    assert world.tick().applied == []


def test_a_dry_run_shows_the_stop_and_writes_nothing(tmp_path: Path, dialect: str) -> None:
    world = make_world(tmp_path, dialect=dialect)
    vision, pr = _pitched(world)
    world.client("alice").edit_issue(PROJECT, vision, state="closed")
    _paused(world)
    before = world.comments(pr.number)
    report = world.tick(dry_run=True, at=_after_the_pause(world))
    assert [type(a).__name__ for a in report.applied] == ["StopSprint"]
    assert world.bot.get_pull(OPS, pr.number).state == "open"
    assert world.comments(pr.number) == before
