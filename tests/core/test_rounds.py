"""A changed answer withdraws the follow-ups of the old option, and the ledger keeps it."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from architect.core.ledger import Answer, DesignFork, ForkStatus, Ledger, from_payload, to_payload
from architect.core.rounds import settle


def _answer(letter: str, comment_id: int = 1) -> Answer:
    return Answer(letter, f"option {letter}", "alice", f"http://forge.test/c/{comment_id}",
                  comment_id)


def _ledger() -> Ledger:
    """Q1 with options A/B; Q3 asked because Q1 is B; Q4 asked because Q3 is A."""
    options = (("A", "first"), ("B", "second"))
    return Ledger((
        DesignFork(1, "Where?", options, "B"),
        DesignFork(2, "Export?", options, "A"),
        DesignFork(3, "Synced how?", options, "A", round=2, hangs_on=(1, "B")),
        DesignFork(4, "How often?", options, "A", round=3, hangs_on=(3, "A")),
    ))


def _statuses(ledger: Ledger) -> dict[int, ForkStatus]:
    return {f.number: f.status for f in ledger.forks}


def test_a_changed_answer_withdraws_the_follow_ups_below_it() -> None:
    ledger = _ledger().answer(1, _answer("B")).answer(3, _answer("A", 2))
    changed = ledger.answer(1, _answer("A", 3))
    assert _statuses(changed) == {1: ForkStatus.RESOLVED, 2: ForkStatus.OPEN,
                                  3: ForkStatus.WITHDRAWN, 4: ForkStatus.WITHDRAWN}
    assert [f.number for f in changed.unresolved] == [2]
    assert [f.number for f in changed.live.forks] == [1, 2]
    assert not changed.all_resolved
    assert changed.answer(2, _answer("A", 4)).all_resolved


def test_the_same_answer_again_withdraws_nothing() -> None:
    ledger = _ledger().answer(1, _answer("B"))
    assert _statuses(ledger.answer(1, _answer("B", 9))) == _statuses(ledger)


@given(st.lists(st.sampled_from("AB"), min_size=1, max_size=6))
def test_the_follow_ups_follow_the_last_answer(letters: list[str]) -> None:
    ledger = _ledger().answer(1, _answer("B")).answer(3, _answer("A", 2))
    for i, letter in enumerate(letters):
        ledger = ledger.answer(1, _answer(letter, 10 + i))
    # Q3 was answered, Q4 never: each comes back as it was when its branch does.
    back = letters[-1] == "B"
    assert _statuses(ledger)[3] is (ForkStatus.RESOLVED if back else ForkStatus.WITHDRAWN)
    assert _statuses(ledger)[4] is (ForkStatus.OPEN if back else ForkStatus.WITHDRAWN)


def test_the_payload_keeps_what_a_follow_up_hangs_on_and_its_withdrawal() -> None:
    ledger = _ledger().answer(1, _answer("B")).answer(1, _answer("A", 2))
    assert from_payload(to_payload(ledger)) == ledger


def test_a_payload_written_before_follow_ups_hung_on_answers_still_reads() -> None:
    old = [{"n": 1, "q": "Where?", "o": [["A", "x"], ["B", "y"]], "r": "A", "s": "open", "k": 1}]
    ledger = from_payload(old)
    assert ledger is not None and ledger.forks[0].hangs_on is None


def test_an_answer_waiting_on_a_follow_up_is_unresolved_but_no_longer_open() -> None:
    ledger = _ledger().answer(1, _answer("B"), resolved=False)
    assert [f.number for f in ledger.open] == [2, 3, 4]
    assert [f.number for f in ledger.unresolved] == [1, 2, 3, 4]
    # While a question is open the answer waits; once none is, it is settled.
    assert settle(ledger) == ledger
    rest = ledger.answer(2, _answer("A", 2)).answer(3, _answer("A", 3)).answer(4, _answer("A", 4))
    assert rest.open == () and [f.number for f in rest.unresolved] == [1]
    assert settle(rest).all_resolved
