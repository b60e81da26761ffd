"""Steps that end a sprint without filing: a rejection, a stop, a PR a human closed."""

from __future__ import annotations

from contextlib import suppress

from architect.core import render
from architect.core.actions import NoteBranchGone, NoteClosedSprint, RejectSprint, StopSprint
from architect.core.markers import BranchGoneMark, RejectedMark, marks_of
from architect.core.sprint import branch_for, vision_title_of
from architect.core.text import one_line
from architect.core.view import Signal, SprintPR
from architect.errors import ForgeNotFound
from architect.shell import writes
from architect.shell.journal import JournalEntry
from architect.shell.logs import outcome_log
from architect.shell.steps.hands import Hands
from architect.shell.steps.registry import performs

# What the step did: each line reads "would: …" in a dry run (shell/logs.py).
log = outcome_log


@performs(RejectSprint)
def reject_sprint(hands: Hands, action: RejectSprint) -> None:
    sprint, signal = action.sprint, action.signal
    _close_rejected(hands, sprint, render.rejected_comment(signal.text, signal.login),
                    render.rejection_notice(sprint.pr.number, signal.text, signal.login), signal)
    log.info("PR #%d: closed after rejection by @%s", sprint.pr.number, signal.login)


@performs(StopSprint)
def stop_sprint(hands: Hands, action: StopSprint) -> None:
    sprint, label = action.sprint, hands.config.architect.vision_label
    _close_rejected(hands, sprint, render.stopped_comment(action.reason),
                    render.stopped_notice(sprint.pr.number, action.reason, label),
                    Signal(hands.bot, action.reason, 0))
    log.info("PR #%d: stopped: %s", sprint.pr.number, action.reason)


@performs(NoteBranchGone)
def note_branch_gone(hands: Hands, action: NoteBranchGone) -> None:
    pr = action.sprint.pr
    writes.ensure_comment(hands.forge, hands.ops, pr.number, render.branch_gone_comment(
        pr.head.label), bot_login=hands.bot, mark=BranchGoneMark(),
        existing=action.sprint.comments)
    log.info("PR #%d: reopened without its branch: noted", pr.number)


@performs(NoteClosedSprint)
def note_closed_sprint(hands: Hands, action: NoteClosedSprint) -> None:
    """A rejection without a reason; removing `in-progress` is the last write, the
    mark that it was answered (the tick reads such PRs only while the label is on)."""
    sprint, pr, by = action.sprint, action.sprint.pr, action.by
    number, repo = sprint.vision_number, hands.config.repo
    if action.merged:
        writes.ensure_comment(hands.forge, hands.ops, pr.number,
                              render.merged_unfiled_comment(by, number, repo=repo),
                              bot_login=hands.bot, mark=RejectedMark(), existing=sprint.comments)
    _tell_vision(hands, number, render.closed_notice(pr.number, by, merged=action.merged,
                                                     reason=action.reason),
                 RejectedMark(pr.number, action.reason,
                              how="merged" if action.merged else "closed"))
    said = ("merged before its sub-issues were filed; nothing was filed"
            if action.merged else f"closed: {action.reason}" if action.reason
            else "closed without a REJECT: reason")
    hands.journal(JournalEntry(pr.created_at, pr.number, number,
                               vision_title_of(pr.title),
                               "merged" if action.merged else "rejected", f"By @{by}: {said}",
                               human=bool(action.reason) and not action.merged))
    writes.ensure_no_label(hands.filer, repo, number, hands.config.architect.in_progress_label)
    log.info("PR #%d: %s by @%s; noted on vision #%d", pr.number,
             "merged before filing" if action.merged else "closed", by, number)


def _close_rejected(hands: Hands, sprint: SprintPR, pr_note: str, vision_note: str,
                    signal: Signal) -> None:
    pr, vision_number = sprint.pr, sprint.vision_number
    forge, ops, repo = hands.forge, hands.ops, hands.config.repo
    writes.ensure_comment(forge, ops, pr.number, pr_note, bot_login=hands.bot,
                          mark=RejectedMark(), existing=sprint.comments)
    writes.ensure_no_label(hands.filer, repo, vision_number,
                           hands.config.architect.in_progress_label)
    # A vision deleted or moved away must not keep its sprint PR open forever.
    with suppress(ForgeNotFound):
        _tell_vision(hands, vision_number, vision_note,
                     RejectedMark(pr.number, signal.text, stop=signal.login == hands.bot))
    # Deleting the head branch closes the PR on Forgejo (CloseBranchPulls), after which
    # it is never read again: everything local happens before.
    _journal_rejection(hands, sprint, signal)
    # Once deleted, head.ref reads refs/pull/N/head; the branch name is ours to know.
    writes.ensure_branch_deleted(forge, ops, branch_for(vision_number))
    if forge.get_pull(ops, pr.number).state == "open":
        forge.edit_pull(ops, pr.number, state="closed")


def _journal_rejection(hands: Hands, sprint: SprintPR, signal: Signal) -> None:
    pr = sprint.pr
    title = vision_title_of(pr.title)
    # The architect stops a sprint itself when its vision changed: no lesson in that.
    stopped = signal.login == hands.bot
    said = (f"Stopped: {signal.text}" if stopped
            else f"Rejected by @{signal.login}: {signal.text or '(no reason given)'}")
    human = not stopped and bool(signal.text)
    lesson = "" if not human else (
        f"Sprint \"{one_line(title, 80)}\" (PR #{pr.number}) was rejected: "
        f"{one_line(signal.text, 300)}")
    hands.journal(JournalEntry(pr.created_at, pr.number, sprint.vision_number, title,
                               "rejected", said, human=human), lesson)


def _tell_vision(hands: Hands, number: int, note: str, mark: RejectedMark) -> None:
    """One note on the vision per sprint PR; a reason given later (a `REJECT: not now`
    after a close without one and a reopen) replaces the note that had none, so the
    vision, the dashboard and the next pitch read the reason."""
    forge, repo = hands.filer, hands.config.repo
    comments = forge.list_comments(repo, number)
    said = [c for c, m in marks_of(RejectedMark, comments, hands.filer_login)
            if m.pr == mark.pr and not m.reason]
    if said and mark.reason:
        forge.edit_comment(repo, said[-1].id, note)
        return
    writes.ensure_comment(forge, repo, number, note, bot_login=hands.filer_login, mark=mark,
                          existing=comments)
