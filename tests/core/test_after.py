"""The snapshot as the tick left it (`core.after`): the tick's writes folded into what
it read, as the next read would find them. Pure: builders, no forge."""

from __future__ import annotations

from architect.core.after import Wrote, after
from architect.core.sprint import branch_for
from architect.core.table import SprintState
from tests.builders import (
    BOT,
    OPS,
    PROJECT,
    VISION,
    a_comment,
    a_label,
    a_pull,
    a_snapshot,
    a_sprint_pr,
    a_vision,
)


def test_the_fold_opens_comments_and_closes_as_the_next_read_would() -> None:
    vision = a_vision(in_progress=False)
    snapshot = a_snapshot(visions=[vision])
    pr = a_pull(VISION, number=9, title=vision.title)
    footer = a_comment("footer", by=BOT, id_=900, on=f"{OPS}/pulls/9")
    labelled = (a_label("vision"), a_label("in-progress"))
    opened = after(snapshot, [Wrote(OPS, 9, pull=pr), Wrote(OPS, 9, comment=footer),
                              Wrote(PROJECT, VISION, labels=labelled)],
                   repo=PROJECT, ops_repo=OPS)
    (sprint,) = opened.sprints
    assert sprint.pr.number == 9 and sprint.comments == (footer,)
    assert "in-progress" in opened.vision(VISION).label_names  # type: ignore[union-attr]
    note = a_comment("rejected", by=BOT, id_=901, on=f"{PROJECT}/issues/{VISION}")
    closed = after(opened, [Wrote(PROJECT, VISION, comment=note),
                            Wrote(OPS, 0, deleted_branch=branch_for(VISION))],
                   repo=PROJECT, ops_repo=OPS)
    assert closed.sprints == ()
    (history,) = [h for h in closed.candidates if h.vision.number == VISION]
    assert [p.state for p in history.sprint_prs] == ["closed"]
    assert note in history.vision_comments and VISION in closed.verdicts  # judged again


def test_a_merge_moves_the_sprint_to_the_merged_with_its_filed_issues() -> None:
    sprint = a_sprint_pr(SprintState.AWAITING_DECISION, vision=VISION + 2, number=7)
    snapshot = a_snapshot(sprints=[sprint])
    body = sprint.pr.body + "\n\n## Filed: #11 #12\n"
    edited = sprint.pr.model_copy(update={"body": body})
    left = after(snapshot, [Wrote(OPS, sprint.pr.number, pull=edited),
                            Wrote(OPS, sprint.pr.number, merged=True)],
                 repo=PROJECT, ops_repo=OPS)
    assert left.sprints == ()
    (merged,) = left.merged
    assert merged.filed == (11, 12) and merged.progress.startswith("sub-issues: 0 of 2")
