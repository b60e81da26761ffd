"""One tick: snapshot → decide → apply (DESIGN.md §5).

`run_tick` is the imperative shell around the pure `decide`. The forge client,
the runner and the clock come in as arguments, so a tick runs unchanged
against a real Forgejo, the embedded forge, or a test.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime

from architect.config import ProjectConfig
from architect.core.actions import Action
from architect.core.cursor import Look
from architect.core.deadlines import next_deadline
from architect.core.decide import Decision, decide
from architect.core.inputs import PlannerInputs, ProjectContext, VisionInput
from architect.core.schemas import LessonsDigest
from architect.core.setup_lines import empty_repo_line
from architect.core.snapshot import Snapshot
from architect.core.sprint import advance, view_of
from architect.core.table import ROWS, SPRINT_TABLE, sprint_step
from architect.errors import (
    ArchitectError,
    ForgeRepoEmpty,
    ForgeUnavailable,
    ModelNotAsked,
    RunnerError,
)
from architect.forge.protocol import Forge
from architect.runners.base import Mode, Runner, Usage
from architect.shell.apply import apply
from architect.shell.asking import Asker, spent
from architect.shell.changes import Changes, look, why_full
from architect.shell.context import TickContext
from architect.shell.dashboard import Desk
from architect.shell.dry_forge import DryForge
from architect.shell.forge_facts import (
    Preflight,
    ProjectLabels,
    missing_vision_label,
    ops_branches,
)
from architect.shell.journal import digest_journal
from architect.shell.logs import dry_run_outcomes
from architect.shell.reread import Remembered
from architect.shell.snapshot import read_snapshot
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

    @property
    def ok(self) -> bool:
        return not self.failed and not self.blocked


def plan_tick(forge: Forge, config: ProjectConfig, now: datetime, *,
              filer_login: str = "") -> tuple[Snapshot, Decision, TickContext]:
    bot = forge.current_user()
    context = TickContext(forge, config, bot)
    snapshot = read_snapshot(forge, config, now=now, bot=bot,
                             prerequisites=lambda: context.prerequisites,
                             filer_login=filer_login)
    return snapshot, decide(snapshot, config.architect), context


def run_tick(forge: Forge, runner: Runner, config: ProjectConfig, clock: Callable[[], datetime],
             *, dry_run: bool = False, filer: Forge | None = None,
             secrets: tuple[str, ...] = (), should_stop: Callable[[], bool] = lambda: False,
             wait: Callable[[float], None] | None = None,
             changes: Changes | None = None) -> TickReport:
    """One tick; with `changes` (never in a dry run), first ask what changed since the last.
    In a dry run, what the steps log they did reads "would: …"."""
    with dry_run_outcomes(dry_run):
        return _run_tick(forge, runner, config, clock, dry_run=dry_run, filer=filer,
                         secrets=secrets, should_stop=should_stop, wait=wait, changes=changes)


def _run_tick(forge: Forge, runner: Runner, config: ProjectConfig, clock: Callable[[], datetime],
              *, dry_run: bool, filer: Forge | None, secrets: tuple[str, ...],
              should_stop: Callable[[], bool], wait: Callable[[float], None] | None,
              changes: Changes | None) -> TickReport:
    now = clock()
    looked = _look_first(forge, config, now, changes) if not dry_run else None
    if looked is False:
        return TickReport(Decision((), ()), incremental=True)
    filer_login = filer.current_user().login if filer is not None else ""
    # Remembered for the dashboard's second read, which then reads what the tick wrote.
    reading, memory = Remembered.around(forge) if config.architect.dashboard and not dry_run \
        else (forge, None)
    snapshot, decision, context = plan_tick(reading, config, now, filer_login=filer_login)
    desk = _open_desk(forge, config, snapshot, decision, live=not dry_run)
    if desk is not None and desk.steered.answered:  # the answers release holds: act now
        if memory is not None:
            memory.forget()  # the answers were written past it
        snapshot, decision, context = plan_tick(reading, config, now, filer_login=filer_login)
    if desk is not None and not desk.enabled:
        decision = Decision((), decision.notes)  # paused from the dashboard: nothing else
    for note in decision.notes:
        log.info("%s", note)
    report = TickReport(decision)
    if not snapshot.visions and not snapshot.sprints:
        report.setup_notes = missing_vision_label(forge, config)
        for note in report.setup_notes:
            log.warning("%s", note)
    filer_forge = filer or forge
    labels = ProjectLabels(filer_forge, config.repo)
    preflight = Preflight(forge, filer_forge, config, snapshot, probe=not dry_run,
                          labels=labels)
    blockers = preflight.check(decision.actions)
    filer_login = filer_login or snapshot.bot.login
    if dry_run:
        forge, filer_forge = DryForge(forge, now), DryForge(filer_forge, now)
    elif memory is not None:  # what either client writes, the second read reads again
        forge, filer_forge = memory.writer(forge), memory.writer(filer_forge)
    asker = Asker(runner, config, context, secrets, dry_run=dry_run)
    hands = Hands(forge=forge, filer=filer_forge, filer_login=filer_login, asker=asker,
                  config=config, context=context, snapshot=snapshot, live=not dry_run, wait=wait,
                  labels=labels)
    finished = _apply_all(hands, preflight, zip(decision.actions, blockers, strict=True),
                          report, dry_run=dry_run, should_stop=should_stop)
    if hands.journaled and not should_stop():
        _digest(context, asker, config)
    # A forge that stopped answering gets no more writes this tick; the next one renders.
    if desk is not None and not should_stop() and not report.forge_down:
        if report.applied and memory is not None:  # render what this tick made of the forge
            snapshot, decision, _ = plan_tick(memory.replay(), config, now,
                                              filer_login=filer_login)
        try:
            desk.close(forge, snapshot, decision, outcome=_outcome(report))
        except ArchitectError as exc:  # the sprints' work is done; the next tick renders it
            log.error("dashboard: not updated: %s", exc)
    report.usage = asker.usage
    report.model_calls = asker.calls
    if asker.calls:
        log.info("tick: %d model call(s), %s", asker.calls, spent(asker.usage))
    if changes is not None and isinstance(looked, Look):
        sprints = {sp.pr.number: sp.comments for sp in snapshot.sprints}
        changes.save(looked.cursor(config.ops_repo, sprints, full_read_at=now,
                                   deadline=next_deadline(snapshot, config.architect),
                                   settled=finished and report.ok, setup=changes.setup))
    return report


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
        if not _perform(hands, preflight, action, report, dry_run=dry_run):
            return False
    return True


def _block(report: TickReport, action: Action, reason: str, *, dry_run: bool) -> None:
    report.blocked.append((action, reason))
    if dry_run:
        log.error("blocked: %s: %s", action.describe(), reason)
    else:
        log.error("%s: not attempted: %s", action.describe(), reason)


def _open_desk(forge: Forge, config: ProjectConfig, snapshot: Snapshot, decision: Decision,
               *, live: bool) -> Desk | None:
    if not config.architect.dashboard:
        return None
    try:
        desk = Desk.open(forge, config, snapshot, decision, enabled=True, live=live)
    except ArchitectError as exc:  # the dashboard never holds up the sprints
        log.error("dashboard: not read: %s", exc)
        return None
    if desk.issue is None:
        _refuse_empty_ops(forge, config)
    return desk


def _refuse_empty_ops(forge: Forge, config: ProjectConfig) -> None:
    """An ops repo without a commit is a setup error (exit 2), said before the dashboard
    would be its first issue. Asked only while there is no dashboard, so that a tick that
    found one pays no request for it; then one request while `primary_branch` exists."""
    ops = config.ops_repo
    if not ops_branches(forge, config):
        raise ForgeRepoEmpty(empty_repo_line(ops), status=404, method="GET",
                             path=f"/repos/{ops}/branches")


def run_paused(forge: Forge, config: ProjectConfig, clock: Callable[[], datetime]) -> bool:
    """A tick while the active flag is off: the dashboard only, so that its "resume" box
    works. True when it resumed."""
    now = clock()
    snapshot, decision, _ = plan_tick(forge, config, now)
    desk = Desk.open(forge, config, snapshot, decision, enabled=False, live=True)
    desk.close(forge, snapshot, decision, outcome="paused", create=False)
    return desk.enabled


def _outcome(report: TickReport) -> str:
    """The last tick's outcome without its time, so that idle ticks render the same."""
    if report.ok:
        return "ok"
    problems = [*report.failed, *report.blocked]
    return f"{len(problems)} action(s) failed, first: {problems[0][0].describe()}: " \
        f"{problems[0][1]}"


def _perform(hands: Hands, preflight: Preflight, action: Action, report: TickReport, *,
             dry_run: bool) -> bool:
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
        after = view_of(advance(written), hands.snapshot.steering)
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
