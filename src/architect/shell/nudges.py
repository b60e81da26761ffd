"""Write a reminder or a parking on a sprint PR whose questions wait, and take it back.

Parking puts the label on, then its note: the note is the mark the next tick
reads as "parked this round" (`nudge.with_clock`), so a tick killed between the
two finishes the note, and a label a human takes off stays off.
"""

from __future__ import annotations

from datetime import datetime

from architect.core.actions import NudgeSprint, UnparkSprint
from architect.core.markers import ParkedMark, ReminderMark
from architect.core.nudge import parked_note, reminder
from architect.core.sprint import PARKED_LABEL
from architect.forge.protocol import Forge
from architect.shell import writes
from architect.shell.logs import outcome_log

# What the step did: each line reads "would: …" in a dry run (shell/logs.py).
log = outcome_log


def nudge(forge: Forge, ops: str, bot: str, action: NudgeSprint, now: datetime) -> None:
    sprint, number = action.sprint, action.sprint.pr.number
    waited = now - action.asked_at
    if not action.park:
        writes.ensure_comment(forge, ops, number, reminder(action, waited), bot_login=bot,
                              mark=ReminderMark(action.round), existing=sprint.comments)
        log.info("PR #%d: reminded about the open questions", number)
        return
    writes.ensure_label(forge, ops, number, PARKED_LABEL)
    writes.ensure_comment(forge, ops, number, parked_note(action, waited), bot_login=bot,
                          mark=ParkedMark(action.round), existing=sprint.comments)
    log.info("PR #%d: parked after %d days without an answer", number, waited.days)


def unpark(forge: Forge, ops: str, action: UnparkSprint) -> None:
    writes.ensure_no_label(forge, ops, action.sprint.pr.number, PARKED_LABEL)
    log.info("PR #%d: unparked", action.sprint.pr.number)
