"""Steps that re-plan a filed sprint: propose, drop, reply, remind (`replan_apply`
applies an accepted proposal)."""

from __future__ import annotations

from architect.core import markers
from architect.core.actions import (
    DropReplan,
    NudgeReplan,
    ProposeReplan,
    ReplyAfterFiling,
)
from architect.core.replan import payload, rejects_all
from architect.core.replan_render import dropped_comment as dropped_text
from architect.core.replan_render import (
    failed_comment,
    filed_listing,
    proposal_comment,
    reminder_comment,
    shape,
)
from architect.core.replan_schema import ReplanProposal
from architect.core.replan_subs import state_digest
from architect.errors import InvalidModelOutput
from architect.runners.base import Mode
from architect.shell import writes
from architect.shell.logs import outcome_log
from architect.shell.steps.hands import Hands
from architect.shell.steps.registry import performs

# What the step did: each line reads "would: …" in a dry run (shell/logs.py).
log = outcome_log


# -- propose ------------------------------------------------------------------

@performs(ProposeReplan)
def propose_replan(hands: Hands, action: ProposeReplan) -> None:
    sprint, number = action.sprint, action.sprint.pr.number
    # The words as written (who wrote them comes with `new_comments`).
    request = "\n\n".join(r.body.strip() for r in action.requests)
    inputs = hands.inputs(hands.vision(sprint.vision_number), pr_number=number,
                          ledger=action.ledger, filed_issues=action.subs,
                          replan_request=request, new_comments=action.requests)
    try:
        raw = hands.ask(Mode.REPLAN, ReplanProposal, inputs)
    except InvalidModelOutput as exc:
        failed = markers.ReplanDoneMark(action.n, "failed", {"seen": action.seen})
        writes.ensure_comment(hands.forge, hands.ops, number,
                              failed_comment(n=action.n, error=str(exc), mark=failed),
                              bot_login=hands.bot, mark=failed, existing=sprint.comments)
        log.error("PR #%d: re-plan %d: the model's answer was invalid: %s", number, action.n,
                  exc)
        return
    if rejects_all(action.requests, hands.bot) and raw.add:
        raw = raw.model_copy(update={"add": []})  # dropping the plan adds nothing
    plan, notes = shape(raw, action.subs, max_sub_issues=hands.config.architect.max_sub_issues)
    mark = markers.ReplanMark(action.n, action.seen, state_digest(action.subs),
                              payload(plan, action.ledger, action.requests, action.rebuilt))
    body = proposal_comment(plan, n=action.n, repo=hands.config.repo,
                            titles={s.number: s.title for s in action.subs},
                            requests=action.requests, before=action.before, after=action.ledger,
                            notes=notes, rebuilt=action.rebuilt, mark=mark)
    writes.ensure_comment(hands.forge, hands.ops, number, body, bot_login=hands.bot, mark=mark,
                          existing=sprint.comments)
    log.info("PR #%d: re-plan %d proposed: %d to close, %d to edit, %d to add, %d left alone",
             number, action.n, len(plan.close), len(plan.edit), len(plan.add),
             len(plan.left_alone))


# -- drop, reply, remind --------------------------------------------------------

@performs(DropReplan)
def drop_replan(hands: Hands, action: DropReplan) -> None:
    mark = markers.ReplanDoneMark(action.n, "dropped", {"seen": action.seen})
    writes.ensure_comment(hands.forge, hands.ops, action.sprint.pr.number, dropped_text(
        n=action.n, by=action.by, reason=action.reason, mark=mark), bot_login=hands.bot,
        mark=mark, existing=action.sprint.comments)


@performs(ReplyAfterFiling)
def reply_after_filing(hands: Hands, action: ReplyAfterFiling) -> None:
    listing = filed_listing(hands.config.repo, hands.config.forge_url, action.filed)
    for said, text, login in action.replies:
        mark = markers.ReplanReplyMark(said.id, login)
        writes.ensure_comment(hands.forge, hands.ops, action.sprint.pr.number,
                              f"{text}\n\n{listing}\n\n{mark.render()}", bot_login=hands.bot,
                              mark=mark, existing=action.sprint.comments)


@performs(NudgeReplan)
def nudge_replan(hands: Hands, action: NudgeReplan) -> None:
    mark = markers.ReplanReminderMark(action.n)
    writes.ensure_comment(hands.forge, hands.ops, action.sprint.pr.number, reminder_comment(
        n=action.n, whom=action.whom, mark=mark), bot_login=hands.bot, mark=mark,
        existing=action.sprint.comments)
