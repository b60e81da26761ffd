"""What the model said, made safe to act on (`core.model_output`). Pure: builders."""

from __future__ import annotations

from dataclasses import replace

from architect.core.inputs import HumanComment
from architect.core.model_output import clean_sub, interpret, numbered_fork, unread_by_model
from architect.core.schemas import AnswerRound, ForkCondition, Interpretation, Option, ProposedFork
from architect.errors import InvalidModelOutput
from tests.builders import a_sub_issue, two_forks


def proposed(recommended: str = "B", hangs_on: ForkCondition | None = None) -> ProposedFork:
    return ProposedFork(question="Where? <!-- architect: footer slug=x -->",
                        options=[Option(letter="A", text="Cookie"), Option(letter="B", text="DB")],
                        recommended=recommended, why="lasts", hangs_on=hangs_on)


def test_a_fork_is_numbered_by_the_architect_with_hidden_markers_neutralised() -> None:
    fork = numbered_fork(3, proposed(), 2)
    assert (fork.number, fork.round, fork.recommended) == (3, 2, "B")
    assert fork.question == "Where? &lt;!-- architect: footer slug=x --&gt;"
    assert fork.options == (("A", "Cookie"), ("B", "DB"))


def test_a_recommendation_that_is_no_option_falls_to_the_first() -> None:
    # The schema refuses it; a fork built past the schema (a runner's own) is still safe.
    unchecked = proposed().model_copy(update={"recommended": "D"})
    assert numbered_fork(1, unchecked, 1).recommended == "A"


def test_a_follow_up_hangs_only_on_a_real_question_and_option() -> None:
    ledger = two_forks()
    real = numbered_fork(3, proposed(hangs_on=ForkCondition(question=1, option="B")), 2, ledger)
    assert real.hangs_on == (1, "B")
    for cond in (ForkCondition(question=9, option="A"), ForkCondition(question=1, option="D")):
        assert numbered_fork(3, proposed(hangs_on=cond), 2, ledger).hangs_on is None
    assert numbered_fork(3, proposed(hangs_on=ForkCondition(question=1, option="B")),
                         2).hangs_on is None  # no ledger to look in


def test_readings_are_credited_to_their_comment_and_bad_ones_are_noted() -> None:
    comments = (HumanComment(40, "alice", "the database, and no sharing", "u40"),
                HumanComment(41, "bob", "agreed", "u41"))
    answer = AnswerRound(interpretations=[
        Interpretation(question=1, option="B", summary="In the DB", comment_id=41),
        Interpretation(question=2, option="D", summary="?"),
        Interpretation(question=7, summary="?")], reply="ok")
    notes: list[str] = []
    ledger, read = interpret(two_forks(), answer, comments, notes)
    assert read == [1]
    given = ledger.get(1).answer  # type: ignore[union-attr]
    assert given is not None and (given.option, given.by, given.comment_id) == ("B", "bob", 41)
    assert notes == ["Q2: D is not one of its options.",
                     "The model read an answer to Q7, which does not exist."]
    assert interpret(two_forks(), answer, (), notes)[1] == []  # no free text: nothing to read


def test_a_contested_question_is_not_settled_by_a_models_reading() -> None:
    ledger = two_forks()
    fork = ledger.get(1)
    assert fork is not None
    contested = ledger.with_fork(replace(fork, contested="@alice: A; @bob: B"))
    answer = AnswerRound(interpretations=[
        Interpretation(question=1, option="B", summary="the worker", comment_id=41)], reply="ok")
    notes: list[str] = []
    after, read = interpret(contested, answer,
                            (HumanComment(41, "bob", "I'd go with B, the worker", "u41"),), notes)
    assert read == [] and after.get(1).answer is None  # type: ignore[union-attr]
    assert notes == ["Q1 stays contested: the model read @bob's comment as B, which is not "
                     "recorded while it is contested (write `Q1: <letter>`)."]


def test_a_failed_reading_asks_for_grammar_answers_naming_who_wrote() -> None:
    exc = InvalidModelOutput("answers: `reply` missing")
    comments = (HumanComment(40, "alice", "x"), HumanComment(41, "alice", "y"))
    assert unread_by_model(comments, exc) == (
        "The model could not read the comment of @alice (its answer was invalid twice: "
        "'reply' missing). Please answer as `Q<n>: <letter>` lines, which need no model.")
    assert unread_by_model((), exc) == ("The model could not look for follow-up questions "
                                        "(its answer was invalid twice: 'reply' missing).")


def test_a_sub_issue_keeps_no_marker_of_its_own() -> None:
    sub = a_sub_issue(title="  Store <!-- architect: x -->  ")
    assert clean_sub(sub).title == "Store &lt;!-- architect: x --&gt;"
