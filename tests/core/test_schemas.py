"""What a schema cannot say but a wrong answer would turn into a wrong comment."""

from __future__ import annotations

from typing import Any

import pytest

from architect.core.schemas import AnswerRound, ForkProposal, SubIssuePlan
from architect.runners.validation import validate_output


def a_fork(*letters: str, recommended: str = "A") -> dict[str, Any]:
    return {
        "question": "Where do webhooks get verified?",
        "options": [{"letter": letter, "text": f"Option {letter}"} for letter in letters],
        "recommended": recommended,
    }


def test_an_empty_design_phase_needs_a_reason() -> None:
    error = validate_output(ForkProposal, {})

    assert error == (
        "- (root): Value error, give at least one fork, or a no_fork_reason saying why none")
    assert isinstance(validate_output(ForkProposal, {"no_fork_reason": "One obvious way."}),
                      ForkProposal)  # fmt: skip
    assert isinstance(validate_output(ForkProposal, {"no_fork_reason": "  "}), str)


@pytest.mark.parametrize(
    ("fork", "error"),
    [
        (a_fork("A"), "List should have at least 2 items"),
        (a_fork("A", "B", "C", "D", "E"), "List should have at most 4 items"),
        (a_fork("A", "A", "B"), "the option letters must differ, got A, A, B"),
        (a_fork("A", "B", "C", recommended="D"),
         "recommended 'D' is not one of the options (A, B, C)"),
    ],
)
def test_a_question_has_two_to_four_distinct_options_and_recommends_one(
    fork: dict[str, Any], error: str
) -> None:
    for schema, data in ((ForkProposal, {"forks": [fork]}),
                         (AnswerRound, {"follow_ups": [fork], "reply": "ok"})):  # fmt: skip
        found = validate_output(schema, data)
        assert isinstance(found, str) and error in found


def test_every_sub_issue_has_acceptance_criteria() -> None:
    def sub(id_: str, criteria: list[str]) -> dict[str, Any]:
        return {"id": id_, "title": id_, "problem": "p", "proposed_solution": "s",
                "acceptance_criteria": criteria}  # fmt: skip

    error = validate_output(SubIssuePlan, {"sub_issues": [sub("a", ["works"]), sub("b", []),
                                                          sub("c", [" "])]})  # fmt: skip

    assert error == "- (root): Value error, give acceptance_criteria to every sub-issue: b, c"
    assert isinstance(validate_output(SubIssuePlan, {"sub_issues": [sub("a", ["ok"])]}),
                      SubIssuePlan)  # fmt: skip


def test_the_reasoning_field_leads_and_is_optional() -> None:
    for schema in (ForkProposal, SubIssuePlan):
        assert next(iter(schema.model_json_schema()["properties"])) == "reasoning"
    parsed = validate_output(ForkProposal, {"reasoning": "Only storage is open.",
                                            "forks": [a_fork("A", "B")]})  # fmt: skip
    assert isinstance(parsed, ForkProposal) and parsed.reasoning == "Only storage is open."
