"""Each open vision's facts (core/visions.py): worked out once from the snapshot, carried
while their inputs stay the same, and the pitch slots given by the decision."""

from __future__ import annotations

from dataclasses import replace

from architect.core.facts import Eligibility, MergedSprint
from architect.core.table import SprintState
from architect.core.visions import KnownFacts, facts_of, vision_facts, worked_out
from tests.builders import a_pull, a_snapshot, a_sprint_pr, a_vision, an_issue, settings

SPRINTED = 8  # a vision with an open sprint PR


def merged(vision: int, *, done: bool) -> MergedSprint:
    closed = (an_issue(21, "task", labels=(), state="closed"),)
    return MergedSprint(vision, a_pull(vision, merged=True, state="closed"), (21, 22),
                        closed + closed if done else closed, None if done else 22,
                        branch_left=False)


def test_a_vision_is_in_progress_by_its_label_or_by_an_unfinished_filed_sprint() -> None:
    config = settings()
    labelled = facts_of(a_vision(in_progress=True), None, None, None, config)
    filing = facts_of(a_vision(), None, merged(7, done=False), None, config)
    finished = facts_of(a_vision(), None, merged(7, done=True), None, config)
    assert labelled.in_progress and not labelled.done
    assert filing.in_progress and not filing.done  # its label lost: still in progress
    assert finished.done and not finished.in_progress
    assert not labelled.turn  # the decision's to give


def test_the_label_read_is_the_configured_one() -> None:
    vision = an_issue(labels=("vision", "doing"))
    assert facts_of(vision, None, None, None, settings(in_progress_label="doing")).in_progress
    assert not facts_of(vision, None, None, None, settings()).in_progress


def test_a_vision_in_a_sprint_is_left_out_unless_every_one_is_asked_for() -> None:
    snapshot = a_snapshot(visions=[a_vision(7), a_vision(SPRINTED, "Other")],
                          sprints=[a_sprint_pr(SprintState.AWAITING_DECISION, vision=SPRINTED,
                                               number=3)])
    assert set(worked_out(snapshot, settings()).facts) == {7}
    every = worked_out(snapshot, settings(), every=True).facts
    assert every[SPRINTED].sprint_pr == 3 and every[7].sprint_pr is None


def test_facts_from_the_same_inputs_are_carried_and_changed_ones_worked_out_again() -> None:
    snapshot = a_snapshot(visions=[a_vision(7), a_vision(9, "Other")])
    known = worked_out(snapshot, settings())
    again = worked_out(snapshot, settings(), known)
    assert again.facts[7] is known.facts[7] and again.facts[9] is known.facts[9]

    verdict = Eligibility(ok=False, reason="rejected")
    changed = replace(snapshot, verdicts={**snapshot.verdicts, 9: verdict})
    after = worked_out(changed, settings(), known)
    assert after.facts[7] is known.facts[7]
    assert after.facts[9] is not known.facts[9] and after.facts[9].verdict == verdict


def test_the_newest_filed_merged_sprint_is_the_one_its_facts_read() -> None:
    newest, older = merged(7, done=True), merged(7, done=False)
    snapshot = replace(a_snapshot(visions=[a_vision(7)]), merged=(newest, older))
    assert worked_out(snapshot, settings()).facts[7].done


def test_only_the_pitched_visions_get_their_turn() -> None:
    snapshot = a_snapshot(visions=[a_vision(7), a_vision(9, "Other")])
    facts = vision_facts(snapshot, settings(), pitched={9})
    assert (facts[7].turn, facts[9].turn) == (False, True)
    known = worked_out(snapshot, settings())
    assert known.pitching(()) == dict(known.facts)
    assert KnownFacts().pitching({7}) == {}
