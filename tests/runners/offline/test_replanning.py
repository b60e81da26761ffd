"""The offline planner's `replan` mode: the change a request makes, by its rules."""

from __future__ import annotations

from architect.core.inputs import FiledIssue, PlannerInputs, VisionInput
from architect.runners.offline.replanning import replan
from tests.world import VISION_BODY


def filed(number: int, sub_id: str, title: str, *, started: str = "") -> FiledIssue:
    body = (f"## Problem\n\nx\n\n## Proposed solution\n\n{title}.\n\n"
            f"<!-- decomposed-from: #1, sprint: 1-wishlists, id: {sub_id} -->")
    return FiledIssue(number, sub_id, title, body, "open", started=started)


SUBS = (filed(2, "store", "Store wishlist items"),
        filed(3, "api", "Wishlist API endpoints", started="assigned to @bob"),
        filed(4, "page", "Wishlist page"))


def inputs(request: str, body: str = VISION_BODY) -> PlannerInputs:
    return PlannerInputs(project="shop", vision=VisionInput(1, "Wishlists", body),
                         filed_issues=SUBS, replan_request=request)


def test_drop_and_add_words_close_and_add_and_spare_started_work() -> None:
    plan = replan(inputs("REPLAN: drop the wishlist page; add an audit log"))
    assert [(c.number, c.reason) for c in plan.close] == [
        (4, 'The re-plan drops it: "drop wishlist page".')]
    assert [s.title for s in plan.add] == ["Audit log"]
    assert all(e.number != 3 for e in plan.edit)


def test_reject_closes_every_open_sub_issue_except_started_ones() -> None:
    plan = replan(inputs("REJECT: no budget this quarter"))
    assert [c.number for c in plan.close] == [2, 4]
    assert [a.number for a in plan.left_alone] == [3]
    assert plan.add == []
    assert plan.summary == "Drop what is left of the sprint: no budget this quarter"


def test_the_same_request_gives_the_same_proposal() -> None:
    assert replan(inputs("REPLAN: drop the page")) == replan(inputs("REPLAN: drop the page"))
