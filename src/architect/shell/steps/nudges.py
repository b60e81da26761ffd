"""Write a reminder or a parking on a sprint PR whose questions wait, and take it back.

Parking puts the label on, then its note: the note is the mark the next tick
reads as "parked this round" (`nudge.with_clock`), so a tick killed between the
two finishes the note, and a label a human takes off stays off.
"""

from __future__ import annotations

from architect.core.actions import NudgeSprint, UnparkSprint
from architect.core.markers import ParkedMark, ReminderMark
from architect.core.nudge import parked_note, reminder
from architect.core.sprint import PARKED_LABEL
from architect.shell import writes
from architect.shell.logs import outcome_log
from architect.shell.steps.hands import Hands
from architect.shell.steps.registry import performs

# What the step did: each line reads "would: …" in a dry run (shell/logs.py).
log = outcome_log


@performs(NudgeSprint)
def nudge_sprint(hands: Hands, action: NudgeSprint) -> None:
    forge, ops, bot = hands.forge, hands.ops, hands.bot
    sprint, number = action.sprint, action.sprint.pr.number
    waited = hands.snapshot.now - action.asked_at
    if not action.park:
        writes.ensure_comment(forge, ops, number, reminder(action, waited), bot_login=bot,
                              mark=ReminderMark(action.round), existing=sprint.comments)
        log.info("PR #%d: reminded about the open questions", number)
        return
    writes.ensure_label(forge, ops, number, PARKED_LABEL)
    writes.ensure_comment(forge, ops, number, parked_note(action, waited), bot_login=bot,
                          mark=ParkedMark(action.round), existing=sprint.comments)
    log.info("PR #%d: parked after %d days without an answer", number, waited.days)


@performs(UnparkSprint)
def unpark_sprint(hands: Hands, action: UnparkSprint) -> None:
    writes.ensure_no_label(hands.forge, hands.ops, action.sprint.pr.number, PARKED_LABEL)
    log.info("PR #%d: unparked", action.sprint.pr.number)
