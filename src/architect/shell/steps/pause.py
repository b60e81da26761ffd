"""Steps of a paused sprint: the pause note and the resume note of a vision that slipped,
and the replies to a person's HOLD and RESUME.

The note is the pause: its time starts `stop_after`, and a tick killed before it
posts it on the next one. Nothing else is written: the PR, its branch, the
sprint file and the answered forks stay as they are, so a vision back in time
resumes the sprint with everything kept.
"""

from __future__ import annotations

from architect.core.actions import HoldReplies, PauseSprint, ResumeSprint
from architect.core.markers import PausedMark, ResumedMark, UnclearMark
from architect.core.slip import paused_note, resumed_note
from architect.durations import format_duration
from architect.shell import writes
from architect.shell.logs import outcome_log
from architect.shell.steps.hands import Hands
from architect.shell.steps.registry import performs

# What the step did: each line reads "would: …" in a dry run (shell/logs.py).
log = outcome_log


@performs(PauseSprint)
def pause_sprint(hands: Hands, action: PauseSprint) -> None:
    s, number = hands.config.architect, action.sprint.pr.number
    note = paused_note(action.reason, action.since, format_duration(s.stop_after),
                       s.vision_label)
    writes.ensure_comment(hands.forge, hands.ops, number, note, bot_login=hands.bot,
                          mark=PausedMark(action.since), existing=action.sprint.comments)
    log.info("PR #%d: paused: %s", number, action.reason)


@performs(ResumeSprint)
def resume_sprint(hands: Hands, action: ResumeSprint) -> None:
    number = action.sprint.pr.number
    writes.ensure_comment(hands.forge, hands.ops, number, resumed_note(action.pause),
                          bot_login=hands.bot, mark=ResumedMark(action.pause),
                          existing=action.sprint.comments)
    log.info("PR #%d: resumed, its vision is back", number)


@performs(HoldReplies)
def reply_to_hold(hands: Hands, action: HoldReplies) -> None:
    """Each reply carries the comment it answers (`unclear comment=`): posted once, and
    the view counts that comment as answered (`SprintView.replied`)."""
    number = action.sprint.pr.number
    for reply in action.replies:
        mark = UnclearMark(reply.source_id, review=reply.review)
        writes.ensure_comment(hands.forge, hands.ops, number,
                              f"{reply.text}\n\n{mark.render()}", bot_login=hands.bot,
                              mark=mark, existing=action.sprint.comments)
        log.info("PR #%d: replied to %s %d (on hold / resumed)", number,
                 "review" if reply.review else "comment", reply.source_id)
