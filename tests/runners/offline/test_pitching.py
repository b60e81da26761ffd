"""The pitch and its revision (runners/offline/pitching.py): the seven sections from the
vision, the verdict, and what a revision says about the review and the vision's edits."""

from __future__ import annotations

import pytest

from architect.core.schemas import Verdict
from architect.runners.offline import NO_CHECKLIST
from architect.runners.offline.pitching import ALL_DONE, pitch, revise, verdict_of
from architect.runners.offline.vision import parse_vision
from tests.runners.offline import helpers as h
from tests.runners.offline.helpers import CONTEXT, EXPORT


def test_the_verdict_is_go_for_open_tasks_within_the_sprint_limit() -> None:
    assert verdict_of(parse_vision("- [ ] one\n- [ ] two\n"), 2) == (Verdict.GO, "")
    assert verdict_of(parse_vision("Only prose."), 10) == (Verdict.NO_GO, NO_CHECKLIST)
    assert verdict_of(parse_vision("- [x] done\n"), 10) == (Verdict.NO_GO, ALL_DONE)
    too_many, why = verdict_of(parse_vision("- [ ] a\n- [ ] b\n- [ ] c\n"), 2)
    assert too_many is Verdict.NO_GO and "3" in why and "2" in why


def test_review_notes_given_to_the_pitch_lead_its_risks() -> None:
    made = pitch(h.planner_inputs(EXPORT), review_notes=["stream big files"])
    assert made.risks.startswith("- Raised in review: stream big files")


def test_a_revision_keeps_the_verdict_of_the_vision_as_it_is_now() -> None:
    revised = revise(h.planner_inputs("Only prose now.", feedback="- smaller please"))
    assert revised.verdict is Verdict.NO_GO
    assert revised.changes.startswith("> - smaller please")


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


def test_a_rejection_without_a_reason_is_not_quoted_empty() -> None:
    again = h.pitch(EXPORT, rejection_reason="REJECT:")

    assert again.recommendation.startswith(
        "An earlier pitch was rejected without a reason; this pitch is rebuilt from the vision")

