"""The end of a vision's story (core/story.py): what the vision is told when its sprint is
pitched, filed and done, and which merged sprints need their story kept or ended."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from architect.core import markers
from architect.core.actions import CompleteVision, RepairMerged
from architect.core.facts import MergedSprint
from architect.core.snapshot import Snapshot
from architect.core.story import (
    filed_notice,
    not_planned,
    pitched_notice,
    story_actions,
    summary,
)
from architect.core.table import SprintState
from architect.core.visions import worked_out
from tests.builders import (
    BOT,
    T0,
    VISION,
    a_comment,
    a_pull,
    a_snapshot,
    a_sprint_pr,
    a_vision,
    an_issue,
    at,
    settings,
)


def a_merged(*, done: bool = True, branch_left: bool = False,
             summarized_at: datetime | None = None) -> MergedSprint:
    subs = (an_issue(21, "Store items", labels=(), state="closed"),
            an_issue(22, "API", labels=("wontfix",), state="closed"))
    return MergedSprint(VISION, a_pull(number=4, merged=True, state="closed", closed_at=at(5)),
                        (21, 22), subs if done else subs[:1], None if done else 22,
                        branch_left=branch_left, summarized_at=summarized_at)


def _marks(text: str) -> list[markers.Mark]:
    comment = a_comment(text, by=BOT)
    return [mark for _, mark in markers.read_marks([comment], BOT)]


def test_a_label_that_says_wont_do_is_read_whatever_its_case() -> None:
    assert not_planned(an_issue(labels=("bug", "WontFix"))) == "WontFix"
    assert not_planned(an_issue(labels=("bug",))) is None


def test_the_pitched_notice_links_the_pr_and_names_the_two_answers() -> None:
    pr = a_pull(number=4)
    text = pitched_notice(pr)
    assert text.startswith(f"Pitched as a sprint: {pr.html_url} (PR #4 on the ops repo).")
    assert "`ACCEPT`, or `REJECT: <reason>`" in text
    assert _marks(text) == [markers.StoryMark(markers.StoryEvent.PITCHED, 4)]
    # A dry run's PR has no link yet: it is named once.
    assert pitched_notice(pr.model_copy(update={"html_url": ""})).startswith(
        "Pitched as a sprint: PR #4 on the ops repo. Reply")


def test_the_filed_notice_lists_each_sub_issue_with_its_title_where_known() -> None:
    text = filed_notice(4, [21, 22], {21: "Store items\nwith a second line"})
    assert "- #21 Store items with a second line\n- #22\n" in text
    assert "keeps the `in-progress` label until all of them are closed" in text
    assert _marks(text) == [markers.StoryMark(markers.StoryEvent.FILED, 4)]


def test_the_summary_tells_done_from_not_planned_and_says_what_it_does_next() -> None:
    text = summary(a_merged(), close=True)
    assert text.startswith("Every sub-issue filed by its sprint (PR #4) is closed.")
    assert "Closed as done:\n- #21 Store items\n" in text
    assert "Closed as not planned:\n- #22 API (label `wontfix`)" in text
    assert "Removed `in-progress`; closing this vision." in text
    assert _marks(text) == [markers.StoryMark(markers.StoryEvent.COMPLETED, 4)]
    assert "Removed `in-progress`." in summary(a_merged(), close=False)


def _actions(snapshot: Snapshot, **config: object) -> list[CompleteVision | RepairMerged]:
    cfg = settings(**config)
    return story_actions(snapshot, cfg, worked_out(snapshot, cfg).facts)


def with_merged(story: MergedSprint, *, in_progress: bool, updated: datetime = T0) -> Snapshot:
    return replace(a_snapshot(visions=[a_vision(in_progress=in_progress, updated=updated)]),
                   merged=(story,))


def test_a_done_story_completes_its_labelled_vision() -> None:
    story = a_merged()
    assert _actions(with_merged(story, in_progress=True)) == [CompleteVision(story, close=True)]
    assert _actions(with_merged(story, in_progress=True), close_vision_when_done=False) == [
        CompleteVision(story, close=False)]


def test_a_done_story_without_the_label_is_over_unless_the_vision_is_to_be_closed() -> None:
    story = a_merged()
    assert _actions(with_merged(story, in_progress=False)) == [CompleteVision(story, close=True)]
    assert _actions(with_merged(story, in_progress=False), close_vision_when_done=False) == []
    summarized = a_merged(summarized_at=at(10))
    reopened = with_merged(summarized, in_progress=False, updated=at(20))
    # A human reopened the vision after its summary: the architect leaves it alone.
    assert _actions(reopened, close_vision_when_done=True) == []


def test_an_unfinished_story_gets_its_label_and_its_branch_repaired() -> None:
    story = a_merged(done=False, branch_left=True)
    assert _actions(with_merged(story, in_progress=False)) == [
        RepairMerged(VISION, 4, label=True, branch=True)]
    assert _actions(with_merged(a_merged(done=False), in_progress=True)) == []


def test_a_vision_with_an_open_sprint_again_has_no_story_action() -> None:
    snapshot = replace(a_snapshot(visions=[a_vision()],
                                  sprints=[a_sprint_pr(SprintState.AWAITING_DECISION,
                                                       number=9)]),
                       merged=(a_merged(done=False),))
    assert _actions(snapshot) == []

