"""The one retry (runners/retry.py): the model is shown what was wrong with its answer once,
and a second failure is an error that carries what both calls spent."""

from __future__ import annotations

import json

import pytest

from architect.core.schemas import Pitch, SubIssuePlan
from architect.errors import AnswerCutOff, InvalidModelOutput, ModelRefused
from architect.runners.base import Usage
from architect.runners.retry import (
    CUT_OFF_CORRECTION,
    LOOPED_CORRECTION,
    Reply,
    Stop,
    answer_with_retry,
    correction_prompt,
)
from tests.runners.conftest import PITCH


class Model:
    """Answers from a list, and keeps what each call was asked (None: the request)."""

    def __init__(self, *replies: Reply) -> None:
        self.replies = list(replies)
        self.asked: list[str | None] = []

    def __call__(self, correction: str | None) -> Reply:
        self.asked.append(correction)
        return self.replies.pop(0)


def test_the_retry_shows_the_error_and_sums_the_usage() -> None:
    asked: list[str | None] = []
    replies = iter([Reply("not json", Usage(10, 1, 0.5)), Reply(PITCH, Usage(20, 2, 0.25))])

    def ask(correction: str | None) -> Reply:
        asked.append(correction)
        return next(replies)

    output, usage, answer = answer_with_retry(Pitch, ask)

    assert output.verdict == "GO"
    assert usage == Usage(30, 3, 0.75)
    assert json.loads(answer) == json.loads(Pitch.model_validate(PITCH).model_dump_json())
    assert asked[0] is None
    assert asked[1] is not None
    assert "does not match the schema `Pitch`" in asked[1]
    assert "no JSON object" in asked[1]


def test_a_second_invalid_answer_raises() -> None:
    def ask(correction: str | None) -> Reply:
        return Reply({"sub_issues": "none"}, Usage())

    with pytest.raises(InvalidModelOutput, match="SubIssuePlan answer did not validate twice"):
        answer_with_retry(SubIssuePlan, ask)


def test_a_valid_first_answer_is_asked_once_and_its_history_drops_the_defaults() -> None:
    model = Model(Reply(PITCH, Usage(5, 1)))

    output, usage, answer = answer_with_retry(Pitch, model)

    assert model.asked == [None]
    assert output == Pitch.model_validate(PITCH)
    assert usage == Usage(5, 1)
    assert "reasoning" not in json.loads(answer)


def test_the_correction_names_the_schema_and_the_error() -> None:
    text = correction_prompt(Pitch, "- verdict: Field required")
    assert "`Pitch`" in text and "- verdict: Field required" in text
    assert "only the corrected JSON object" in text


@pytest.mark.parametrize(("stop", "correction"), [(Stop.CUT_OFF, CUT_OFF_CORRECTION),
                                                  (Stop.LOOPED, LOOPED_CORRECTION)])
def test_an_unfinished_answer_is_asked_again_for_a_shorter_one(stop: Stop,
                                                              correction: str) -> None:
    model = Model(Reply('{"what_this', Usage(1, 100), stop=stop), Reply(PITCH, Usage(2, 50)))

    output, usage, _ = answer_with_retry(Pitch, model)

    assert model.asked == [None, correction]
    assert output.verdict == "GO" and usage == Usage(3, 150)


def test_cut_off_twice_is_answer_cut_off_with_both_calls_spent() -> None:
    model = Model(Reply("{", Usage(1, 100, 0.1), stop=Stop.CUT_OFF, calls=2),
                  Reply("{", Usage(1, 100, 0.1), stop=Stop.CUT_OFF))

    with pytest.raises(AnswerCutOff, match="the Pitch answer was cut off twice") as caught:
        answer_with_retry(Pitch, model)

    assert caught.value.usage == Usage(2, 200, 0.2)
    assert caught.value.calls == 3


def test_a_refusal_is_not_asked_again() -> None:
    model = Model(Reply("I can't help with that.", Usage(3, 4), stop=Stop.REFUSED))

    with pytest.raises(ModelRefused, match="refused the Pitch answer: I can't help") as caught:
        answer_with_retry(Pitch, model)

    assert model.asked == [None]
    assert caught.value.usage == Usage(3, 4) and caught.value.calls == 1


def test_a_refusal_without_a_reason_says_so() -> None:
    with pytest.raises(ModelRefused, match=r"\(no reason given\)"):
        answer_with_retry(Pitch, Model(Reply(None, Usage(), stop=Stop.REFUSED)))


def test_an_invalid_answer_after_a_cut_off_is_invalid_not_cut_off() -> None:
    model = Model(Reply("{", Usage(), stop=Stop.CUT_OFF), Reply({"sub_issues": 3}, Usage()))

    with pytest.raises(InvalidModelOutput, match="did not validate twice") as caught:
        answer_with_retry(SubIssuePlan, model)

    assert not isinstance(caught.value, AnswerCutOff)
