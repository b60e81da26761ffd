"""runners/offline/review.py: what a review's point asks of the plan, read offline."""

from __future__ import annotations

from architect.core.schemas import SubIssue
from architect.runners.offline.review import Narrowing, narrowed_in, narrowing, scoped


def test_a_point_that_keeps_a_part_but_limits_it_is_a_narrowing() -> None:
    assert narrowing("Keep the export but only CSV, no PDF") == Narrowing(
        "the export", "only CSV, no PDF", ("PDF",))
    assert narrowing("The UI part: just a read-only page.") == Narrowing(
        "The UI part", "just a read-only page", ())
    assert narrowing("Export only CSV.") == Narrowing("Export", "only CSV", ())
    assert narrowing("Keep the page but no editing") == Narrowing(
        "the page", "no editing", ("editing",))


def test_a_drop_or_a_remark_is_no_narrowing() -> None:
    assert narrowing("Drop the UI part: the CLI is enough for now.") is None
    assert narrowing("No hosted server") is None
    assert narrowing("Mention the GDPR impact") is None
    assert narrowing("Keep it up") is None


def test_a_narrowed_sub_issue_says_its_scope_and_drops_the_criterion_it_leaves_out() -> None:
    sub = SubIssue(id="export", title="Export todos as CSV or PDF", kind="feature",
                   problem="People take todos elsewhere.", proposed_solution="Change `x.py`.",
                   acceptance_criteria=["An export opens in a spreadsheet",
                                        "A PDF export prints on one page"])
    got = scoped(sub, "only CSV, no PDF")
    assert got.acceptance_criteria == ["Narrowed in review: only CSV, no PDF",
                                       "An export opens in a spreadsheet"]
    assert got.proposed_solution.startswith("As the review narrowed it: Only CSV, no PDF.")


def test_the_narrowings_are_read_back_from_the_pitchs_complexity() -> None:
    pitch = ("## Complexity\n\n**S** — 2 tasks.\n\n- Narrowed in review: `export` — only CSV, "
             "no PDF\n- Dropped in review: `page` — Page\n\n## Risks\n\n- None.\n")
    assert narrowed_in(pitch) == {"export": "only CSV, no PDF"}
