"""The transition table, walked end to end: `--dry-run` before each tick lists
exactly what that tick then does, row after row of the table."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest

from architect.app.status import collect_status
from architect.core import render
from architect.core.actions import (
    Action,
    ClarifyDecision,
    CompletePitch,
    FileSprint,
    FinishSprint,
    NoteClosedSprint,
    NudgeSprint,
    ProcessAnswers,
    RejectSprint,
    RevisePitch,
    StartQuestions,
    StopSprint,
    SyncLedger,
)
from architect.core.schemas import SubIssue
from architect.core.table import SPRINT_TABLE, SprintState
from architect.runners.base import Mode
from architect.runners.scripted import ScriptedRunner
from architect.shell.tick import TickReport
from tests.e2e.test_dashboard_e2e import tick_box
from tests.e2e.test_lifecycle_e2e import snapshot_state
from tests.world import BASE, BOT, OPS, PROJECT, VISION_BODY, World, make_world


def described(actions: list[Action]) -> list[str]:
    return [a.describe() for a in actions]


# Each step, by the one row it belongs to (a step carries only what it needs, not its view).
ROW_OF: dict[type, SprintState] = {
    RejectSprint: SprintState.REJECTED, FinishSprint: SprintState.FILED,
    SyncLedger: SprintState.QUESTIONS_OPEN, StopSprint: SprintState.VISION_GONE,
    RevisePitch: SprintState.REVISION_REQUESTED, StartQuestions: SprintState.ACCEPTED,
    ProcessAnswers: SprintState.ANSWERS_PENDING, ClarifyDecision: SprintState.AWAITING_DECISION,
}


def _row_of(action: Action) -> SprintState | None:
    """The row an action was decided in; None for a step outside the sprint table."""
    if isinstance(action, NoteClosedSprint):
        return SprintState.MERGED_UNFILED if action.merged else SprintState.CLOSED_BY_HUMAN
    if isinstance(action, FileSprint):
        return SprintState.READY_TO_FILE if action.plan is None else SprintState.FILING
    if isinstance(action, NudgeSprint):
        return SprintState.PARK_DUE if action.park else SprintState.REMINDER_DUE
    return ROW_OF.get(type(action))


def states(report: TickReport) -> set[SprintState]:
    """The rows the tick acted on (a lost label alone is no state of its own)."""
    found = set()
    for a in report.applied:
        if isinstance(a, CompletePitch):
            found |= {SprintState.PITCH_INCOMPLETE} if a.footer else set()
        elif (row := _row_of(a)) is not None:
            found.add(row)
    return found


def shown(world: World) -> set[SprintState]:
    """The states `architect status` shows for the open sprint PRs."""
    rows = collect_status(world.bot, world.config, datetime(2026, 11, 25, 12, tzinfo=UTC))
    return {SprintState(r.state.split(" (")[0]) for r in rows if r.kind == "sprint"}


def dry_then_real(world: World, at: datetime | None = None) -> tuple[list[str],
                                                                    set[SprintState]]:
    """Tick once in a dry run, then for real; the two must list the same actions.

    Returns what the tick did, and the states the sprint PRs were in before and after.
    """
    found = shown(world)
    before = snapshot_state(world)
    dry = world.tick(dry_run=True, at=at)
    assert snapshot_state(world) == before, "a dry run wrote to the forge"
    real = world.tick(at=at)
    assert real.ok, real.failed
    assert described(dry.applied) == described(real.applied)
    return described(real.applied), found | states(real) | shown(world)


def walk_the_story(tmp_path: Path) -> set[SprintState]:
    """Pitch, revision, questions, answers, filing and merge; then a rejection."""
    world = make_world(tmp_path)
    seen: set[SprintState] = set()
    world.vision("Wishlists")
    done, _ = dry_then_real(world)
    assert done == ["vision #1: pitch a sprint → sprints/1-wishlists.md"]
    (pr,) = world.bot.list_pulls(OPS, state="open")

    world.review(pr.number, "REQUEST_CHANGES", "Say what it costs to run.")
    done, visited = dry_then_real(world)
    seen |= visited
    assert done == [f"PR #{pr.number}: changes requested by @alice → revise the pitch"]

    world.comment(pr.number, "ACCEPT")
    done, visited = dry_then_real(world)
    seen |= visited
    assert done == [f"PR #{pr.number}: approved by @alice → start design questions"]

    world.comment(pr.number, "Q1: B")
    done, visited = dry_then_real(world)
    seen |= visited
    assert done == [f"PR #{pr.number}: answers to Q1 and the model checks for follow-ups "
                    "→ acknowledge"]

    world.comment(pr.number, "Q2: B")
    done, visited = dry_then_real(world)
    seen |= visited
    # One tick: the answers resolve every fork, so it files and merges at once.
    assert done == [
        f"PR #{pr.number}: answers to Q2 and the model checks for follow-ups → acknowledge",
        f"PR #{pr.number}: every fork resolved → plan and file sub-issues",
        # Four: the offline planner files the review's point ("what it costs to run") as a
        # sub-issue of its own; numbered in filing order, listed in the plan's.
        f"PR #{pr.number}: filed #2 #4 #5 #3 → record and merge",
    ]
    assert world.bot.get_pull(OPS, pr.number).merged

    second = world.vision("Gift cards")
    dry_then_real(world)
    (pr2,) = world.bot.list_pulls(OPS, state="open")
    world.comment(pr2.number, "REJECT: not this quarter")
    done, visited = dry_then_real(world)
    seen |= visited
    assert done == [f"PR #{pr2.number}: rejected by @alice → close, delete branch, journal"]
    assert "in-progress" not in world.bot.get_issue(PROJECT, second).label_names

    # A box ticked on the dashboard is a signal like a comment: the dry run lists the
    # answer it gets and the pitch that answer releases, and the tick does both.
    tick_box(world, "pitch again")
    done, _ = dry_then_real(world)
    slug = f"{second}-gift-cards"
    assert done == [f'vision #{second}: "pitch again" ticked on the dashboard → answer it',
                    f"vision #{second}: pitch a sprint (again, after a rejection) → "
                    f"sprints/{slug}.md"]
    assert any("Pitching again, as asked on the dashboard." in c
               for c in world.bot_comments(second, repo=PROJECT))
    assert len(world.bot.list_pulls(OPS, state="open")) == 1

    assert {SprintState.AWAITING_DECISION, SprintState.REVISION_REQUESTED,
            SprintState.ACCEPTED, SprintState.QUESTIONS_OPEN, SprintState.ANSWERS_PENDING,
            SprintState.READY_TO_FILE, SprintState.FILED, SprintState.REJECTED} <= seen
    return seen


def walk_a_model_failure(tmp_path: Path) -> set[SprintState]:
    """A model that fails twice: one note, then the sprint waits, dry run or not."""
    world, number = accepted(tmp_path)
    pr = world.bot.get_pull(OPS, number)
    # Two invalid answers for the dry run, two for the tick: each retries once.
    failing = ScriptedRunner({Mode.QUESTIONS: ["not json"] * 4})
    dry = world.tick(runner=failing, dry_run=True)
    real = world.tick(runner=failing)
    assert dry.applied == real.applied == []
    assert [a.describe() for a, _ in dry.failed] == [a.describe() for a, _ in real.failed] == [
        f"PR #{pr.number}: approved by @alice → start design questions"]
    # The note is posted once; the sprint then waits for a human, dry run or not.
    assert failing.remaining(Mode.QUESTIONS) == 0
    dry = world.tick(runner=failing, dry_run=True)
    assert dry.applied == [] and world.tick(runner=failing).applied == []
    notes = [b for b in world.bot_comments(pr.number) if "architect: model-error" in b]
    assert len(notes) == 1
    return shown(world)


def walk_the_filing_rows(tmp_path: Path) -> set[SprintState]:
    """A footer lost, a plan that fails its check, a filing that died midway."""
    world = make_world(tmp_path, extra="max_sub_issues = 2")
    world.vision("Wishlists")
    dry_then_real(world)
    (pr,) = world.bot.list_pulls(OPS, state="open")
    (footer,) = world.bot.list_comments(OPS, pr.number)
    # A tick that died between the PR and its footer: the next one finishes the pitch.
    with httpx.Client(transport=httpx.WSGITransport(app=world.forge.wsgi), base_url=BASE) as h:
        gone = h.delete(f"/api/v1/repos/{OPS}/issues/comments/{footer.id}",
                        headers={"Authorization": f"token {world.tokens[BOT]}"})
    assert gone.status_code == 204
    done, seen = dry_then_real(world)
    assert done == [f"PR #{pr.number}: finish the pitch (footer)"]
    world.comment(pr.number, "ACCEPT")
    seen |= dry_then_real(world)[1]
    world.comment(pr.number, "yes")
    done, visited = dry_then_real(world)
    seen |= visited
    assert done[-1] == f"PR #{pr.number}: every fork resolved → plan and file sub-issues"
    assert "failed the filing check" in world.bot_comments(pr.number)[-1]
    seen |= shown(world)
    assert dry_then_real(world)[0] == []  # it waits for a human

    # A plan of two posted by a tick that died before filing: the next files and merges.
    world.comment(pr.number, "Keep it to the store and the API.")
    subs = (SubIssue(id="store", title="Store wishlist items", problem="p", proposed_solution="s"),
            SubIssue(id="api", title="Wishlist API", problem="p", proposed_solution="s",
                     depends_on=["store"]))
    world.bot.create_comment(OPS, pr.number, render.plan_comment(subs, repo=PROJECT))
    seen |= shown(world)
    done, visited = dry_then_real(world)
    assert done == [f"PR #{pr.number}: file the planned sub-issues (2)",
                    f"PR #{pr.number}: filed #2 #3 → record and merge"]
    return seen | visited


def walk_the_waiting(tmp_path: Path) -> set[SprintState]:
    """Questions nobody answers: one reminder, then parked; a comment unparks it."""
    world, number = accepted(tmp_path)
    world.tick()  # the questions; the forge's clock stands at 2026-11-25 09:00
    day = datetime(2026, 11, 25, 9, tzinfo=UTC) + timedelta(hours=1)
    done, seen = dry_then_real(world, at=day + timedelta(days=3))
    assert done == [f"PR #{number}: questions unanswered → remind whoever accepted"]
    assert dry_then_real(world, at=day + timedelta(days=4))[0] == []
    done, visited = dry_then_real(world, at=day + timedelta(days=14))
    assert done == [f"PR #{number}: questions unanswered too long → park the sprint"]
    seen |= visited
    assert dry_then_real(world, at=day + timedelta(days=20))[0] == []
    world.comment(number, "Q1: B")
    done, visited = dry_then_real(world, at=day + timedelta(days=21))
    assert done[-1] == f"PR #{number}: moving again → remove the label parked"
    return seen | visited


def walk_a_vision_closed_under_its_sprint(tmp_path: Path) -> set[SprintState]:
    """The vision is closed while its pitch is open: the sprint pauses, then stops, once."""
    world = make_world(tmp_path)
    vision = world.vision("Wishlists")
    dry_then_real(world)
    (pr,) = world.bot.list_pulls(OPS, state="open")
    world.client("alice").edit_issue(PROJECT, vision, state="closed")
    done, seen = dry_then_real(world)
    assert done == [f"PR #{pr.number}: its vision {PROJECT}#{vision} was closed → pause the "
                    "sprint (one note)"]
    done, paused = dry_then_real(world)
    assert done == []
    later = world.clock.now + timedelta(days=1, minutes=1)  # stop_after is 1d
    done, stopped = dry_then_real(world, at=later)
    assert done == [f"PR #{pr.number}: its vision {PROJECT}#{vision} was closed → stop: close, "
                    "delete branch, journal"]
    assert dry_then_real(world, at=later)[0] == []
    return seen | paused | stopped


def walk_sprints_closed_and_merged_by_a_human(tmp_path: Path) -> set[SprintState]:
    """One sprint PR closed without REJECT, one merged before filing: each answered once."""
    world = make_world(tmp_path)
    world.vision("Wishlists")
    world.vision("Gift cards")
    dry_then_real(world)
    closed, merged = sorted(pr.number for pr in world.bot.list_pulls(OPS, state="open"))
    world.client("bob").edit_pull(OPS, closed, state="closed")
    world.client("bob").merge_pull(OPS, merged, style="merge")
    done, seen = dry_then_real(world)
    assert sorted(done) == sorted([
        f"PR #{closed}: closed without REJECT by @bob → note on the vision, remove in-progress, "
        "journal",
        f"PR #{merged}: merged before filing by @bob → note on the vision, remove in-progress, "
        "journal"])
    assert dry_then_real(world)[0] == []
    return seen


def walk_a_pr_reopened_without_its_branch(tmp_path: Path) -> set[SprintState]:
    """Its branch deleted (which closes it), then reopened: one note on the PR."""
    world = make_world(tmp_path)
    world.vision("Wishlists")
    dry_then_real(world)
    (pr,) = world.bot.list_pulls(OPS, state="open")
    world.client("bob").delete_branch(OPS, pr.head.ref)
    dry_then_real(world)
    world.client("bob").edit_pull(OPS, pr.number, state="open")
    done, seen = dry_then_real(world)
    assert done == [f"PR #{pr.number}: reopened without its branch {pr.head.ref} → one note "
                    "on the PR"]
    assert dry_then_real(world)[0] == []
    return seen


def walk_a_hold(tmp_path: Path) -> set[SprintState]:
    """HOLD by someone who may steer: one reply, then the sprint waits; RESUME, one more."""
    world, number = accepted(tmp_path)
    world.tick()  # the questions
    hold = world.comment(number, "HOLD: legal review")
    done, seen = dry_then_real(world)
    assert done == [f"PR #{number}: on hold or resumed → one reply to comment {hold}"]
    assert dry_then_real(world)[0] == []
    resume = world.comment(number, "RESUME")
    done, visited = dry_then_real(world)
    assert done == [f"PR #{number}: on hold or resumed → one reply to comment {resume}"]
    return seen | visited


def walk_a_vision_edited_under_its_pitch(tmp_path: Path) -> set[SprintState]:
    """An edit before the decision refreshes the pitch; one after the approval asks for
    ACCEPT again, and the sprint waits for it."""
    world = make_world(tmp_path)
    vision = world.vision("Wishlists")
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="open")
    more = VISION_BODY.replace("## Open questions", "- [ ] Gift an item\n\n## Open questions")
    world.client("alice").edit_issue(PROJECT, vision, body=more)
    done, seen = dry_then_real(world)
    assert done == [f"PR #{pr.number}: the vision changed (added the task “Gift an item”) → "
                    "refresh the pitch"]
    world.comment(pr.number, "ACCEPT")
    world.tick()
    world.client("alice").edit_issue(PROJECT, vision, body=VISION_BODY)
    done, asked = dry_then_real(world)
    assert done == [f"PR #{pr.number}: the vision changed (removed the task “Gift an item”) → "
                    "ask for ACCEPT again"]
    return seen | asked


def test_every_row_of_the_table_is_walked_and_dry_run_lists_what_each_tick_does(
        tmp_path: Path) -> None:
    walked = set()
    for walk in (walk_the_story, walk_a_model_failure, walk_the_filing_rows, walk_the_waiting,
                 walk_a_vision_closed_under_its_sprint,
                 walk_sprints_closed_and_merged_by_a_human,
                 walk_a_pr_reopened_without_its_branch, walk_a_hold,
                 walk_a_vision_edited_under_its_pitch):
        (tmp_path / walk.__name__).mkdir()
        walked |= walk(tmp_path / walk.__name__)
    assert set(SprintState) - walked == set()


def accepted(tmp_path: Path) -> tuple[World, int]:
    """A pitched sprint PR that a reviewer has just accepted."""
    world = make_world(tmp_path)
    world.vision("Wishlists")
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="open")
    world.comment(pr.number, "ACCEPT")
    return world, pr.number


def test_a_dry_run_of_answers_that_resolve_every_fork_prints_ack_each_sub_issue_and_merge(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    world, number = accepted(tmp_path)
    pr = world.bot.get_pull(OPS, number)
    world.tick()
    world.comment(pr.number, "Q1: B\nQ2: B")
    before = snapshot_state(world)
    with caplog.at_level(logging.INFO, logger="architect"):
        world.tick(dry_run=True)
    printed = caplog.text
    assert snapshot_state(world) == before
    assert f"would: PR #{pr.number}: answers to Q1, Q2" in printed and "→ acknowledge" in printed
    for number, title in ((2, "Store wishlist items"), (3, "Wishlist API endpoints"),
                          (4, "Wishlist page")):
        assert f"would:   file {PROJECT}#{number}: {title}" in printed
    assert f"would:   merge {OPS}#{pr.number}" in printed


def test_a_dry_run_stops_where_a_paid_model_would_answer(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    world, number = accepted(tmp_path)
    pr = world.bot.get_pull(OPS, number)
    paid = ScriptedRunner({}, name="anthropic")
    with caplog.at_level(logging.INFO, logger="architect"):
        report = world.tick(runner=paid, dry_run=True)
    assert described(report.applied) == [
        f"PR #{pr.number}: approved by @alice → start design questions"]
    assert report.ok and "then what follows from the model's questions answer" in caplog.text
    assert paid.calls == 0


def test_every_row_of_the_table_is_documented_and_waits_for_someone() -> None:
    assert {row.state for row in SPRINT_TABLE} == set(SprintState)
    for row in SPRINT_TABLE:
        assert row.doc and (row.waits_for.startswith(("a human", "the architect")))
    assert SPRINT_TABLE[-1].when is not None  # the last row catches every view
