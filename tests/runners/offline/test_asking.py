"""Design questions (runners/offline/asking.py): the vision's open questions as forks, the
ACCEPT guidance read against them, and a reason when there is nothing to ask."""

from __future__ import annotations

from architect.core.schemas import Verdict
from architect.runners.offline.asking import questions, to_fork
from architect.runners.offline.vision import parse_vision
from tests.runners.offline import helpers as h
from tests.runners.offline.helpers import EXPORT


def test_a_fork_keeps_the_options_and_the_marked_recommendation() -> None:
    (question,) = parse_vision("- [ ] t\n## Open questions\n1. Where?\n - A) Here\n"
                               " - B) There (recommended: closer)\n").questions
    fork = to_fork(question)
    assert [(o.letter, o.text) for o in fork.options] == [("A", "Here"), ("B", "There")]
    assert (fork.recommended, fork.why) == ("B", "Closer.")
    guided = to_fork(question, "A", "ACCEPT, here please")
    assert guided.recommended == "A" and "“ACCEPT, here please”" in guided.why


def test_an_empty_vision_asks_nothing_and_says_what_to_write() -> None:
    proposal = questions(h.planner_inputs("Just a wish.", number=12))
    assert proposal.forks == []
    assert proposal.no_fork_reason.startswith("vision #12 has no checklist to plan from")
    assert "write the vision first on #12" in proposal.no_fork_reason


def test_a_vision_too_large_for_a_sprint_says_the_filing_check_stops_it() -> None:
    body = "".join(f"- [ ] task {n}\n" for n in range(4))
    proposal = questions(h.planner_inputs(body, max_sub_issues=3))
    assert proposal.forks == [] and "the filing check stops the plan" in proposal.no_fork_reason
    assert Verdict.NO_GO.value not in proposal.no_fork_reason  # said in words, not the tag


def test_questions_come_from_the_open_questions_with_options() -> None:
    proposal = h.questions(EXPORT)
    attachments, who = proposal.forks

    assert attachments.question == "Which format do attachments take?"
    assert [o.text for o in attachments.options] == ["Files next to the note", "Inlined as base64"]
    assert attachments.recommended == "B" and attachments.why == "One file per note."
    assert who.recommended == "A"
    assert who.why == (
        "No option is marked (recommended); A is the default. "
        "(B leads to a follow-up: Do admins see private notes?)"
    )
    assert proposal.no_fork_reason == ""


def test_at_most_five_questions_are_asked_at_once() -> None:
    body = "- [ ] t\n## Open questions\n" + "".join(
        f"{n}. Question {n}?\n - A) x\n - B) y\n" for n in range(1, 8)
    )
    forks = h.questions(body).forks
    assert [f.question for f in forks] == [f"Question {n}?" for n in range(1, 6)]


def test_the_accept_guidance_can_move_a_recommendation() -> None:
    guided = h.questions(
        EXPORT, guidance="ACCEPT, but attachments as files next to the note please"
    )
    vague = h.questions(EXPORT, guidance="ACCEPT, go with B")  # which question? none moves

    assert guided.forks[0].recommended == "A"
    assert guided.forks[0].why.startswith("Your guidance with ACCEPT points to it")
    assert [f.recommended for f in vague.forks] == ["B", "A"]


def test_without_open_questions_there_is_no_fork_and_a_reason() -> None:
    none = h.questions("- [ ] t\n")
    mute = h.questions("- [ ] t\n## Open questions\n- Should it be blue?\n")

    assert none.forks == [] and "no open design questions" in none.no_fork_reason
    assert mute.forks == [] and "no lettered options" in mute.no_fork_reason


def test_questions_already_in_the_ledger_are_not_asked_again() -> None:
    first = h.questions(EXPORT).forks[0]
    proposal = h.questions(EXPORT, ledger=h.ledger_of(first))
    assert [f.question for f in proposal.forks] == ["Who may export?"]

