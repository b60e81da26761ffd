"""Steps that end a sprint well: plan and file its sub-issues, then record and merge."""

from __future__ import annotations

from collections.abc import Collection
from functools import partial

from architect.core import render
from architect.core.actions import FileSprint, FinishSprint, Written
from architect.core.filing import check_plan, filing_order
from architect.core.filing_replies import applied, read_replies
from architect.core.ledger import Ledger
from architect.core.markers import PlanMark, StoryEvent, StoryMark, marks_of
from architect.core.model_output import clean_sub
from architect.core.overlap import OpenIssue, PlannedItem, find_overlaps
from architect.core.schemas import SubIssue, SubIssuePlan
from architect.core.sprint import branch_for
from architect.core.story import filed_notice
from architect.errors import ConfigError, ForgeNotFound
from architect.forge.models import Comment
from architect.runners.base import Mode
from architect.shell import writes
from architect.shell.backlog import near_backlog
from architect.shell.filing_record import FilingRecord
from architect.shell.journal import JournalEntry
from architect.shell.logs import outcome_log
from architect.shell.steps.hands import Hands, session_key
from architect.shell.steps.registry import performs
from architect.shell.steps.sub_filing import Filing, file_each, filed_before

# What the step did: each line reads "would: …" in a dry run (shell/logs.py).
log = outcome_log


@performs(FileSprint)
def file_sprint(hands: Hands, action: FileSprint) -> Written:
    sprint, number = action.sprint, action.sprint.pr.number
    labels = {label.name: label.id for label in hands.labels()}
    subs, plan_comment = action.plan, action.plan_comment
    fresh = subs is None or plan_comment is None
    posted: tuple[Comment, ...] = ()
    if subs is None or plan_comment is None:
        planned = _plan(hands, action, labels)
        if isinstance(planned, Comment):  # the filing check failed; it says why
            return Written(sprint, (planned,), None)
        subs, plan_comment = planned
        posted = (plan_comment,)
        hands.planned.add(number)
    record = _file_subs(hands, action, subs, plan_comment, labels, fresh=fresh)
    numbers = tuple(record.done[s.id] for s in subs)
    # The list itself is logged once, by the finish that follows (`FinishSprint.describe`).
    log.info("PR #%d: filed %d sub-issues", number, len(numbers))
    return Written(sprint, (*posted, _filed(hands, number, record, numbers)), None)


def _filed(hands: Hands, pr: int, record: FilingRecord, numbers: tuple[int, ...]) -> Comment:
    """The plan comment, its filing done, becomes `Sprint filed:`: one comment says what
    was filed. A plan comment deleted meanwhile gets a new comment instead."""
    titles = {n: s.title for s, n in zip(record.subs, numbers, strict=True)}
    body = render.filed_comment(numbers, repo=hands.config.repo, titles=titles,
                                plan=PlanMark(record.subs, tuple(record.done.items())),
                                overlaps=render.overlaps_of(record.comment.body))
    try:
        return hands.forge.edit_comment(hands.ops, record.comment.id, body)
    except ForgeNotFound:
        return hands.forge.create_comment(hands.ops, pr, body)


def _plan(hands: Hands, action: FileSprint,
          labels: dict[str, int]) -> tuple[tuple[SubIssue, ...], Comment] | Comment:
    """The model's plan, checked; posted as the plan, or the check's problems as a comment."""
    sprint, number, settings = action.sprint, action.sprint.pr.number, hands.config.architect
    vision = hands.vision(sprint.vision_number)
    # Withdrawn follow-ups were decided for an option no longer chosen: not for the plan.
    ledger = action.brief.ledger
    live = {"ledger": ledger.live} if ledger is not None else {}
    near = partial(near_backlog, hands.forge, hands.config.repo, sprint.vision_number,
                   action.slug)
    like_vision = near([vision.title])
    plan = hands.ask(Mode.FILE, SubIssuePlan, hands.inputs(
        vision, (number, action.brief), new_comments=action.heard,
        backlog_titles=tuple(i.title for i in like_vision),
        filing_problems=action.problems, **live), session_key=session_key(number))
    # "drop both", "keep #3: it differs because …": the people's reply to the last check.
    reply = read_replies([c.body for c in action.heard], action.problems)
    subs = applied(tuple(clean_sub(s) for s in plan.sub_issues), reply)
    # A plan over the limit fails the check whatever else it finds: no search past it.
    found = {i.number: i for i in (*like_vision,
                                   *near([s.title for s in subs[:settings.max_sub_issues]]))}
    open_issues = [found[n] for n in sorted(found)]
    problems = _problems(hands, subs, labels, open_issues, kept=reply.keep.keys())
    if problems:
        check = hands.forge.create_comment(hands.ops, number, render.filing_problem_comment(
            problems, seen=action.seen))
        log.warning("PR #%d: filing check failed: %s", number, "; ".join(problems))
        return check
    overlaps = find_overlaps([PlannedItem(s.id, s.title, f"{s.problem}\n{s.proposed_solution}")
                              for s in subs], open_issues, threshold=settings.overlap_threshold)
    comment = hands.forge.create_comment(hands.ops, number, render.plan_comment(
        subs, near=overlaps, repo=hands.config.repo))
    return subs, comment


def _problems(hands: Hands, subs: tuple[SubIssue, ...], labels: dict[str, int],
              open_issues: list[OpenIssue], *, kept: Collection[str] = ()) -> list[str]:
    settings, repo = hands.config.architect, hands.config.repo
    problems = check_plan(subs, max_sub_issues=settings.max_sub_issues,
                          known_labels=labels.keys(), backlog=open_issues, kept=kept)
    if settings.backlog_label not in labels:
        problems.append(f"The label `{settings.backlog_label}` does not exist on {repo}; "
                        "run `architect init` to create it.")
    return problems


def _file_subs(hands: Hands, action: FileSprint, subs: tuple[SubIssue, ...],
               plan_comment: Comment, labels: dict[str, int], *, fresh: bool) -> FilingRecord:
    repo = hands.config.repo
    record = FilingRecord(hands.forge, hands.ops, plan_comment, subs, hands.bot,
                          project=repo)
    filing = Filing(action.sprint.vision_number, action.slug, action.sprint.pr.html_url,
                    labels, action.brief.ledger or Ledger())
    # Issues filed for a plan were created after it was posted; a plan posted in this very
    # call has none yet, and a complete record needs no lookup.
    if not (fresh or record.complete):
        record.note(filed_before(hands, filing, since=plan_comment.created_at))
    backlog = hands.config.architect.backlog_label
    if backlog not in labels and not record.complete:
        raise ConfigError(f"the label '{backlog}' does not exist on {repo}: run "
                          "`architect init` to create it")
    file_each(hands, filing, filing_order(subs), done=record.done,
              note=lambda sub_id, number: record.note({sub_id: number}))
    return record


@performs(FinishSprint)
def finish_sprint(hands: Hands, action: FinishSprint) -> None:
    filed = action.filed  # from the bot's own "Sprint filed" marker
    hands.sync(action.sprint, action.slug, action.ledger, filed)
    pr = action.sprint.pr
    # The journal (idempotent) and the session go before the merge: a merged PR is
    # no longer read, so whatever follows a merge whose answer was lost never happens.
    vision = hands.vision(action.sprint.vision_number)
    decisions = render.forks_section(action.ledger) if action.ledger else "No design forks."
    first = hands.planned_here(pr.number)
    hands.journal(JournalEntry(pr.created_at, pr.number, vision.number, vision.title, "merged",
                               f"Filed: {' '.join(f'#{n}' for n in filed)}\n\n{decisions}"),
                  first=first)
    hands.tell_vision(vision.number, filed_notice(pr.number, filed,
                                                  _titles(action.sprint.comments, hands.bot,
                                                          filed)),
                      StoryMark(StoryEvent.FILED, pr.number), first=first)
    # The merge commit lands on the ops repo: its references are qualified too.
    message = f"Sprint filed: {' '.join(render.issue_ref(hands.config.repo, n) for n in filed)}"
    if writes.merge_when_ready(hands.forge, hands.ops, pr.number, message=message,
                               wait=hands.wait):
        log.info("PR #%d: merged", pr.number)
        # Missed here (a lost answer), the next tick's RepairMerged deletes it.
        writes.ensure_branch_deleted(hands.forge, hands.ops, branch_for(vision.number))


def _titles(comments: tuple[Comment, ...], bot: str, filed: tuple[int, ...]) -> dict[int, str]:
    """Each filed issue's title: the filing files the plan's sub-issues and lists their
    numbers in the plan's order (`_file_subs`), so the plan alone names them."""
    plans = [plan for _, plan in marks_of(PlanMark, comments, bot)]
    if not plans or len(plans[-1].subs) != len(filed):
        return {}
    return {number: sub.title for sub, number in zip(plans[-1].subs, filed, strict=True)}
