"""The offline planner, mode by mode, on realistic structured visions."""

from __future__ import annotations

import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from architect.app.demo_project import DEMO
from architect.core.filing import check_plan
from architect.core.inputs import ProjectContext
from architect.core.ledger import Ledger
from architect.core.schemas import Pitch, Verdict
from architect.errors import InvalidModelOutput
from architect.runners.base import Mode, Runner, Usage
from architect.runners.offline import NO_CHECKLIST
from architect.runners.offline.planner import OfflinePlanner
from tests.runners.offline import helpers as h
from tests.runners.offline.test_vision import FRAGMENTS

EXPORT = """\
Let users export their notes so that they can leave the app with their data.

## Why
Support gets a mail a week asking for a way out; a GDPR request is a manual job today.

## Tasks
- [ ] Add an export service that writes a ZIP of Markdown files (id: export-core; files: notes/export.py)
- [ ] Add `notes export` to the CLI (id: export-cli; after: export-core; files: notes/cli.py)
- [ ] Queue large exports in a nightly cron job (after: export-core; files: notes/jobs.py, deploy/cron.yaml, deploy/worker.yaml, deploy/extra.yaml)
- [ ] Docs: explain the export format (after: Add `notes export` to the CLI, unknown-thing; files: docs/export.md)
- [x] Notes are stored as Markdown already

## Open questions
1. Which format do attachments take?
   - A) Files next to the note
   - B) Inlined as base64 (recommended: one file per note)
2. Who may export?
   - A) Only the owner
   - B) Admins too
     - If B: Do admins see private notes?
       - A) Never (recommended)
       - B) With an audit log entry
- Should exports expire?

## Risks
- Big accounts make big ZIPs.

## Out of scope
- Importing.

## Acceptance
- `pytest` passes.
- The export opens in any Markdown editor.
"""  # noqa: E501

CONTEXT = ProjectContext(
    vision_md=(
        "# notes\n\nPeople own their notes: export and import are first-class.\n\n"
        "## Style\nKeep it small.\n"
    ),
    agents_md="",
    code_summary="notes/cli.py\nnotes/store.py\n",
)


def test_it_is_a_runner_that_is_always_ready_and_costs_nothing() -> None:
    planner: Runner = OfflinePlanner()
    planner.check_ready()
    planner.drop_session("pr-12")
    result = planner.run(h.request(Mode.PITCH, h.planner_inputs(EXPORT)))

    assert planner.name == "offline"
    assert result.usage == Usage() and result.session_id is None


def test_a_schema_that_does_not_fit_the_mode_is_invalid_output() -> None:
    with pytest.raises(InvalidModelOutput, match="RevisedPitch"):
        OfflinePlanner().run(
            h.request(Mode.PITCH, h.planner_inputs(EXPORT), h.SCHEMAS[Mode.REVISE])
        )


# ---------------------------------------------------------------- pitch


def test_pitch_fills_the_seven_sections_from_the_vision() -> None:
    pitch = h.pitch(EXPORT, title="Export notes", context=CONTEXT)

    assert pitch.verdict is Verdict.GO
    assert pitch.what_this_enables.startswith("Let users export their notes")
    assert "**Why:** Support gets a mail a week" in pitch.what_this_enables
    assert "- Add `notes export` to the CLI" in pitch.what_this_enables
    assert "Out of scope: Importing." in pitch.what_this_enables
    assert (
        "VISION.md mentions it: “People own their notes: export and import"
        in pitch.what_exists_today
    )
    assert "No AGENTS.md in the project repo." in pitch.what_exists_today
    assert (
        "Already checked off in the vision: Notes are stored as Markdown already"
        in pitch.what_exists_today
    )
    assert "Files the tasks name that exist: `notes/cli.py`" in pitch.what_exists_today
    assert "notes/export.py" not in pitch.what_exists_today  # not in the repo: not cited
    assert "files the tasks name are not in the repo yet: the tasks create them" \
        in pitch.what_exists_today
    assert "offline planner without a model" in pitch.what_exists_today
    assert pitch.complexity.startswith("**M** — 4 tasks, 2 open questions, 3 dependencies")
    assert (
        "Longest dependency chain: export-core → export-cli → docs-explain-the-export-format"
        in pitch.complexity
    )
    assert "- Big accounts make big ZIPs." in pitch.risks
    assert "The design waits on 2 open questions" in pitch.risks
    assert "“Should exports expire?” — add `- A) ...` lines" in pitch.risks
    assert (
        "`after: unknown-thing` (in “Docs: explain the export format”) names no task" in pitch.risks
    )
    assert "a long-running service (“service” in: Add an export service" in pitch.cost_new_infra
    assert "a message queue (“queue” in: Queue large exports" in pitch.cost_new_infra
    assert "scheduled jobs (“cron”" in pitch.cost_new_infra
    assert pitch.recommendation.startswith("Worth a sprint: 4 tasks, size M, with 2 design")
    assert "written by the offline planner, without a model" in pitch.recommendation


@pytest.mark.parametrize(
    ("body", "size"),
    [
        ("- [ ] one\n- [ ] two\n", "S"),
        ("".join(f"- [ ] task {n}\n" for n in range(5)), "M"),
        ("".join(f"- [ ] task {n}\n" for n in range(7)), "L"),
        (
            "- [ ] one\n## Open questions\n"
            + "".join(f"{n}. Q{n}?\n - A) x\n - B) y\n" for n in range(4)),
            "L",
        ),
    ],
)
def test_complexity_grows_with_tasks_and_questions(body: str, size: str) -> None:
    assert h.pitch(body).complexity.startswith(f"**{size}**")


def test_a_small_plain_vision_has_no_infra_and_no_listed_risks() -> None:
    pitch = h.pitch("Nicer colours.\n\n- [ ] Pick a palette (files: theme.css)\n")

    assert pitch.cost_new_infra.startswith("None identified")
    assert pitch.risks == "None listed in the vision, and none found in its structure."
    assert "no design question needs asking" in pitch.recommendation


@pytest.mark.parametrize(
    "body", ["", "   \n<!-- only a comment -->", "Make it faster, somehow.\n\n## Why\nIt is slow."]
)
def test_without_a_checklist_the_verdict_is_no_go_with_the_reason(body: str) -> None:
    pitch = h.pitch(body, title="Faster")

    assert pitch.verdict is Verdict.NO_GO
    assert NO_CHECKLIST in pitch.recommendation
    assert "add `- [ ]` items" in pitch.recommendation


def test_a_vision_with_every_item_checked_is_no_go() -> None:
    pitch = h.pitch("Done already.\n- [x] one\n- [x] two\n")
    assert pitch.verdict is Verdict.NO_GO
    assert "every checklist item is already checked off" in pitch.recommendation


def test_a_pitch_after_a_rejection_says_how_it_answers_it() -> None:
    still = h.pitch(EXPORT, rejection_reason="REJECT: no cron jobs, we have no ops team")
    scoped = h.pitch(
        EXPORT.replace("- Importing.", "- Importing.\n- Cron jobs of any kind."),
        rejection_reason="no cron jobs",
    )
    gone = h.pitch("- [ ] Add `notes export`\n", rejection_reason="no cron jobs, please")

    assert still.recommendation.startswith(
        "An earlier pitch was rejected: “no cron jobs, we have no ops team”."
    )
    assert (
        "The tasks still touch it (Queue large exports in a nightly cron job)"
        in still.recommendation
    )
    assert "The vision now puts it out of scope: Cron jobs of any kind." in scoped.recommendation
    assert "None of the tasks touches it any more" in gone.recommendation


def test_lessons_that_touch_the_vision_become_risks() -> None:
    lessons = "# Lessons learned\n\n- exports must not need a cron job\n- dark mode was too vague\n"
    pitch = h.pitch(EXPORT, context=ProjectContext(lessons=lessons))

    assert "A past rejection touches this: exports must not need a cron job" in pitch.risks
    assert "dark mode" not in pitch.risks


# ---------------------------------------------------------------- revise


def test_revise_quotes_the_feedback_and_adds_its_points_to_the_risks() -> None:
    old = h.pitch(EXPORT)
    rendered = "\n\n".join(str(v) for v in old.model_dump().values())
    revised = h.revise(
        EXPORT,
        feedback="Too big for one sprint.\n- split the cron job out\n* what about 2 GB accounts?",
        pitch_markdown=rendered,
    )

    assert revised.changes.startswith("> Too big for one sprint.\n> - split the cron job out")
    assert [(p.point, p.outcome.value) for p in revised.points] == [
        ("split the cron job out", "kept"), ("what about 2 GB accounts?", "kept")]
    assert "Sections that differ" not in revised.changes  # the vision did not change
    assert "- Raised in review: split the cron job out" in revised.risks
    assert "- Raised in review: what about 2 GB accounts?" in revised.risks
    assert revised.verdict is Verdict.GO


def test_revise_after_the_vision_was_edited_names_the_sections_that_changed() -> None:
    rendered = "\n\n".join(str(v) for v in h.pitch(EXPORT).model_dump().values())
    revised = h.revise(
        EXPORT.replace("## Open questions", "- [ ] One more task\n\n## Open questions"),
        feedback="Plain prose feedback.",
        pitch_markdown=rendered,
    )

    assert "Raised in review: Plain prose feedback." in revised.risks
    assert (
        "Sections that differ from the previous pitch: What this enables, Complexity"
        in revised.changes
    )


def test_revise_without_feedback_says_so() -> None:
    assert "gave no text" in h.revise(EXPORT).changes


# ---------------------------------------------------------------- questions


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


# ---------------------------------------------------------------- answers


def asked() -> Ledger:
    return h.ledger_of(*h.questions(EXPORT).forks)


def test_a_comment_naming_an_option_is_read_as_that_answer() -> None:
    round_ = h.answers(
        EXPORT,
        ledger=asked(),
        new_comments=(h.comment("Admins too, they run the GDPR requests.", id=55),),
    )

    (reading,) = round_.interpretations
    assert (reading.question, reading.option, reading.comment_id, reading.resolved) == (
        2,
        "B",
        55,
        True,
    )
    # The acknowledgment names @alice once; the summary only quotes her.
    assert reading.summary.startswith("B) Admins too — “Admins too, they run")
    assert "@alice" not in reading.summary
    assert [f.question for f in round_.follow_ups] == ["Do admins see private notes?"]
    assert round_.follow_ups[0].recommended == "A"
    assert "Read @alice's comment as Q2: B." in round_.reply
    # What is still open is the acknowledgment's to list, once (see render.answers_comment).
    assert "Q1" not in round_.reply
    # The comment lists the follow-ups under its own heading: the reply does not announce them.
    assert "Follow-up" not in round_.reply


def test_a_negated_option_is_not_an_answer() -> None:
    round_ = h.answers(
        EXPORT, ledger=asked(), new_comments=(h.comment("Not only the owner, I think."),)
    )
    assert round_.interpretations == []


def test_a_letter_needs_one_question_to_belong_to() -> None:
    ledger = asked()
    ambiguous = h.answers(
        EXPORT, ledger=ledger, new_comments=(h.comment("let's go with B", author="bob"),)
    )
    named = h.answers(EXPORT, ledger=ledger, new_comments=(h.comment("for question 1, option A"),))
    single = h.answers(
        EXPORT, ledger=h.answered(ledger, 1, "A", "A"), new_comments=(h.comment("Go with B."),)
    )

    assert ambiguous.interpretations == []
    assert "I could not read an answer in the comment of @bob" in ambiguous.reply
    assert "Please answer as `Q<n>: <letter>`, one per line:\n- Q1: Which format" in ambiguous.reply
    assert "\n- Q2: Who may export? — A) Only the owner, B) Admins too" in ambiguous.reply
    assert [(i.question, i.option) for i in named.interpretations] == [(1, "A")]
    assert [(i.question, i.option) for i in single.interpretations] == [(2, "B")]


def test_conflicting_readings_of_one_question_are_not_guessed() -> None:
    text = "For question 2, option A: admins too"
    round_ = h.answers(EXPORT, ledger=asked(), new_comments=(h.comment(text),))
    assert [i.question for i in round_.interpretations] == []


def test_a_grammar_answer_in_the_ledger_brings_its_follow_up() -> None:
    ledger = h.answered(asked(), 2, "B", "B because GDPR")
    round_ = h.answers(EXPORT, ledger=ledger)

    assert round_.interpretations == []
    assert [f.question for f in round_.follow_ups] == ["Do admins see private notes?"]
    # The acknowledgment lists what is still open, once: the reply does not repeat it.
    assert "Still open" not in round_.reply
    assert round_.follow_ups[0].hangs_on is not None
    assert (round_.follow_ups[0].hangs_on.question, round_.follow_ups[0].hangs_on.option) == (
        2,
        "B",
    )


def test_follow_ups_are_asked_once_and_not_for_options_not_chosen() -> None:
    ledger = h.answered(asked(), 2, "B", "B")
    round_ = h.answers(EXPORT, ledger=ledger)
    ledger = h.ledger_of(*round_.follow_ups, first=ledger.next_number, round=2, base=ledger)

    assert h.answers(EXPORT, ledger=ledger).follow_ups == []
    assert h.answers(EXPORT, ledger=h.answered(asked(), 2, "A", "A")).follow_ups == []


def test_questions_beyond_the_first_five_come_as_follow_ups() -> None:
    body = "- [ ] t\n## Open questions\n" + "".join(
        f"{n}. Question {n}?\n - A) x\n - B) y\n" for n in range(1, 8)
    )
    ledger = h.ledger_of(*h.questions(body).forks)
    follow_ups = h.answers(body, ledger=ledger).follow_ups
    assert [f.question for f in follow_ups] == ["Question 6?", "Question 7?"]


# ---------------------------------------------------------------- file


def decided() -> Ledger:
    ledger = asked()
    ledger = h.answered(ledger, 1, "A", "A — editors open them", by="carol")
    return h.answered(ledger, 2, None, "Owners only, admins use the database", by="dan")


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


# ---------------------------------------------------------------- digest


def entry(pr: int, reason: str, outcome: str = "rejected") -> str:
    return (
        f"# PR #{pr}: {outcome}\n\n- Vision: #{pr + 1} — Vision {pr}\n"
        f"- Date: 2025-01-0{pr % 9 + 1} 10:00 UTC\n"
        f"- Outcome: {outcome}\n\n{reason}\n"
    )


def test_digest_lists_rejection_reasons_once_each() -> None:
    lessons = h.digest(
        entry(1, "REJECT: too much infra"),
        entry(2, "Too much   infra"),
        entry(3, "Q1: A, Q2: B", outcome="merged"),
        "A bare reason with no header",
        lessons="# Lessons learned\n\n- an older lesson\n",
    ).lessons

    assert lessons.startswith("# Lessons learned\n")
    assert "- an older lesson\n" in lessons
    assert "- too much infra (vision #2 — Vision 1)\n" in lessons
    assert lessons.count("infra") == 1
    assert "Q1: A" not in lessons
    assert "- A bare reason with no header\n" in lessons


def test_digest_stays_within_two_kilobytes_keeping_the_newest() -> None:
    entries = [entry(n, f"reason number {n} " + "x" * 150) for n in range(40)]
    lessons = h.digest(*entries).lessons

    assert len(lessons.encode()) <= 2048
    assert "reason number 39" in lessons and "reason number 0 " not in lessons


def test_digest_of_nothing_is_a_heading() -> None:
    assert h.digest().lessons.startswith("# Lessons learned")


# ---------------------------------------------------------------- determinism and robustness


def every_mode(body: str) -> list[Any]:
    ledger = decided()
    comments = (h.comment("Admins too"), h.comment("no idea", id=2, author="bob"))
    common: dict[str, Any] = {"context": CONTEXT, "ledger": ledger, "new_comments": comments}
    return [
        h.pitch(body, rejection_reason="too big", **common),
        h.revise(body, feedback="- smaller", **common),
        h.questions(body, guidance="ACCEPT", **common),
        h.answers(body, **common),
        h.file(body, **common),
        h.digest(body),
    ]


def test_same_inputs_same_output() -> None:
    first = [o.model_dump() for o in every_mode(EXPORT)]
    second = [o.model_dump() for o in every_mode(EXPORT)]
    assert first == second


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=12)), max_size=40))
def test_every_mode_answers_any_vision_with_a_valid_object(parts: list[str]) -> None:
    for output in every_mode("".join(parts)):
        assert output.model_validate(output.model_dump()) == output


def test_a_megabyte_vision_is_planned_in_a_few_seconds() -> None:
    body = EXPORT * (1_000_000 // len(EXPORT))
    started = time.process_time()
    pitch = h.pitch(body)
    plan = h.file(body)
    assert time.process_time() - started < 3.0
    assert isinstance(pitch, Pitch) and len(plan.sub_issues) == 60


@settings(max_examples=80, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=12)), max_size=40))
def test_a_plan_from_any_vision_passes_the_filing_check_but_for_cycles(parts: list[str]) -> None:
    plan = h.file("".join(parts), ledger=decided())
    problems = check_plan(plan.sub_issues, max_sub_issues=60, known_labels=())
    allowed = ("The plan has no sub-issues.", "The dependencies form a cycle")
    assert all(p.startswith(allowed) for p in problems), problems


def test_a_review_point_fits_the_filing_checks_criteria_limit() -> None:
    body = EXPORT + "\n## Acceptance\n- one\n- two\n- three\n- four\n"
    risks = ("## Risks\n\n- Raised in review: the export service must stream big files\n"
             "- Raised in review: the export service logs its progress\n\n## Cost")
    plan = h.file(body, ledger=h.answered(asked(), 1, "A", "A"), pitch_markdown=risks)

    core = next(s for s in plan.sub_issues if s.id == "export-core")
    assert len(core.acceptance_criteria) == 4
    assert core.acceptance_criteria[-3:] == [
        "The change is in `notes/export.py`, with a test of it.",
        "Asked in review: the export service must stream big files",
        "Asked in review: the export service logs its progress",
    ]
    assert len(plan.sub_issues) == 4  # the point named a task: no sub-issue of its own
    assert not any("Asked in review" in c for s in plan.sub_issues if s is not core
                   for c in s.acceptance_criteria)
    assert check_plan(plan.sub_issues, max_sub_issues=10, known_labels=()) == []


def test_a_review_point_said_again_is_kept_once() -> None:
    rendered = "## Risks\n\n- Raised in review: also cover emails\n\n## Cost\n\nNone."
    revised = h.revise(EXPORT, feedback="Also cover emails", pitch_markdown=rendered)

    assert revised.risks.count("Raised in review:") == 1
    assert "earlier review" not in revised.changes


def test_unread_comments_of_two_people_are_named_in_one_sentence() -> None:
    round_ = h.answers(EXPORT, ledger=asked(), new_comments=(
        h.comment("hmm", author="bob"), h.comment("not sure", author="carol")))

    assert "I could not read an answer in the comments of @bob and @carol:" in round_.reply


def test_a_rejection_without_a_reason_is_not_quoted_empty() -> None:
    again = h.pitch(EXPORT, rejection_reason="REJECT:")

    assert again.recommendation.startswith(
        "An earlier pitch was rejected without a reason; this pitch is rebuilt from the vision")


def test_a_review_ruling_out_a_server_and_postgres_drops_them_from_plan_and_cost() -> None:
    sync = DEMO.vision("sync")
    rendered = "\n\n".join(str(v) for v in h.pitch(sync.body, title=sync.title)
                           .model_dump().values())
    assert "a database" in rendered and "a long-running service" in rendered

    revised = h.revise(sync.body, title=sync.title, pitch_markdown=rendered,
                       feedback="No hosted server: this stays a local tool. Drop Postgres.")

    assert revised.cost_new_infra.startswith("None identified")
    assert "- Dropped in review: `sync-service`" in revised.complexity
    assert "- Dropped in review: `sync-db`" in revised.complexity
    assert revised.complexity.startswith("**S** — 2 tasks")
    (point,) = revised.points
    assert point.outcome.value == "changed" and "`sync-db`" in point.what
    # The filing follows the revised pitch: what was dropped is not filed.
    revised_md = f"## Complexity\n\n{revised.complexity}\n\n## Risks\n\n{revised.risks}"
    plan = h.file(sync.body, title=sync.title, pitch_markdown=revised_md)
    assert [s.id for s in plan.sub_issues] == ["sync-command", "sync-conflicts"]
    assert plan.sub_issues[0].depends_on == []
