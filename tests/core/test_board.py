"""The dashboard's entries (core/board.py): where each vision and sprint stands, which boxes
are offered beside it, and the answer a ticked box makes the shell write."""

from __future__ import annotations

from dataclasses import replace

from architect.core import markers
from architect.core.board import Request, entries, requests
from architect.core.dashboard import Box, BoxKind, Entry, Link, Section
from architect.core.decide import decide
from architect.core.facts import MergedSprint
from architect.core.snapshot import Snapshot
from architect.core.sprint import PARKED_LABEL
from architect.core.table import SprintState
from tests.builders import (
    FORGE,
    OPS,
    VISION,
    VISION_TITLE,
    a_pull,
    a_rejected_history,
    a_snapshot,
    a_sprint_pr,
    a_vision,
    an_issue,
    conversation_in,
    settings,
)


def _entries(snapshot: Snapshot) -> list[Entry]:
    config = settings()
    return entries(snapshot, decide(snapshot, config), config)


def test_a_vision_with_nothing_yet_waits_to_be_pitched() -> None:
    (entry,) = _entries(a_snapshot(visions=[a_vision()]))
    assert (entry.section, entry.vision, entry.title) == (Section.WAITING, VISION, VISION_TITLE)
    assert entry.boxes == () and entry.links == ()
    assert entry.since == "2026-03-02"  # the day, as the forge recorded it


def test_a_pitch_awaiting_its_decision_needs_a_human_and_links_its_pr() -> None:
    (entry,) = _entries(a_snapshot(sprints=[a_sprint_pr(SprintState.AWAITING_DECISION)]))
    assert entry.section is Section.NEEDS_HUMAN
    assert entry.state == SprintState.AWAITING_DECISION.value
    assert entry.waits_for.startswith("a human")
    assert entry.links == (Link("sprint PR #1", f"{FORGE}/{OPS}/pulls/1"),)


def test_open_questions_are_named_in_the_sprints_state() -> None:
    (entry,) = _entries(a_snapshot(sprints=[a_sprint_pr(SprintState.QUESTIONS_OPEN)]))
    assert entry.state.endswith("(Q1, Q2)")


def test_a_sprint_the_model_failed_offers_retry_and_a_parked_one_unpark() -> None:
    (failed,) = _entries(a_snapshot(sprints=[a_sprint_pr(SprintState.MODEL_FAILED)]))
    (parked,) = _entries(a_snapshot(sprints=[a_sprint_pr(SprintState.PARKED)]))
    assert failed.boxes == (Box(BoxKind.RETRY, VISION),)
    assert parked.boxes == (Box(BoxKind.UNPARK, VISION),)


def test_a_rejected_vision_needs_a_human_and_offers_to_pitch_it_again() -> None:
    history = a_rejected_history()
    (entry,) = _entries(a_snapshot(history={VISION: history}))
    assert entry.section is Section.NEEDS_HUMAN
    assert entry.boxes == (Box(BoxKind.PITCH_AGAIN, VISION),)


def test_a_ticked_pitch_again_box_answers_the_rejection_on_the_vision() -> None:
    snapshot = a_snapshot(history={VISION: a_rejected_history()})
    box = Box(BoxKind.PITCH_AGAIN, VISION)
    # The rejection notice (comment 500) is the bot's note the answer answers.
    assert requests([box], snapshot) == [
        Request(box, False, VISION, markers.SteeredMark(box.id, 500),
                "Pitching again, as asked on the dashboard.")]


def test_a_ticked_box_on_a_sprint_answers_on_its_pr_after_the_bots_last_word() -> None:
    talk = conversation_in(SprintState.PARKED)
    snapshot = a_snapshot(sprints=[talk.sprint()])
    last = max(c.id for c in talk.sprint().comments if c.user.login == talk.sprint().pr.user.login)
    unpark, retry = Box(BoxKind.UNPARK, VISION), Box(BoxKind.RETRY, VISION)
    found = requests([unpark, retry], snapshot)
    assert [(r.on_ops, r.number, r.mark, r.remove_label) for r in found] == [
        (True, 1, markers.SteeredMark(unpark.id, last), PARKED_LABEL),
        (True, 1, markers.SteeredMark(retry.id, last), "")]
    assert found[0].text.startswith("Unparked, as asked on the dashboard")


def test_boxes_for_the_architect_or_for_no_known_vision_ask_the_forge_nothing() -> None:
    snapshot = a_snapshot(visions=[a_vision()])
    assert requests([Box(BoxKind.PAUSE), Box(BoxKind.PITCH_AGAIN, 99)], snapshot) == []


def test_a_filed_sprints_vision_is_in_progress_with_its_sub_issues_counted() -> None:
    subs = (an_issue(21, "Store items", labels=(), state="closed"),)
    story = MergedSprint(VISION, a_pull(merged=True, state="closed"), (21, 22), subs, 22,
                         branch_left=False)
    snapshot = replace(a_snapshot(visions=[a_vision(in_progress=True)]), merged=(story,))
    (entry,) = _entries(snapshot)
    assert entry.section is Section.IN_PROGRESS
    assert entry.state.endswith("(sub-issues: at least 1 of 2 closed)")
    assert entry.boxes == ()
