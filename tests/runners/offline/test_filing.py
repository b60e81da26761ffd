"""The sub-issues (runners/offline/filing.py): one per open task, shaped by the decisions
that share its words, with what a review dropped left out."""

from __future__ import annotations

from architect.runners.offline.filing import file
from tests.runners.offline import helpers as h
from tests.runners.offline.helpers import EXPORT, decided


def test_a_task_a_revision_dropped_is_not_filed() -> None:
    complexity = "## Complexity\n\n- Dropped in review: `export-cli` — the CLI\n\n## Risks\n"
    plan = file(h.planner_inputs(EXPORT, ledger=decided(), pitch_markdown=complexity))
    ids = [s.id for s in plan.sub_issues]
    assert "export-cli" not in ids and "export-core" in ids
    docs = next(s for s in plan.sub_issues if s.id.startswith("docs-"))
    assert docs.depends_on == []  # it waited on the dropped task: freed


def test_a_vision_with_nothing_open_files_nothing() -> None:
    assert file(h.planner_inputs("- [x] done\n")).sub_issues == []


def test_sub_issues_come_from_the_open_checklist_items() -> None:
    plan = h.file(EXPORT, title="Export notes", ledger=decided())
    core, cli, queue, docs = plan.sub_issues

    assert [s.id for s in plan.sub_issues] == [
        "export-core",
        "export-cli",
        "queue-large-exports-in-a-nightly-cron-job",
        "docs-explain-the-export-format",
    ]
    assert core.title == "Add an export service that writes a ZIP of Markdown files"
    assert [s.kind for s in plan.sub_issues] == ["feature", "feature", "feature", "docs"]
    assert core.problem.startswith(
        "Vision #7 (Export notes) asks for: Let users export their notes"
    )
    assert "Why: Support gets a mail a week" in core.problem
    assert core.problem.endswith("This issue covers one part of it: " + core.title + ".")
    assert queue.affected_files == ["notes/jobs.py", "deploy/cron.yaml", "deploy/worker.yaml"]
    # The vision's acceptance line about the export, and the file the task names: no
    # criterion restates the title.
    assert core.acceptance_criteria == [
        "The export opens in any Markdown editor.",
        "The change is in `notes/export.py`, with a test of it.",
    ]
    assert core.proposed_solution.startswith(
        "The vision asks for it so: “Let users export their notes")
    assert core.title not in core.proposed_solution
    assert cli.depends_on == ["export-core"] and queue.depends_on == ["export-core"]
    assert docs.depends_on == ["export-cli"]  # "unknown-thing" names no task
    assert core.depends_on == [] and core.labels == []
    assert "Out of scope: Importing." in core.proposed_solution


def test_decisions_shape_the_sub_issues_whose_words_they_share() -> None:
    plan = h.file(EXPORT, ledger=decided())
    _, _, queue, docs = plan.sub_issues

    assert queue.shaped_by == [2]  # "exports" ↔ "Who may export?"
    assert docs.shaped_by == [1, 2]  # "format" ↔ "Which format do attachments take?"
    # Stated once, by the body's `## Design decisions` (from `shaped_by`), not here again.
    assert "Q1:" not in docs.proposed_solution and "Q2:" not in queue.proposed_solution


def test_a_task_no_decision_mentions_gets_all_of_them_listed() -> None:
    body = (
        "- [ ] Paint the shed\n- [ ] Mow the lawn\n"
        "## Open questions\n1. Which colour?\n - A) red\n - B) blue\n"
    )
    ledger = h.answered(h.ledger_of(*h.questions(body).forks), 1, "B", "B")
    shed, _ = h.file(body, ledger=ledger).sub_issues

    assert shed.shaped_by == [1]
    assert "Q1:" not in shed.proposed_solution


def test_filing_without_questions_and_with_long_titles() -> None:
    long = "Fix " + "very " * 40 + "long title"
    plan = h.file(f"- [ ] {long}\n- [ ] test: the thing\n- [ ] Refactor the rest\n")

    first, test, refactor = plan.sub_issues
    assert len(first.title) <= 120 and first.title.endswith("…") and first.kind == "fix"
    assert (test.kind, refactor.kind) == ("test", "refactor")
    # A vision with nothing but its checklist: the task is all it says.
    assert first.proposed_solution == f"Do this part of the vision: {long}."
    assert first.shaped_by == []


def test_a_dependency_cycle_is_filed_as_written_for_the_filing_check_to_explain() -> None:
    body = "- [ ] a (id: a; after: b)\n- [ ] b (id: b; after: a)\n"
    assert [s.depends_on for s in h.file(body).sub_issues] == [["b"], ["a"]]
    assert "The `after:` notes form a cycle (a → b → a)" in h.pitch(body).risks

