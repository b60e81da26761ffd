"""Every comment of the corpus gets an outcome it allows, end to end on the embedded forge."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.comment_corpus import CORPUS, OUTCOMES, Case, Result, counts, load, run


def test_the_corpus_is_big_and_covers_every_outcome() -> None:
    cases = load()
    assert len(cases) >= 150
    allowed = {o for c in cases for o in c.allowed}
    assert allowed == set(OUTCOMES)
    assert {c.by for c in cases} >= {"alice", "bob", "stranger", "deploy-bot"}


@pytest.mark.slow
def test_no_comment_of_the_corpus_is_misread_or_met_with_silence(tmp_path: Path) -> None:
    results = run(load(CORPUS), tmp_path)
    wrong = [f"{r.case.stage} {r.case.text!r} by {r.case.by}: {r.outcome} {r.recorded} "
             f"(allowed {r.case.allowed} {r.case.answers}; says {r.case.says!r} in "
             f"{r.said[:300]!r})" for r in results if not r.ok]
    assert wrong == []
    tally = counts(results)
    assert (tally["misread"], tally["silent"]) == (0, 0)


def test_a_read_missing_a_meant_letter_is_partial_and_one_with_a_wrong_letter_misread() -> None:
    case = Case("Q1: B. Q2: A unless marketing wants it", "questions", "alice", ("answers",),
                {1: "B", 2: "A"})
    partial = Result(case, "answers", {1: "B"}, "Recorded: Q1")
    wrong = Result(case, "answers", {1: "B", 2: "B"}, "Recorded: Q1, Q2")
    # The issue counts a wrong action or a wrong letter recorded as misread; a letter
    # left for the acknowledgment to ask is no misread, and not held either.
    assert (partial.misread, partial.partial, partial.ok) == (False, True, False)
    assert (wrong.misread, wrong.partial, wrong.ok) == (True, False, False)
    assert counts([partial, wrong])["partial"] == 1
    assert counts([partial, wrong])["misread"] == 1
