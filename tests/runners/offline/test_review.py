"""Requests for changes (runners/offline/review.py): a review's points, kept in the pitch's
Risks and Complexity, read back at filing, and the parts a review asks to drop."""

from __future__ import annotations

from architect.app.demo_project import DEMO
from architect.core.filing import check_plan
from architect.runners.offline.review import (
    carried,
    drop_requests,
    dropped_ids,
    feedback_notes,
    named_tasks,
    raised_in,
    ruled_out,
    shape,
)
from tests.runners.offline import helpers as h
from tests.runners.offline.helpers import EXPORT, asked

PITCH = ("## Complexity\n\n**S**\n- Dropped in review: `sync-db` — Store in Postgres\n\n"
         "## Risks\n\n- Raised in review: stream big files\n- Big ZIPs.\n"
         "- Raised in review: log progress\n\n## Cost\n\nNone.")


def test_a_review_body_is_its_bullets_or_one_point() -> None:
    assert feedback_notes("Two things:\n- stream big files\n* log progress") == [
        "stream big files", "log progress"]
    assert feedback_notes("Please log progress.") == ["Please log progress."]


def test_what_earlier_revisions_wrote_is_read_back_from_the_pitch() -> None:
    assert raised_in(PITCH) == ["stream big files", "log progress"]
    assert dropped_ids(PITCH) == ["sync-db"]
    assert raised_in("## Risks\n\nNone.") == [] and dropped_ids("no sections") == []


def test_points_are_carried_oldest_first_each_once() -> None:
    assert carried(["Stream big files"], ["stream  big files", "log progress"]) == [
        "Stream big files", "log progress"]


def test_a_drop_request_names_the_part_and_the_task_that_is_it() -> None:
    asks = drop_requests("Drop the UI part, and no hosted server. Not sure about the rest")
    assert asks[:2] == ["UI part", "hosted server"]
    tasks = [("page", "Settings page in the web UI"), ("srv", "Sync service"),
             ("store", "Store the settings")]
    assert named_tasks(asks[:2], tasks) == ["page", "srv"]
    assert ruled_out("No hosted server") == ["a long-running service", "a hosted deployment"]


def test_a_point_naming_no_task_becomes_a_sub_issue_of_its_own() -> None:
    plan = h.file(EXPORT)
    pairs = [(sub, sub.title) for sub in plan.sub_issues]
    shaped = shape(pairs, ["also translate the error messages"], vision=7)
    extra = shaped[-1]
    assert len(shaped) == len(pairs) + 1
    assert extra.id == "review-translate-the-error-messages"
    assert extra.acceptance_criteria[-1] == "Asked in review: also translate the error messages"
    assert "vision #7" in extra.problem


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

