"""One tick, one pass: look → read → decide → apply → render → save (DESIGN.md §5).

`run_tick` is the imperative shell around the pure plan (`core.steer.plan`:
the tables, the dashboard's boxes among the signals). Nothing plans twice: the
dashboard is rendered once, from the snapshot with the tick's own writes
folded in (`core.after`). The forge client, the runner and the clock come in
as arguments, so a tick runs unchanged against a real Forgejo, the embedded
forge, or a test.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from architect.config import ProjectConfig
from architect.core.actions import Action, DashboardAction
from architect.core.after import Wrote, after, replans_after, views_after
from architect.core.cursor import Kept, Look, carried_dashboard, carried_visions
from architect.core.dashboard import Finished, Seen
from architect.core.deadlines import next_deadline
from architect.core.decide import Decision
from architect.core.inputs import PlannerInputs, ProjectContext, VisionInput
from architect.core.schemas import LessonsDigest
from architect.core.setup_lines import empty_repo_line
from architect.core.snapshot import Snapshot
from architect.core.sprint import advance, view_of
from architect.core.steer import Plan, plan, settled_pause
from architect.core.table import ROWS, SPRINT_TABLE, sprint_step
from architect.core.visions import worked_out
from architect.errors import (
    ArchitectError,
    ForgeNotFound,
    ForgeRepoEmpty,
    ForgeUnavailable,
    ModelNotAsked,
    RunnerError,
)
from architect.forge.models import Issue
from architect.forge.protocol import Forge
from architect.runners.base import Mode, Runner, Usage
from architect.shell import dashboard, guards, pause
from architect.shell.apply import apply
from architect.shell.asking import Asker, spent
from architect.shell.changes import Changes, look, why_full
from architect.shell.context import TickContext
from architect.shell.dry_forge import DryForge
from architect.shell.forge_facts import (
    Preflight,
    ProjectLabels,
    missing_vision_label,
    ops_branches,
)
from architect.shell.journal import digest_journal
from architect.shell.logs import dry_run_outcomes
from architect.shell.recorded import Recorded
from architect.shell.snapshot import read_snapshot
from architect.shell.spend import MonthSpend, read_spend
from architect.shell.steps.hands import Hands

log = logging.getLogger("architect")


@dataclass
class TickReport:
    decision: Decision
    applied: list[Action] = field(default_factory=list)
    failed: list[tuple[Action, str]] = field(default_factory=list)
    # Stopped before the model was asked: the forge would refuse the result (setup problems).
    blocked: list[tuple[Action, str]] = field(default_factory=list)
    setup_notes: list[str] = field(default_factory=list)  # why there may be nothing to do
    usage: Usage = field(default_factory=Usage)
    model_calls: int = 0
    forge_down: bool = False
    incremental: bool = False  # nothing changed since the last full read: nothing was read
    # The dashboard was due a render that did not happen (a request failed, or the tick
    # stopped first): the tick is not settled, and the next one reads fully and renders.
    render_missed: bool = False

    @property
    def ok(self) -> bool:
        return not self.failed and not self.blocked

    @property
    def settled(self) -> bool:
        """Nothing left for the next tick to retry: every action and the render done."""
        return self.ok and not self.render_missed


@dataclass(frozen=True)
class Read:
    """What one tick read: the snapshot, the dashboard as a fact of it, the context."""

    snapshot: Snapshot
    context: TickContext
    labels: ProjectLabels  # the project repo's, read at most once a tick
    dashboard: Issue | None = None
    seen: Seen | None = None  # None: no dashboard kept (`dashboard = false`), or unread
    # The sprints the last render showed open that the forge says ended since (read here,
    # so that the render reads nothing); None: not read, so the render waits a tick.
    finished: tuple[Finished, ...] | None = ()
    filer_login: str = ""
    # When the forge last listed the visions; None: this read listed them.
    carried_since: datetime | None = None
    # The month's model spend from the runner's session files, read here for the render.
    spend: MonthSpend | None = None

    def kept(self, config: ProjectConfig, *, stale: bool = False) -> Kept:
        """What the cursor carries to the next read (`stale`: not the visions)."""
        return Kept(None if stale else self.snapshot.visions,
                    self.carried_since or self.snapshot.now, config.repo,
                    config.architect.vision_label, self.dashboard, config.ops_repo)


def read_tick(forge: Forge, config: ProjectConfig, now: datetime, *,
              filer: Forge | None = None, looked: Look | None = None,
              every: timedelta | None = None) -> Read:
    """Step 2 of a tick: one snapshot, the dashboard's body and ticked boxes included.

    After a look (`looked`), the visions and the dashboard come from the cursor with
    the look's changes laid over them (`core.cursor`), while they may: the visions while
    their label is still the repo's (deleting or renaming a label moves no issue), the
    dashboard unless the look read it afresh for a pause."""
    filer_login = filer.current_user().login if filer is not None else ""
    bot = forge.current_user()
    context = TickContext(forge, config, bot)
    labels = ProjectLabels(filer or forge, config.repo)
    kept = _carried_visions(config, now, looked, every, labels)

    def snapshot_of(visions: tuple[Issue, ...] | None) -> Snapshot:
        return read_snapshot(forge, config, now=now, bot=bot,
                             prerequisites=lambda: context.prerequisites,
                             filer_login=filer_login, visions=visions,
                             changed=_changed_issues(config, looked))

    try:
        snapshot = snapshot_of(kept.visions if kept is not None else None)
    except ForgeNotFound as exc:
        if kept is None:
            raise
        # A carried vision deleted (or moved away) since: no look shows that.
        log.info("visions: one carried is gone (%s): listed afresh", exc.path)
        kept = None
        snapshot = snapshot_of(None)
    read = Read(snapshot, context, labels, filer_login=filer_login,
                carried_since=kept.visions_at if kept is not None else None)
    if not config.architect.dashboard:
        return read
    known = None
    if looked is not None and not pause.remembered(config.project_state_dir):
        known = carried_dashboard(looked, config.ops_repo, dashboard.is_ours(config, bot))
    try:
        issue, seen = dashboard.read(forge, config, bot, known=known)
    except ArchitectError as exc:  # the dashboard never holds up the sprints
        log.error("dashboard: not read: %s", exc)
        return read
    if issue is None:
        _refuse_empty_ops(forge, config)
    return replace(read, dashboard=issue, seen=seen,
                   finished=_finished(forge, config, issue, snapshot),
                   spend=read_spend(config, now))


def _changed_issues(config: ProjectConfig, looked: Look | None) -> dict[int, Issue] | None:
    """The project repo's issues updated since the last full read, when a look from a
    cursor holds them whole (a first look's page is only the newest)."""
    if looked is None or looked.previous is None or config.repo not in looked.issues:
        return None
    return {i.number: i for i in looked.issues[config.repo].items if not i.is_pull}


def _finished(forge: Forge, config: ProjectConfig, issue: Issue | None,
              snapshot: Snapshot) -> tuple[Finished, ...] | None:
    """What ended since the last render; None when the forge would not say (the boxes
    still count, the render waits for a tick that reads it)."""
    try:
        return tuple(dashboard.finishes(forge, config, issue, snapshot))
    except ArchitectError as exc:
        log.error("dashboard: what finished was not read: %s", exc)
        return None


def _carried_visions(config: ProjectConfig, now: datetime, looked: Look | None,
                     every: timedelta | None, labels: ProjectLabels) -> Kept | None:
    """The visions from the cursor with the look's changes, or None: list them afresh."""
    if looked is None or every is None:
        return None
    label = config.architect.vision_label
    kept = carried_visions(looked, config.repo, label, now=now, every=every)
    if kept is None:
        return None
    if label not in {found.name for found in labels()}:
        log.info("visions: the label '%s' is not on %s any more: listed afresh", label,
                 config.repo)
        return None
    log.info("visions: %d carried from the last read, %d issue(s) changed since",
             len(kept.visions or ()), len(looked.changed(config.repo) or ()))
    return kept


def plan_tick(forge: Forge, config: ProjectConfig, now: datetime) -> tuple[Read, Plan]:
    """Read and decide, as a tick does before it acts (`status` shows this)."""
    read = read_tick(forge, config, now)
    return read, plan(read.snapshot, config.architect, read.seen)


@dataclass
class _Applied:
    """What the apply step leaves for the render and the save."""

    report: TickReport
    finished: bool  # every action reached (not stopped early)
    writes: list[Wrote]
    forge: Forge  # what the steps wrote through (in a dry run, `DryForge`): the render too
    stale_visions: bool = False  # a carried vision is gone: the next read lists them afresh
    spend: MonthSpend | None = None  # the read's, with the tick's calls and drops folded in


def run_tick(forge: Forge, runner: Runner, config: ProjectConfig, clock: Callable[[], datetime],
             *, dry_run: bool = False, filer: Forge | None = None,
             secrets: tuple[str, ...] = (), should_stop: Callable[[], bool] = lambda: False,
             wait: Callable[[float], None] | None = None,
             changes: Changes | None = None) -> TickReport:
    """One pass: look → read → decide → apply → render → save (DESIGN.md §5).

    With `changes` (never in a dry run), the look asks what changed since the last
    tick first. A dry run is the same pass on `DryForge`: what the steps and the
    render log they did reads "would: …", and nothing is saved."""
    with dry_run_outcomes(dry_run):
        now = clock()
        looked = look_step(forge, config, now, None if dry_run else changes)
        if isinstance(looked, TickReport):
            return looked
        read = read_tick(forge, config, now, filer=filer,
                         looked=looked if isinstance(looked, Look) else None,
                         every=changes.every if changes is not None else None)
        planned = decide_step(read, config)
        applied = apply_step(forge, runner, config, read, planned, dry_run=dry_run,
                             filer=filer, secrets=secrets, should_stop=should_stop, wait=wait)
        rendered = render_step(config, read, planned, applied, should_stop=should_stop)
        applied.report.render_missed = not rendered
        save_step(config, read, planned, applied, looked, changes, rendered=rendered,
                  dry_run=dry_run)
        return applied.report


def look_step(forge: Forge, config: ProjectConfig, now: datetime,
              changes: Changes | None) -> Look | TickReport | None:
    """Step 1: whether to read at all. A TickReport ends the tick here (nothing changed,
    or paused from the dashboard with "resume" not ticked); None: read fully."""
    if changes is None:
        return None
    if config.architect.dashboard and pause.remembered(config.project_state_dir):
        still = _still_paused(forge, config)
        if still is not None:
            return TickReport(Decision((), (still,)), incremental=True)
        # Resumed, or the mark is gone: the look sees the dashboard's edit, and reads fully.
    looked = _look_first(forge, config, now, changes)
    if looked is False:
        return TickReport(Decision((), ()), incremental=True)
    return looked if isinstance(looked, Look) else None


def _still_paused(forge: Forge, config: ProjectConfig) -> str | None:
    """Paused from the dashboard: read it alone (two requests). The note while it stays
    paused; None when it says otherwise ("resume" ticked, the mark gone)."""
    _, seen = dashboard.read(forge, config, forge.current_user())
    if settled_pause(seen):
        log.info("paused from the dashboard since %s: tick \"resume the architect\" there",
                 seen.paused_since)
        return f"paused from the dashboard since {seen.paused_since}"
    return None


def decide_step(read: Read, config: ProjectConfig) -> Plan:
    """Step 3: the tables turn every human signal, the ticked boxes too, into actions."""
    planned = plan(read.snapshot, config.architect, read.seen)
    for note in planned.decision.notes:
        log.info("%s", note)
    return planned


def apply_step(forge: Forge, runner: Runner, config: ProjectConfig, read: Read,
               planned: Plan, *, dry_run: bool, filer: Forge | None,
               secrets: tuple[str, ...], should_stop: Callable[[], bool],
               wait: Callable[[float], None] | None) -> _Applied:
    """Step 4: each action by its one step; what a step's writes make due on its sprint
    follows at once (`_perform`)."""
    snapshot, decision, now = planned.snapshot, planned.decision, read.snapshot.now
    report = TickReport(decision)
    if not snapshot.visions and not snapshot.sprints:
        report.setup_notes = missing_vision_label(forge, config)
        for note in report.setup_notes:
            log.warning("%s", note)
    filer_forge = filer or forge
    labels = read.labels
    preflight = Preflight(forge, filer_forge, config, snapshot, probe=not dry_run,
                          labels=labels)
    blockers = preflight.check(decision.actions)
    writes: list[Wrote] = []
    if dry_run:
        forge, filer_forge = DryForge(forge, now), DryForge(filer_forge, now)
    else:  # what either client writes, the render folds into the snapshot
        forge, filer_forge = Recorded.around(forge, writes), Recorded.around(filer_forge, writes)
    asker = Asker(runner, config, read.context, secrets, dry_run=dry_run, spend=read.spend)
    hands = Hands(forge=forge, filer=filer_forge, filer_login=read.filer_login or
                  snapshot.bot.login, asker=asker, config=config, context=read.context,
                  snapshot=snapshot, live=not dry_run, wait=wait, labels=labels,
                  carried=read.carried_since is not None)
    finished = _apply_all(hands, preflight, zip(decision.actions, blockers, strict=True),
                          report, dry_run=dry_run, should_stop=should_stop)
    if hands.journaled and not should_stop():
        _digest(read.context, asker, config)
    report.usage = asker.usage
    report.model_calls = asker.calls
    if asker.calls:
        log.info("tick: %d model call(s), %s", asker.calls, spent(asker.usage))
    return _Applied(report, finished, writes, hands.forge, stale_visions=hands.stale,
                    spend=asker.spend)


def render_step(config: ProjectConfig, read: Read, planned: Plan, applied: _Applied, *,
                should_stop: Callable[[], bool]) -> bool:
    """Step 5: the dashboard, once, from the snapshot as the tick left it (in a dry run,
    written to `DryForge`: what it would write is logged). False when it is not rendered
    as it should be: the tick stays unsettled, so the next one renders."""
    if read.seen is None:
        return not config.architect.dashboard
    report = applied.report
    # A forge that stopped answering gets no more writes this tick; the next one renders.
    if should_stop() or report.forge_down or read.finished is None:
        return False
    left = after(read.snapshot, applied.writes, repo=config.repo, ops_repo=config.ops_repo)
    views = views_after(planned.decision.views, left, config.architect)
    replans = replans_after(planned.decision.replans, left, config.architect)
    # The plan's facts, worked out again only for the visions the writes changed.
    facts = worked_out(left, config.architect, planned.decision.facts)
    ended = dashboard.ended_here(read.snapshot, left, applied.writes, config)
    unworded = dashboard.unworded(read.snapshot, left, applied.writes, ended)
    try:
        dashboard.render_once(applied.forge, config, read.dashboard, left,
                              Decision((), (), views, replans, facts),
                              paused_since=planned.paused_since, notes=planned.notes,
                              outcome=_outcome(report), ended=ended, found=read.finished,
                              unworded=unworded,
                              spend=applied.spend.total if applied.spend else None)
    except ArchitectError as exc:  # the sprints' work is done; the next tick renders it
        log.error("dashboard: not updated: %s", exc)
        return False
    # A finish the writes do not word: unsettled, so the next tick reads it and renders.
    return not unworded


def save_step(config: ProjectConfig, read: Read, planned: Plan, applied: _Applied,
              looked: Look | None, changes: Changes | None, *, rendered: bool,
              dry_run: bool) -> None:
    """Step 6: the cursor, settled only when every action and the render went through;
    the pause remembered for the next look."""
    if dry_run:
        return
    if read.seen is not None:
        pause.remember(config.project_state_dir, paused=bool(planned.paused_since))
        steered = any(isinstance(a, DashboardAction) for a in applied.report.applied)
        if steered and config.architect.reviewers and read.seen.number is not None:
            guards.forget_edits(config.project_state_dir, read.seen.number)  # taken once
    if changes is None or looked is None:
        return
    sprints = {sp.pr.number: sp.comments for sp in read.snapshot.sprints}
    # A carried vision found gone leaves work too: the next tick lists the visions afresh.
    settled = (applied.finished and applied.report.settled and rendered
               and not applied.stale_visions)
    changes.save(looked.cursor(config.ops_repo, sprints, full_read_at=read.snapshot.now,
                               deadline=next_deadline(
                                   planned.decision.views, config.architect,
                                   replans=planned.decision.replans),
                               settled=settled, setup=changes.setup,
                               kept=read.kept(config, stale=applied.stale_visions)))


def _look_first(forge: Forge, config: ProjectConfig, now: datetime,
                changes: Changes | None) -> Look | bool | None:
    """What changed since the last full read: the look (read fully), or False (nothing
    changed: the tick is done), or None (no cursor kept: read fully)."""
    if changes is None:
        return None
    previous = changes.load()
    looked = look(forge, config, previous, now, changes)
    why = why_full(previous, looked, now, changes)
    if why is None:
        log.info("nothing changed on the forge since the last full read")
        return False
    log.info("reading the forge: %s", why)
    return looked


def _apply_all(hands: Hands, preflight: Preflight,
               planned: Iterable[tuple[Action, str | None]], report: TickReport, *,
               dry_run: bool, should_stop: Callable[[], bool]) -> bool:
    """Each action that is not blocked, with what it makes due; False: stopped early."""
    for action, reason in planned:
        if should_stop():
            log.info("stopping before: %s", action.describe())
            return False
        if reason:
            _block(report, action, reason, dry_run=dry_run)
            continue
        if not _perform(hands, preflight, action, report, dry_run=dry_run,
                        should_stop=should_stop):
            return False
    return True


def _block(report: TickReport, action: Action, reason: str, *, dry_run: bool) -> None:
    report.blocked.append((action, reason))
    if dry_run:
        log.error("blocked: %s: %s", action.describe(), reason)
    else:
        log.error("%s: not attempted: %s", action.describe(), reason)


def _refuse_empty_ops(forge: Forge, config: ProjectConfig) -> None:
    """An ops repo without a commit is a setup error (exit 2), said before the dashboard
    would be its first issue. Asked only while there is no dashboard, so that a tick that
    found one pays no request for it; then one request while `primary_branch` exists."""
    ops = config.ops_repo
    if not ops_branches(forge, config):
        raise ForgeRepoEmpty(empty_repo_line(ops), status=404, method="GET",
                             path=f"/repos/{ops}/branches")


def _outcome(report: TickReport) -> str:
    """The last tick's outcome without its time, so that idle ticks render the same."""
    if report.ok:
        return "ok"
    problems = [*report.failed, *report.blocked]
    return f"{len(problems)} action(s) failed, first: {problems[0][0].describe()}: " \
        f"{problems[0][1]}"


def _perform(hands: Hands, preflight: Preflight, action: Action, report: TickReport, *,
             dry_run: bool, should_stop: Callable[[], bool] = lambda: False) -> bool:
    """Apply the action, then whatever its own writes make due on the same sprint.

    The sprint's view is re-derived from what the step wrote (`advance`), as the
    next tick would read it, and decided again; only rows marked `same_tick`
    continue, so the chain is at most as long as the table. Each further step's
    preconditions are checked as the first one's were. False: stop the tick.
    """
    step: Action | None = action
    for _ in SPRINT_TABLE:
        if step is None:
            break
        if step is not action and should_stop():
            # A stop asked for during the step ends the chain too: "the current action"
            # is the step, not the sprint's whole way to its merge.
            log.info("stopping before: %s", step.describe())
            return False
        if step is not action and (reason := preflight.check_next(step)):
            _block(report, step, reason, dry_run=dry_run)
            break
        log.info("%s%s", "would: " if dry_run else "", step.describe())
        try:
            written = apply(hands, step)
            report.applied.append(step)
        except ModelNotAsked as exc:
            report.applied.append(step)
            log.info("would: ... then what follows from %s", exc)
            return True
        except ForgeUnavailable as exc:
            report.failed.append((step, str(exc)))
            report.forge_down = True
            log.error("%s: failed, the forge is unavailable: %s", step.describe(), exc)
            return False
        except (ArchitectError, RunnerError) as exc:
            report.failed.append((step, str(exc)))
            log.error("%s: failed: %s", step.describe(), exc)
            return True
        except Exception as exc:  # a bug must cost one action, not the tick of every sprint
            report.failed.append((step, repr(exc)))
            log.exception("%s: failed with an unexpected error", step.describe())
            return True
        if written is None:
            break
        advanced = advance(written)
        after = view_of(advanced, hands.snapshot.steering,
                        hands.snapshot.vision(advanced.vision_number))
        step = sprint_step(after, needs_label=False) if ROWS[after.state].same_tick else None
    return True


def _digest(context: TickContext, asker: Asker, config: ProjectConfig) -> None:
    """More than ten undigested journal entries: the model rewrites the lessons."""
    def ask(current: str, entries: tuple[str, ...]) -> str:
        inputs = PlannerInputs(project=config.name,
                               vision=VisionInput(0, "(digest of the journal)", ""),
                               context=ProjectContext(lessons=current), journal_entries=entries)
        return asker.ask(Mode.DIGEST, LessonsDigest, inputs).lessons

    try:
        digest_journal(context.journal, ask)
    except (ArchitectError, RunnerError) as exc:
        log.warning("journal: not digested this tick: %s", exc)
