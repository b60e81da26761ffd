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


@pytest.mark.parametrize("text", [
    "承認しません。", "承認できません。", "不批准。", "不通过，范围太大。", "승인하지 않겠습니다.",
    "Onaylamıyorum.", "Kabul etmiyorum, kapsam çok geniş.", "Bunu kabul edemem.",
    "Ich genehmige das nicht.", "Ich gebe das noch nicht frei.", "Ik keur dit niet goed.",
    "Jag godkänner inte detta.", "Emin değilim, belki kabul ederim ama kapsam çok geniş.",
    "Wygląda w porządku, chyba.",
    "Jag tror nog att det blir ett ja, men jag är inte helt säker än."])
def test_a_verb_turned_round_or_doubted_in_its_own_language_never_acts(text: str) -> None:
    """Negation where the language puts it (before in Chinese, in the ending in Japanese,
    Korean and Turkish, after the verb in German, Dutch and Swedish), and doubts as they
    inflect: one reply, never a decision."""
    assert read(text, "architect-bot").sense is Sense.NOT_DECISION


@pytest.mark.parametrize(("text", "family"), [
    ("承認します。", "ACCEPT"), ("非常同意，批准。", "ACCEPT"), ("승인합니다.", "ACCEPT"),
    ("Onaylıyorum.", "ACCEPT"), ("Kabul ediyorum.", "ACCEPT"), ("Ich gebe das frei.", "ACCEPT"),
    ("Ik keur dit goed.", "ACCEPT"), ("Jag godkänner detta.", "ACCEPT"),
    ("却下します。", "REJECT")])
def test_the_same_verbs_unturned_still_decide(text: str, family: str) -> None:
    reading = read(text, "architect-bot")
    assert (reading.sense, reading.family and reading.family.value) == (Sense.DECISION, family)


def test_a_chinese_negation_turns_the_lean_round() -> None:
    judged = judge("我不同意这个方案。")
    assert judged is not None and judged.lean is Lean.BAD


@pytest.mark.parametrize(("text", "lean"), [
    ("Je ne suis pas vraiment convaincu par ça", Lean.BAD),  # its own negation, not twice
    ("Ehrlich gesagt überzeugt mich nicht, was da steht", Lean.BAD),
    ("真的没什么必要", Lean.BAD),  # "必要" inside the longer entry is that one's
    ("正直、必要性はあまり感じないです", Lean.BAD),
    ("we dont really need this imo", Lean.BAD),
    ("Honestly I can get behind that.", Lean.GOOD),
])
def test_judgements_in_more_forms(text: str, lean: Lean) -> None:
    judged = judge(text)
    assert judged is not None and judged.lean is lean


@pytest.mark.parametrize("text", [
    "Honestly it's a nice to have, we have bigger fish to fry.",
    "Not the right time for this one.",
    "I'd prefer we put the effort into onboarding.",
])
def test_a_preference_for_other_work_leans_against(text: str) -> None:
    judged = judge(text)
    assert judged is not None and judged.lean is Lean.BAD


def test_nice_to_have_it_done_is_no_refusal() -> None:
    judged = judge("Nice to have this written down, thanks")
    assert judged is None or judged.lean is not Lean.BAD
