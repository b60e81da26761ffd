"""HOLD and RESUME on a sprint PR, end to end through `run_tick` on the embedded forge.

`HOLD` (also `ON HOLD`, `PAUSE`) by someone who may steer holds the sprint: nothing is
asked, reminded, parked or filed; one reply acknowledges it. An answer written while
held gets one reply and is kept; `RESUME` lifts the hold with one reply, and the kept
answer is read. A vision that slipped is not resumed by `RESUME`.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest

from architect.app.status import collect_status
from architect.forge.models import PullRequest
from tests.e2e.test_dashboard_e2e import section, the_dashboard
from tests.e2e.test_lifecycle_e2e import snapshot_state
from tests.world import DIALECTS, OPS, PROJECT, World, make_world

ASKED = datetime(2026, 11, 25, 10, tzinfo=UTC)


def held(tmp_path: Path, hold: str = "HOLD: waiting for the legal review", *,
         dialect: str = "forgejo") -> tuple[World, int]:
    world = make_world(tmp_path, dialect=dialect)
    number = world.accepted()
    world.comment(number, hold)
    assert _names(world) == ["HoldReplies"]
    return world, number


def _pitched(tmp_path: Path) -> tuple[World, PullRequest]:
    """A world with one sprint PR awaiting its decision (its pitch has design questions)."""
    world = make_world(tmp_path)
    world.vision("Wishlists")
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="open")
    return world, pr


def _names(world: World, **kw: object) -> list[str]:
    report = world.tick(**kw)  # type: ignore[arg-type]
    assert report.ok, report.failed
    return [type(a).__name__ for a in report.applied]


def _replies(world: World, number: int) -> list[str]:
    return [b for b in world.bot_comments(number) if "architect: unclear" in b]


def _state(world: World) -> str:
    (row,) = [r for r in collect_status(world.bot, world.config, world.clock.now)
              if r.kind == "sprint"]
    return f"{row.state} | {row.waits_for}"


def quiet(world: World, **kw: object) -> None:
    before = snapshot_state(world)
    report = world.tick(**kw)  # type: ignore[arg-type]
    assert report.decision.actions == (), [a.describe() for a in report.decision.actions]
    assert snapshot_state(world) == before


@pytest.mark.parametrize("dialect", DIALECTS)
def test_hold_is_acknowledged_once_and_stops_reminders_and_parking(tmp_path: Path,
                                                                   dialect: str) -> None:
    world, number = held(tmp_path, dialect=dialect)
    (reply,) = _replies(world, number)
    assert reply.startswith("On hold: waiting for the legal review. Nothing is asked, "
                            "reminded, parked or filed until someone who may steer writes "
                            "`RESUME`.")
    assert _state(world) == "on hold (Q1, Q2) | a human: RESUME"
    world.tick()  # the dashboard renders the tick's outcome
    assert "on hold (Q1, Q2)" in section(the_dashboard(world).body, "Needs a human now")
    quiet(world, at=ASKED + timedelta(days=3))  # no reminder
    quiet(world, at=ASKED + timedelta(days=30))  # no parking
    assert "parked" not in {label.name for label in world.bot.get_pull(OPS, number).labels}


@pytest.mark.parametrize("hold", ["on hold", "PAUSE until the budget is approved", "**HOLD**"])
def test_on_hold_and_pause_hold_too(tmp_path: Path, hold: str) -> None:
    world, number = held(tmp_path, hold)
    assert _state(world).startswith("on hold")
    assert _replies(world, number)[-1].startswith("On hold")


def test_an_answer_while_held_gets_one_reply_and_is_read_after_resume(tmp_path: Path) -> None:
    world, number = held(tmp_path)
    answer = world.comment(number, "Q1: B")
    assert _names(world) == ["HoldReplies"]  # no model call, nothing recorded
    note = _replies(world, number)[-1]
    assert note.startswith("This sprint is on hold (waiting for the legal review): your "
                           "comment is kept, and read once someone who may steer writes "
                           "`RESUME`.")
    assert f"comment={answer}" in note
    quiet(world)
    world.comment(number, "RESUME")
    report = world.tick()
    assert report.ok and report.model_calls == 1
    assert sorted(type(a).__name__ for a in report.applied) == ["HoldReplies", "ProcessAnswers"]
    assert _replies(world, number)[-1].startswith("Resumed, @alice: the sprint goes on from "
                                                  "where it was.")
    assert _state(world).startswith("questions open (Q2)")  # the kept answer, read
    quiet(world)


def test_resume_continues_reminders_and_a_second_hold_gets_one_short_reply(
        tmp_path: Path) -> None:
    world, number = held(tmp_path)
    world.comment(number, "hold", by="bob")
    assert _names(world) == ["HoldReplies"]
    assert _replies(world, number)[-1].startswith(
        "@bob, this sprint is already on hold (since @alice's HOLD). Write `RESUME` to "
        "continue.")
    quiet(world)
    world.comment(number, "RESUME", by="bob")
    assert _names(world) == ["HoldReplies"]
    assert _state(world).startswith("questions open")
    report = world.tick(at=ASKED + timedelta(days=3))
    assert [type(a).__name__ for a in report.applied] == ["NudgeSprint"]
    world.comment(number, "resume")
    assert _names(world) == ["HoldReplies"]
    assert _replies(world, number)[-1].startswith(
        "@alice, this sprint is not on hold, so there is nothing to resume.")


def test_resume_does_not_undo_a_pause_of_a_vision_that_slipped(tmp_path: Path) -> None:
    world, number = held(tmp_path)
    world.client("alice").remove_issue_label(PROJECT, 1, "vision")
    assert _names(world) == ["PauseSprint"]
    world.comment(number, "RESUME")
    assert _names(world) == ["HoldReplies"]
    reply = _replies(world, number)[-1]
    assert reply.startswith(f"@alice, the hold is lifted, but this sprint is paused because "
                            f"its vision {PROJECT}#1 lost the `vision` label.")
    assert _state(world).startswith("paused")
    quiet(world)
    world.client("alice").add_issue_labels(PROJECT, 1, ["vision"])
    assert _names(world) == ["ResumeSprint"]  # the vision back: the sprint goes on
    assert _state(world).startswith("questions open")


def test_a_hold_survives_its_vision_coming_back(tmp_path: Path) -> None:
    world, _ = held(tmp_path)
    world.client("alice").remove_issue_label(PROJECT, 1, "vision")
    assert _names(world) == ["PauseSprint"]
    world.client("alice").add_issue_labels(PROJECT, 1, ["vision"])
    assert _names(world) == ["ResumeSprint"]
    assert _state(world).startswith("on hold")  # only RESUME lifts what a person put on


def test_hold_by_someone_who_may_not_steer_gets_the_usual_one_reply(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    number = world.accepted()
    world.comment(number, "HOLD please", by="stranger")
    assert _names(world) == ["ClarifyDecision"]
    assert "only people with write access" in _replies(world, number)[-1]
    assert _state(world).startswith("questions open")
    quiet(world)


@pytest.mark.parametrize("text", ["> HOLD", "Write `HOLD` if legal objects", "don't hold this",
                                  "Hold on, Q1 is B?"])
def test_quoted_code_or_negated_hold_never_holds(tmp_path: Path, text: str) -> None:
    world = make_world(tmp_path)
    number = world.accepted()
    world.comment(number, text)
    world.tick()
    assert not _state(world).startswith("on hold")
    assert not any(b.startswith("On hold") for b in world.bot_comments(number))


def test_dry_run_lists_the_reply(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    number = world.accepted()
    comment = world.comment(number, "HOLD")
    before = snapshot_state(world)
    report = world.tick(dry_run=True)
    assert [a.describe() for a in report.decision.actions] == [
        f"PR #{number}: on hold or resumed → one reply to comment {comment}"]
    assert snapshot_state(world) == before


class Killed(BaseException):
    """The process dies: nothing in the tick catches it."""


class DiesAfterComments(httpx.BaseTransport):
    """The embedded forge, until `comments` comments have been posted: then the tick dies
    with the last answer lost."""

    def __init__(self, world: World, comments: int) -> None:
        self.inner = httpx.WSGITransport(app=world.wsgi)
        self.left = comments

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        response = self.inner.handle_request(request)
        if request.method == "POST" and request.url.path.endswith("/comments"):
            self.left -= 1
            if self.left == 0:
                raise Killed
        return response


def test_a_tick_killed_between_two_replies_and_run_again_duplicates_nothing(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    number = world.accepted()
    world.comment(number, "HOLD: legal")
    world.comment(number, "Q1: B")
    with pytest.raises(Killed):
        world.tick(transport=DiesAfterComments(world, 1))
    assert len(_replies(world, number)) == 1
    world.tick()
    replies = _replies(world, number)
    assert len(replies) == 2 and replies[0].startswith("On hold: legal.")
    assert replies[1].startswith("This sprint is on hold (legal)")
    quiet(world)


def test_accept_while_held_is_kept_and_asks_the_questions_on_resume(tmp_path: Path) -> None:
    world, pr = _pitched(tmp_path)
    world.comment(pr.number, "HOLD")
    assert _names(world) == ["HoldReplies"]
    assert _state(world).startswith("on hold")
    world.comment(pr.number, "ACCEPT")
    assert _names(world) == ["HoldReplies"]  # one reply, no questions yet
    assert _replies(world, pr.number)[-1].startswith("This sprint is on hold: your comment")
    quiet(world)
    world.comment(pr.number, "RESUME")
    assert sorted(_names(world)) == ["HoldReplies", "StartQuestions"]
    assert _state(world).startswith("questions open")


def test_the_time_on_hold_is_no_waiting_resume_starts_the_questions_clock_again(
        tmp_path: Path) -> None:
    world, number = held(tmp_path)
    back = ASKED + timedelta(days=20)  # beyond park_after (14d)
    world.wait_until(back)
    world.comment(number, "RESUME")
    assert _names(world, at=back) == ["HoldReplies"]  # no reminder, no parking yet
    quiet(world, at=back + timedelta(days=2))
    report = world.tick(at=back + timedelta(days=3))
    assert [type(a).__name__ for a in report.applied] == ["NudgeSprint"]
    assert "here have waited 3 days for an answer" in world.bot_comments(number)[-1]


@pytest.mark.parametrize("accepted", [False, True], ids=["at the pitch", "during the design"])
def test_a_comment_review_saying_hold_holds_on_every_tick_until_resume(
    tmp_path: Path, accepted: bool
) -> None:
    """A review is read like a comment: its HOLD gets one reply marked as a review's (not
    the comment of the same number), and holds until a RESUME."""
    world = make_world(tmp_path)
    if accepted:
        number = world.accepted()
    else:
        world.vision("Wishlists")
        world.tick()
        (pr,) = world.bot.list_pulls(OPS, state="open")
        number = pr.number
    review = world.review(number, "COMMENT", "HOLD: legal has not signed off yet", by="bob")
    assert _names(world) == ["HoldReplies"]
    (reply,) = [r for r in _replies(world, number) if r.startswith("On hold")]
    assert reply.startswith("On hold: legal has not signed off yet.")
    assert f"architect: unclear comment={review} review=1" in reply
    quiet(world)
    world.comment(number, "ACCEPT" if not accepted else "Q1: B")
    assert _names(world) == ["HoldReplies"]  # kept, nothing acted on
    assert _state(world).startswith("on hold")
    world.comment(number, "RESUME", by="bob")
    names = sorted(_names(world))
    assert names == ["HoldReplies", "ProcessAnswers" if accepted else "StartQuestions"]


def test_accept_then_a_hold_before_the_tick_holds_and_asks_nothing(tmp_path: Path) -> None:
    # The writer's newest word wins: their ACCEPT, taken back to a hold in a later
    # comment before the architect ran, posts no design questions.
    world = make_world(tmp_path)
    world.vision("Keep settings", "- [ ] keep user settings")
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="open")
    world.comment(pr.number, "ACCEPT")
    world.comment(pr.number, "Actually wait, hold off on this — legal wants to review it.")
    assert _names(world) == ["HoldReplies"]
    bodies = [c.body for c in world.bot.list_comments(OPS, pr.number)]
    assert not any("Design questions" in b for b in bodies)
    assert any(b.startswith("On hold: hold off on this") for b in bodies)


def test_a_hold_taken_back_by_its_writer_before_the_tick_accepts(tmp_path: Path) -> None:
    # "Let's park this" then "never mind — ACCEPT" from the same writer, before the
    # architect ran: their newest word wins, as with ACCEPT then a hold.
    world, pr = _pitched(tmp_path)
    world.comment(pr.number, "Let's park this for now")
    world.comment(pr.number, "Never mind, Bob sorted out the capacity issue. Go ahead, ACCEPT.")
    assert "StartQuestions" in _names(world)
    assert not any(b.startswith("On hold") for b in world.bot_comments(pr.number))
    assert _state(world).startswith("questions open")
    world.tick()
    assert _state(world).startswith("questions open")  # and on every later tick


def test_another_writers_accept_leaves_a_hold_standing(tmp_path: Path) -> None:
    world, pr = _pitched(tmp_path)
    world.comment(pr.number, "Let's park this for now", by="bob")
    world.comment(pr.number, "ACCEPT")
    _names(world)
    assert _state(world).startswith("on hold")
