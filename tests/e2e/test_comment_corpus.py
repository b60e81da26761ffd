"""Every comment of the corpus gets an outcome it allows, end to end on the embedded forge."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.comment_corpus import CORPUS, OUTCOMES, counts, load, run


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
