"""`architect run --json` (`app.tick_json`): one document for one tick, from its report."""

from __future__ import annotations

from architect.app.tick_json import action_document, tick_document
from architect.core.actions import OpenPitch
from architect.core.steer import plan
from architect.core.table import SprintState
from architect.runners.base import Usage
from architect.shell.tick import TickReport
from tests.builders import VISION, a_snapshot, a_sprint_pr, a_vision, settings


def a_report() -> TickReport:
    snapshot = a_snapshot(visions=[a_vision(), a_vision(8, "Gift cards")],
                          sprints=[a_sprint_pr(SprintState.AWAITING_DECISION, vision=8,
                                               title="Gift cards", number=3)])
    return TickReport(plan(snapshot, settings(), None).decision)


def test_an_action_names_its_kind_its_subject_and_the_reason_it_failed() -> None:
    (pitch,) = [a for a in a_report().decision.actions if isinstance(a, OpenPitch)]
    found = action_document(pitch, "forge down")
    assert found["kind"] == "OpenPitch" and found["vision"] == VISION
    assert found["describe"] == pitch.describe() and found["reason"] == "forge down"
    assert "pr" not in found and "reason" not in action_document(pitch)


def test_a_tick_that_ran_lists_sprints_planned_applied_and_the_model_cost() -> None:
    report = a_report()
    (pitch,) = [a for a in report.decision.actions if isinstance(a, OpenPitch)]
    report.applied, report.failed = [pitch], [(pitch, "the forge said 500")]
    report.usage, report.model_calls = Usage(120, 30, 0.01), 1
    document = tick_document("shop", dry_run=False, exit_code=1, report=report)
    assert document["project"] == "shop" and document["exit"] == 1
    assert document["sprints"] == [{"pr": 3, "vision": 8, "state": "pitch awaiting decision"}]
    assert [a["kind"] for a in document["planned"]] == [
        type(a).__name__ for a in report.decision.actions]
    assert [a["kind"] for a in document["applied"]] == ["OpenPitch"] and document["would"] == []
    assert document["failed"][0]["reason"] == "the forge said 500"
    assert (document["tokens"], document["cost_usd"], document["model_calls"]) == (
        {"input": 120, "output": 30}, 0.01, 1)
    dry = tick_document("shop", dry_run=True, exit_code=0, report=report)
    assert dry["applied"] == [] and [a["kind"] for a in dry["would"]] == ["OpenPitch"]


def test_a_tick_that_did_not_run_says_why() -> None:
    assert tick_document("shop", dry_run=False, exit_code=2, error="no forge token") == {
        "project": "shop", "dry_run": False, "error": "no forge token", "exit": 2}
    assert tick_document("shop", dry_run=False, exit_code=0, skipped="inactive")["skipped"] == (
        "inactive")
