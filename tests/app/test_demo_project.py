"""The demo's seed content walks the whole lifecycle with the offline planner."""

from __future__ import annotations

from architect.app.demo_project import (
    ACCEPT_DUE_DATES,
    ANSWER_Q1,
    ANSWER_Q2_FREE_TEXT,
    ANSWER_Q3,
    DEMO,
    REJECT_SYNC,
    Fate,
)
from architect.core.answers import parse_comment
from architect.core.inputs import ProjectContext
from architect.core.ledger import Ledger
from architect.core.pitch_order import prerequisite_order
from architect.core.schemas import Verdict
from architect.core.text import first_word
from architect.runners.offline.vision import parse_vision
from tests.runners.offline import helpers as h

CONTEXT = ProjectContext(
    vision_md=DEMO.vision_md,
    agents_md=DEMO.agents_md,
    prerequisites_md=DEMO.prerequisites_md,
    code_summary="\n".join(path for path, _ in DEMO.files),
)
DUE = DEMO.vision("due-dates")


def test_the_demo_has_three_visions_with_their_fates() -> None:
    assert DEMO.name == "demo"
    assert [(v.title, v.fate) for v in DEMO.visions] == [
        ("Due dates and reminders", Fate.ACCEPTED),
        ("Sync todos across machines", Fate.REJECTED),
        ("Tags and filters", Fate.LATER),
    ]
    due = parse_vision(DUE.body)
    assert len(due.questions) == 2 and len(due.open_items) == 5
    assert due.questions[1].options[1].follow_up is not None  # the wrinkle of question 2


def test_prerequisites_order_the_visions_by_title_whatever_their_numbers() -> None:
    numbered = [
        (12, "Tags and filters"),
        (10, "Due dates and reminders"),
        (11, "Sync todos across machines"),
    ]
    assert prerequisite_order(DEMO.prerequisites_md, numbered) == [10, 11, 12]


def test_the_human_replies_read_as_the_demo_intends() -> None:
    assert first_word(ACCEPT_DUE_DATES) == "ACCEPT"
    assert REJECT_SYNC.startswith("REJECT: ")
    q1 = parse_comment(ANSWER_Q1)
    assert [(a.question, a.choice) for a in q1.answers] == [(1, "B")]
    assert q1.answers[0].reason == "typing tomorrow is faster than looking up the date"
    free = parse_comment(ANSWER_Q2_FREE_TEXT)
    assert free.answers == () and free.leftover  # left for the planner to read
    assert [(a.question, a.choice) for a in parse_comment(ANSWER_Q3).answers] == [(3, "A")]
    assert [r.body for r in DEMO.replies_for("due-dates")] == [
        ACCEPT_DUE_DATES,
        ANSWER_Q1,
        ANSWER_Q2_FREE_TEXT,
        ANSWER_Q3,
    ]
    assert [r.body for r in DEMO.replies_for("sync")] == [REJECT_SYNC]


def test_the_accepted_vision_walks_from_pitch_to_sub_issues() -> None:
    body = DUE.body
    pitch = h.pitch(body, title=DUE.title, context=CONTEXT)
    assert pitch.verdict is Verdict.GO
    assert "offline planner" in pitch.recommendation
    assert "- AGENTS.md mentions it:" in pitch.what_exists_today

    forks = h.questions(body, guidance=ACCEPT_DUE_DATES, context=CONTEXT).forks
    assert [f.question for f in forks] == [
        "How are due dates written on the command line?",
        "How do reminders reach the user?",
    ]
    assert [f.recommended for f in forks] == ["A", "A"]
    ledger = h.ledger_of(*forks)

    # The lifecycle records "Q1: B …" itself; the free text goes to the planner.
    ledger = h.answered(ledger, 1, "B", "B — typing tomorrow is faster than looking up the date")
    round_ = h.answers(body, ledger=ledger, new_comments=(h.comment(ANSWER_Q2_FREE_TEXT, id=31),))
    assert [(i.question, i.option, i.comment_id) for i in round_.interpretations] == [(2, "B", 31)]
    assert [f.question for f in round_.follow_ups] == ["How is the background job started?"]

    ledger = h.answered(ledger, 2, "B", round_.interpretations[0].summary)
    ledger = h.ledger_of(*round_.follow_ups, first=ledger.next_number, round=2, base=ledger)
    # As the lifecycle words a grammar answer: the option's text, then the reason.
    cron = "A cron entry that `todo remind --install` writes"
    ledger = h.answered(ledger, 3, "A", f"{cron} — cron is there on macOS too")
    assert ledger.all_resolved and len(ledger.forks) == 3
    assert h.answers(body, ledger=ledger).follow_ups == []

    plan = h.file(body, title=DUE.title, ledger=ledger)
    by_id = {s.id: s for s in plan.sub_issues}
    assert list(by_id) == ["due-field", "due-parse", "due-view", "reminders", "due-docs"]
    assert by_id["due-parse"].depends_on == ["due-field"]
    assert by_id["reminders"].depends_on == ["due-view"]
    assert by_id["due-docs"].depends_on == ["due-parse", "reminders"]
    assert by_id["due-docs"].kind == "docs"
    assert by_id["due-parse"].shaped_by == [1]
    assert by_id["reminders"].shaped_by == [2, 3]
    # The decisions are the body's `## Design decisions` (from `shaped_by`), said once.
    assert "Q3:" not in by_id["reminders"].proposed_solution
    assert all(
        len(s.acceptance_criteria) <= 5 and len(s.affected_files) <= 3 for s in plan.sub_issues
    )


def test_the_rejected_vision_is_pitched_with_its_infra_and_then_remembered() -> None:
    sync = DEMO.vision("sync")
    pitch = h.pitch(sync.body, title=sync.title, context=CONTEXT)
    assert "a database (“postgres”" in pitch.cost_new_infra
    assert "user accounts" in pitch.cost_new_infra

    again = h.pitch(sync.body, title=sync.title, context=CONTEXT, rejection_reason=REJECT_SYNC)
    assert again.recommendation.startswith("An earlier pitch was rejected: “a hosted service")

    lessons = h.digest(
        f"# PR #2: rejected\n\n- Vision: #2 — {sync.title}\n- Outcome: rejected\n\n{REJECT_SYNC}\n"
    )
    assert "- a hosted service with accounts and a Postgres database" in lessons.lessons


def test_the_third_vision_needs_no_design_questions() -> None:
    tags = DEMO.vision("tags")
    assert h.pitch(tags.body, title=tags.title).verdict is Verdict.GO
    proposal = h.questions(tags.body)
    assert proposal.forks == [] and proposal.no_fork_reason
    plan = h.file(tags.body, ledger=Ledger())
    assert [s.depends_on for s in plan.sub_issues] == [[], ["tags"], ["tags"]]
    assert plan.sub_issues[2].kind == "test"


def test_the_seed_files_are_a_small_project() -> None:
    paths = [path for path, _ in DEMO.files]
    assert "README.md" in paths and "todo/store.py" in paths
    assert all(content.endswith("\n") for _, content in DEMO.files)
