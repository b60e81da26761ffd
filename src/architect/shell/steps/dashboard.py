"""The dashboard's steps: a ticked box answered, the architect paused or resumed.

The answer is the mark that the box was done (`SteeredMark`), so it is the
step's last write. Pausing and resuming write nothing here: the pause is the
mark the render writes on the dashboard, and the local hint that lets a paused
tick read nothing but its dashboard is the save step's (shell/tick.save_step),
written once the tick is over, from the plan.
"""

from __future__ import annotations

import logging

from architect.core.actions import AnswerBox, PauseArchitect, ResumeArchitect
from architect.shell.logs import outcome_log
from architect.shell.steps.hands import Hands
from architect.shell.steps.registry import performs
from architect.shell.writes import ensure_comment, ensure_no_label, has_mark

log = logging.getLogger("architect")


@performs(AnswerBox)
def answer_box(hands: Hands, action: AnswerBox) -> None:
    repo = hands.ops if action.on_ops else hands.config.repo
    outcome_log.info("dashboard: %s", action.kind)
    if action.remove_label:  # first: the answer is the mark that the box was done
        ensure_no_label(hands.forge, repo, action.number, action.remove_label)
    if action.on_ops:
        ensure_comment(hands.forge, repo, action.number, action.text, bot_login=hands.bot,
                       mark=action.mark)
        return
    comments = hands.forge.list_comments(repo, action.number)
    if not has_mark(comments, hands.bot, action.mark):
        hands.answered[action.number] = hands.forge.create_comment(repo, action.number,
                                                                   action.text)


@performs(PauseArchitect)
def pause_architect(_hands: Hands, _action: PauseArchitect) -> None:
    outcome_log.info("dashboard: paused (kept as a mark on the dashboard)")


@performs(ResumeArchitect)
def resume_architect(_hands: Hands, _action: ResumeArchitect) -> None:
    outcome_log.info("dashboard: resumed")
