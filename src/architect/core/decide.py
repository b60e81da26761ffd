"""decide: the snapshot in, the tick's actions out. Pure: no I/O, no clock.

Existing sprint PRs first (reject, finish, file, answers, questions, revise,
remind, park), then the merged sprints' visions (`story`), then new pitches
within `max_open_pitches − open sprint PRs`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from architect.core import rules
from architect.core.actions import Action, OpenPitch
from architect.core.facts import VisionFacts, VisionState
from architect.core.nudge import with_clock
from architect.core.replan import ReplanView
from architect.core.replan_views import replan_views
from architect.core.slip import with_pause
from architect.core.snapshot import Snapshot
from architect.core.sprint import sprint_slug, view_of
from architect.core.story import story_actions
from architect.core.table import (
    REPLAN_ROWS,
    WAITS_FOR,
    repairs,
    replan_steps,
    sprint_step,
    vision_row,
)
from architect.core.view import ReplanState, SprintView
from architect.core.visions import KnownFacts, worked_out

if TYPE_CHECKING:
    # The settings' type only: the core reads values, never a file.
    from architect.config import ArchitectConfig


@dataclass(frozen=True)
class Decision:
    actions: tuple[Action, ...]
    notes: tuple[str, ...]  # decisions that need no action, for the log
    # Each sprint PR as the tick saw it (its marks read once, the clock applied): what the
    # dashboard, `status`, the deadlines and the JSON report show, never worked out again.
    views: tuple[SprintView, ...] = ()
    # Each filed sprint as its re-plan stands, likewise worked out once: what the steps,
    # the dashboard, `status` and the next deadline read.
    replans: tuple[ReplanView, ...] = ()
    # Each open vision's facts, likewise: what the pitches, the stories, the board and
    # `status` read (None: not worked out, as for a decision built by hand).
    facts: KnownFacts | None = field(default=None, compare=False)

    @property
    def pitched(self) -> frozenset[int]:
        """The visions this decision pitches."""
        return frozenset(v for a in self.actions if a.pitches and (v := a.subject.vision))

    def vision_facts(self, snapshot: Snapshot, settings: ArchitectConfig, *,
                     every: bool = False) -> dict[int, VisionFacts]:
        """Each open vision's facts, the pitch slots given to this decision's pitches:
        the ones carried, the others worked out from `snapshot` (`every`: those with a
        sprint PR too, as `status` lists them)."""
        known = self.facts
        if known is None or every:
            known = worked_out(snapshot, settings, known, every=every)
        return known.pitching(self.pitched)


def views(snapshot: Snapshot) -> list[SprintView]:
    """Each sprint PR as its marks say, before the clock is read."""
    return [view_of(sprint, snapshot.steering, snapshot.vision(sprint.vision_number))
            for sprint in (*snapshot.sprints, *snapshot.closed)]


def timed_views(snapshot: Snapshot, settings: ArchitectConfig) -> list[SprintView]:
    """Each sprint PR in the state the tick acts on: with reminders, parking and the stop
    of a pause due at the snapshot's `now` (what `decide`, `status` and the dashboard all show)."""
    return [with_pause(with_clock(view, snapshot.now, remind_after=settings.remind_after,
                                  park_after=settings.park_after),
                       snapshot.now, stop_after=settings.stop_after)
            for view in views(snapshot)]


def judged(snapshot: Snapshot) -> Snapshot:
    """The snapshot with each candidate's pitch verdict: the reader's where it judged
    (it does while it reads), the rules' for any it did not."""
    missing = {h.vision.number: rules.pitchable(h, snapshot.steering)
               for h in snapshot.candidates if h.vision.number not in snapshot.verdicts}
    return replace(snapshot, verdicts={**snapshot.verdicts, **missing}) if missing else snapshot


def decide(snapshot: Snapshot, settings: ArchitectConfig, *,
           views: Sequence[SprintView] | None = None,
           known: KnownFacts | None = None) -> Decision:
    """`views` and `known`: the sprint views and vision facts already worked out this
    tick (the plan's, before the boxes' answers): carried where nothing changed."""
    snapshot = judged(snapshot)
    facts = worked_out(snapshot, settings, known)
    actions: list[Action] = []
    notes: list[str] = []
    timed = _where_answers_belong(list(views) if views is not None
                                  else timed_views(snapshot, settings))
    for view in timed:
        notes.extend(f"PR #{view.number}: ignored {what}" for what in view.ignored)
        vision = snapshot.vision(view.sprint.vision_number)
        needs_label = vision is not None and settings.in_progress_label not in vision.label_names
        action = sprint_step(view, needs_label=needs_label)
        # A reply to HOLD or RESUME goes before the work a RESUME releases (acknowledged
        # first, then done), the other repairs after the step.
        actions.extend(repairs(view, needs_label=needs_label, before_step=True))
        if action is None:
            notes.append(f"PR #{view.number}: {view.state.value}; waiting for "
                         f"{WAITS_FOR[view.state]}")
        else:
            actions.append(action)
        actions.extend(repairs(view, needs_label=needs_label))
    actions.extend(story_actions(snapshot, settings, facts.facts))
    replans = tuple(replan_views(snapshot, settings))
    for filed in replans:
        steps = replan_steps(filed)
        actions.extend(steps)
        if not steps and filed.state is ReplanState.REPLAN_PROPOSED:
            notes.append(f"PR #{filed.number} (filed): re-plan proposed; waiting for "
                         f"{REPLAN_ROWS[filed.state].waits_for}")
    pitches, skipped = _pitches(snapshot, settings, facts.facts)
    actions.extend(pitches)
    notes.extend(skipped)
    return Decision(tuple(actions), tuple(notes), tuple(timed), replans, facts)


def _where_answers_belong(timed: list[SprintView]) -> list[SprintView]:
    """Each view with the other PRs whose questions are open: a reply to answers written
    on the wrong PR names them."""
    asking = tuple(v.number for v in timed if v.sprint.pr.state == "open"
                   and v.ledger is not None and v.ledger.unresolved)
    return [replace(v, asking=tuple(n for n in asking if n != v.number)) for v in timed]


def _pitches(snapshot: Snapshot, settings: ArchitectConfig,
             known: Mapping[int, VisionFacts]) -> tuple[list[OpenPitch], list[str]]:
    budget = settings.max_open_pitches - len(snapshot.sprints)
    notes: list[str] = []
    if budget <= 0:
        if any(rules.may_be_pitched(v, {s.vision_number for s in snapshot.sprints},
                                    settings.in_progress_label) for v in snapshot.visions):
            notes.append(f"no new pitch: {len(snapshot.sprints)} sprint PRs open "
                         f"(max_open_pitches = {settings.max_open_pitches})")
        return [], notes
    by_number = {h.vision.number: h for h in snapshot.candidates}
    pitches: list[OpenPitch] = []
    for number in snapshot.pitch_order:
        history = by_number.get(number)
        if history is None:
            continue
        vision = history.vision
        if number not in known:
            continue  # it has a sprint PR: the sprint's table speaks for it
        facts = replace(known[number], turn=len(pitches) < budget)
        state = vision_row(facts).state
        if state is VisionState.TO_BE_PITCHED:
            assert facts.verdict is not None  # the row's guard
            pitches.append(OpenPitch(vision.number, vision.title,
                                     sprint_slug(vision.number, vision.title),
                                     facts.verdict.rejection_reason))
        elif state is VisionState.NOT_PITCHED and facts.turn:
            assert facts.verdict is not None  # the row's guard
            notes.append(f"vision #{number}: not pitched: {facts.verdict.reason}")
    return pitches, notes
