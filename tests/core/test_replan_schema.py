"""What a re-plan proposal must say (`core.replan_schema`), as a model's answer is checked."""

from __future__ import annotations

from typing import Any

from architect.core.replan_schema import ReplanProposal
from architect.runners.validation import validate_output


def test_a_bare_summary_is_a_proposal_that_changes_nothing() -> None:
    found = validate_output(ReplanProposal, {"summary": "Nothing to change.", "extra": 1})
    assert isinstance(found, ReplanProposal)
    assert (found.close, found.edit, found.add, found.dependencies, found.left_alone) == (
        [], [], [], [], [])


def test_each_change_names_a_real_issue_and_says_why() -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        ({}, "summary"),
        ({"summary": ""}, "summary"),
        ({"summary": "s", "close": [{"number": 0, "reason": "gone"}]}, "close.0.number"),
        ({"summary": "s", "close": [{"number": 4, "reason": ""}]}, "close.0.reason"),
        ({"summary": "s", "edit": [{"number": 4}]}, "edit.0.why"),
        ({"summary": "s", "left_alone": [{"number": 4}]}, "left_alone.0.suggestion"),
    ]
    for data, field in cases:
        error = validate_output(ReplanProposal, data)
        assert isinstance(error, str) and field in error, (data, error)
