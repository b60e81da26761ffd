"""core.evaluation: the lean of a comment that names no decision, by its words of
judgement, a negation turning them round."""

from __future__ import annotations

import pytest

from architect.core.evaluation import Lean, judge
from architect.core.words import Sense, read


@pytest.mark.parametrize(("text", "lean"), [
    ("Not a fan of this.", Lean.BAD),
    ("I don't think this sprint is necessary.", Lean.BAD),
    ("No objections from my side.", Lean.GOOD),
    ("Too expensive for what it gives us.", Lean.BAD),
    ("Finde ich eher nicht sinnvoll.", Lean.BAD),
    ("Mi sembra una buona idea.", Lean.GOOD),
    ("看起来不错", Lean.GOOD),
    ("Useful, but far too expensive.", Lean.MIXED)])
def test_the_lean_of_words_of_judgement(text: str, lean: Lean) -> None:
    judged = judge(text)
    assert judged is not None and judged.lean is lean


@pytest.mark.parametrize("text", ["Thanks for writing this up.", "cc @bob",
                                  "Send more data like the analytics table above!",
                                  "Interesting, let me read the code"])
def test_thanks_and_talk_judge_nothing(text: str) -> None:
    assert judge(text) is None


def test_a_lean_is_read_as_likely_never_as_a_decision() -> None:
    reading = read("Not a fan of this.", "architect-bot")
    assert (reading.sense, reading.family and reading.family.value) == (Sense.LIKELY, "REJECT")


def test_a_hedged_lean_is_no_decision_and_a_wondering_one_is_left_to_the_people() -> None:
    assert read("Useful maybe, not sure yet.", "architect-bot").sense is Sense.NOT_DECISION
    assert read("I wonder whether it is too big.", "architect-bot").sense is Sense.NONE
