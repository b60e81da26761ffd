"""Design questions nobody answers: one reminder, then parking (issue 12, item 7).

The tick's clock is driven by the test (`World.tick(at=...)`); the forge keeps
its own, at 2026-11-25 09:00 and a second per request.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from architect.app.status import collect_status
from tests.e2e.test_lifecycle_e2e import snapshot_state
from tests.world import OPS, World, make_world

ASKED = datetime(2026, 11, 25, 10, tzinfo=UTC)  # an hour after the forge's start, at most


def asked(tmp_path: Path, extra: str = "") -> tuple[World, int]:
    """A sprint accepted by @alice whose two design questions are open."""
    world = make_world(tmp_path, extra=extra)
    number = world.accepted()
    assert "Q2" in world.bot_comments(number)[-1]
    return world, number


def quiet_at(world: World, at: datetime) -> None:
    before = snapshot_state(world)
    report = world.tick(at=at)
    assert report.decision.actions == (), [a.describe() for a in report.decision.actions]
    assert snapshot_state(world) == before


def pr_labels(world: World, number: int) -> set[str]:
    return {label.name for label in world.bot.get_pull(OPS, number).labels}


def test_one_reminder_names_whoever_accepted_and_asks_no_model(tmp_path: Path) -> None:
    world, number = asked(tmp_path)
    quiet_at(world, ASKED + timedelta(days=2))
    report = world.tick(at=ASKED + timedelta(days=3))
    assert report.model_calls == 0
    reminder = world.bot_comments(number)[-1]
    assert reminder.startswith("@alice: Q1, Q2 here have waited 3 days for an answer.")
    assert "This is the only reminder for this round." in reminder
    quiet_at(world, ASKED + timedelta(days=5))
    quiet_at(world, ASKED + timedelta(days=13))


def test_an_answer_starts_a_new_round_with_a_reminder_of_its_own(tmp_path: Path) -> None:
    world, number = asked(tmp_path)
    world.tick(at=ASKED + timedelta(days=3))
    answered = ASKED + timedelta(days=4)
    world.wait_until(answered)
    world.comment(number, "Q1: B")
    world.tick(at=answered)
    assert "Q1" in world.bot_comments(number)[-1]  # the acknowledgement
    # The new round's clock starts at the acknowledgement.
    quiet_at(world, answered + timedelta(days=2))
    world.tick(at=answered + timedelta(days=3, hours=1))
    reminders = [c for c in world.bot_comments(number) if "architect: reminder" in c]
    assert len(reminders) == 2 and reminders[-1].startswith("@alice: Q2 here have waited")


def test_after_park_after_the_sprint_is_parked_until_someone_who_may_steer_comments(
        tmp_path: Path) -> None:
    world, number = asked(tmp_path, extra='remind_after = "2d"\npark_after = "7d"')
    world.tick(at=ASKED + timedelta(days=2))
    report = world.tick(at=ASKED + timedelta(days=7))
    assert report.model_calls == 0
    assert pr_labels(world, number) == {"parked"}
    note = world.bot_comments(number)[-1]
    assert note.startswith("@alice: no answer for 7 days, so this sprint is parked "
                           "(label `parked`)")
    rows = collect_status(world.bot, world.config, ASKED + timedelta(days=8))
    (row,) = [r for r in rows if r.kind == "sprint"]
    assert row.state == "parked (Q1, Q2)"  # with the questions it waits for
    assert row.waits_for == "a human: a comment on the PR (label parked)"
    quiet_at(world, ASKED + timedelta(days=30))

    world.wait_until(ASKED + timedelta(days=31))
    world.comment(number, "Q1: B", by="stranger")  # may not steer: one reply, nothing else
    world.tick(at=ASKED + timedelta(days=31))
    assert world.bot_comments(number)[-1].startswith("@stranger, I read “Q1: B”")
    quiet_at(world, ASKED + timedelta(days=31))
    assert pr_labels(world, number) == {"parked"}

    world.wait_until(ASKED + timedelta(days=32))
    world.comment(number, "Q1: B")
    world.tick(at=ASKED + timedelta(days=32))
    assert pr_labels(world, number) == set()
    assert "Q1" in world.bot_comments(number)[-1]
    quiet_at(world, ASKED + timedelta(days=33))


def test_a_parked_label_taken_off_by_hand_stays_off_until_the_next_round(
        tmp_path: Path) -> None:
    world, number = asked(tmp_path)
    world.tick(at=ASKED + timedelta(days=14))
    assert pr_labels(world, number) == {"parked"}
    world.client("alice").remove_issue_label(OPS, number, "parked")
    quiet_at(world, ASKED + timedelta(days=20))
    assert pr_labels(world, number) == set()


def test_a_park_killed_between_label_and_note_finishes_the_note(tmp_path: Path) -> None:
    world, number = asked(tmp_path)
    world.client("alice").add_issue_labels(OPS, number, ["parked"])  # as a killed tick left it
    quiet_at(world, ASKED + timedelta(days=5))  # before park_after: a human's parking stands
    world.tick(at=ASKED + timedelta(days=14))
    notes = [c for c in world.bot_comments(number) if "architect: parked" in c]
    assert len(notes) == 1 and pr_labels(world, number) == {"parked"}
    quiet_at(world, ASKED + timedelta(days=15))


def test_status_shows_a_due_reminder_as_the_tick_will_act_on_it(tmp_path: Path) -> None:
    """`status` reads the clock as `decide` does: a reminder that is due is the architect's
    to send, not a wait for a human."""
    world, number = asked(tmp_path)

    def row(at: datetime) -> tuple[str, str]:
        (found,) = [r for r in collect_status(world.bot, world.config, at)
                    if r.kind == "sprint" and r.number == number]
        return found.state, found.waits_for

    assert row(ASKED + timedelta(days=2)) == ("questions open (Q1, Q2)",
                                              "a human: answers to the open questions")
    assert row(ASKED + timedelta(days=4)) == ("questions unanswered (Q1, Q2)",
                                              "the architect (one reminder)")
    assert row(ASKED + timedelta(days=15)) == ("questions unanswered too long (Q1, Q2)",
                                               "the architect (parking)")
    world.tick(at=ASKED + timedelta(days=4))
    assert row(ASKED + timedelta(days=5)) == ("questions open (Q1, Q2)",
                                              "a human: answers to the open questions")
