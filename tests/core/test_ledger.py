"""The design forks and their answers (`core.ledger`). Pure: builders."""

from __future__ import annotations

from dataclasses import replace

from architect.core.ledger import Answer, ForkStatus, Ledger, from_payload, to_payload
from tests.builders import a_fork, two_forks


def said(option: str | None, comment: int = 1) -> Answer:
    return Answer(option, f"{option} — because", "alice", "u", comment)


def with_follow_up() -> Ledger:
    """Q1, Q2, and Q3 which hangs on Q1's B."""
    return two_forks().with_fork(replace(a_fork(3, "How is it synced?"), hangs_on=(1, "B")))


def test_an_answer_resolves_its_fork_or_leaves_it_answered_pending() -> None:
    ledger = two_forks().answer(1, said("B"))
    assert ledger.get(1).status is ForkStatus.RESOLVED  # type: ignore[union-attr]
    assert [f.number for f in ledger.unresolved] == [2] and [f.number for f in ledger.open] == [2]
    pending = ledger.answer(2, said(None), resolved=False)
    assert [f.number for f in pending.unresolved] == [2] and pending.open == ()
    assert not pending.all_resolved and pending.answer(2, said("A")).all_resolved
    assert two_forks().answer(9, said("A")) == two_forks()  # no such fork: nothing changes


def test_a_changed_answer_withdraws_the_old_follow_ups_and_brings_them_back() -> None:
    chose_b = with_follow_up().answer(1, said("B")).answer(3, said("A", 2))
    chose_a = chose_b.answer(1, said("A", 3))
    assert chose_a.get(3).status is ForkStatus.WITHDRAWN  # type: ignore[union-attr]
    assert [f.number for f in chose_a.live.forks] == [1, 2]
    back = chose_a.answer(1, said("B", 4))
    assert back.get(3).status is ForkStatus.RESOLVED  # type: ignore[union-attr]  # its answer kept


def test_forks_stay_in_number_order_and_the_next_number_follows_the_last() -> None:
    ledger = Ledger((a_fork(4),)).with_fork(a_fork(2))
    assert [f.number for f in ledger.forks] == [2, 4] and ledger.next_number == 5
    assert Ledger().next_number == 1
    assert a_fork(1).option_text("B") == "In the database" and a_fork(1).option_text("Z") == ""


def test_the_payload_round_trips_and_anything_else_is_none() -> None:
    ledger = with_follow_up().answer(1, said("B"))
    payload = to_payload(ledger)
    assert payload[0]["a"] == {"o": "B", "t": "B — because", "b": "alice", "u": "u", "c": 1}
    assert payload[2]["h"] == [1, "B"]
    assert from_payload(payload) == ledger
    assert from_payload({"n": 1}) is None
    assert from_payload([{"n": "one", "q": "?", "o": [], "r": "A"}]) is None
    assert from_payload([{"q": "no number"}]) is None
    assert from_payload([]) == Ledger()
