"""The end of a vision's story: its summary when every sub-issue is closed, and the
repairs of a merged sprint (the `in-progress` label lost, its branch left behind)."""

from __future__ import annotations

from collections.abc import Sequence

from architect.core.actions import CompleteVision, RepairMerged
from architect.core.markers import StoryEvent, StoryMark, marks_of
from architect.core.sprint import branch_for
from architect.core.story import summary
from architect.forge.models import Comment
from architect.forge.protocol import Forge
from architect.shell import writes
from architect.shell.logs import outcome_log
from architect.shell.steps.hands import Hands
from architect.shell.steps.registry import performs

# What the step did: each line reads "would: …" in a dry run (shell/logs.py).
log = outcome_log


@performs(CompleteVision)
def complete_vision(hands: Hands, action: CompleteVision) -> None:
    """Label off, summary on, vision closed: each an ensure, the close last."""
    forge, filer, filer_login, config = hands.forge, hands.filer, hands.filer_login, hands.config
    merged = action.merged
    repo, number = config.repo, merged.vision_number
    writes.ensure_no_label(filer, repo, number, config.architect.in_progress_label)
    if merged.branch_left:
        writes.ensure_branch_deleted(forge, config.ops_repo, branch_for(number))
    mark = StoryMark(StoryEvent.COMPLETED, merged.pr.number)
    comments = filer.list_comments(repo, number)
    posted = writes.ensure_comment(filer, repo, number, summary(merged, close=action.close),
                                   bot_login=filer_login, mark=mark, existing=comments)
    if action.close and (posted or not _reopened(filer, repo, number, comments, filer_login)):
        filer.edit_issue(repo, number, state="closed")
        log.info("vision #%d: every sub-issue closed; summarized and closed", number)


def _reopened(filer: Forge, repo: str, number: int, comments: Sequence[Comment],
              login: str) -> bool:
    """Whether a human reopened the vision after the summary (then it stays open).

    A tick that died between the summary and the close leaves the summary as the
    vision's last event; a reopen moves `updated_at` past it (whole seconds).
    """
    marked = [c for c, m in marks_of(StoryMark, comments, login) if m.event is StoryEvent.COMPLETED]
    if not marked:
        return False
    vision = filer.get_issue(repo, number)
    said = max(c.created_at for c in marked).replace(microsecond=0)
    return vision.updated_at.replace(microsecond=0) > said


@performs(RepairMerged)
def repair_merged(hands: Hands, action: RepairMerged) -> None:
    forge, filer, config = hands.forge, hands.filer, hands.config
    if action.label:
        writes.ensure_label(filer, config.repo, action.vision_number,
                            config.architect.in_progress_label)
    if action.branch:
        writes.ensure_branch_deleted(forge, config.ops_repo, branch_for(action.vision_number))
