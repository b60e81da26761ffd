"""The dashboard's ticked boxes as rows of the tick's plan, beside the sprints'. Pure.

The boxes are facts of the snapshot (`dashboard.Seen`, read with everything
else). Each one a person who may steer ticked becomes an action: an answer on
the vision or PR it concerns (`AnswerBox`), or pausing and resuming the
architect. The answers are what release the holds they concern (a rejection,
a model error, the parking), so the plan folds them into the snapshot before
the tables run: "pitch again" is answered *and* pitched in the same tick, and
a dry run lists both. Paused, the plan is the boxes alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING

from architect.core import board
from architect.core.actions import (
    Action,
    AnswerBox,
    DashboardAction,
    PauseArchitect,
    ResumeArchitect,
)
from architect.core.after import views_after
from architect.core.dashboard import Box, BoxKind, Seen, box_of
from architect.core.decide import Decision, decide, judged, timed_views
from architect.core.replan_views import replan_views
from architect.core.snapshot import Snapshot
from architect.core.sprint import PARKED_LABEL
from architect.core.view import SprintPR, SprintView
from architect.core.visions import KnownFacts, worked_out
from architect.forge.models import Comment

if TYPE_CHECKING:
    from architect.config import ArchitectConfig

CLOSED_WHILE_PAUSED = ("This dashboard was closed while the architect is paused from it: "
                       "closing it is not resuming, so the architect stays paused. Tick "
                       "\"resume the architect\" below to resume (reopen this issue to keep "
                       "seeing the planning state).")
NOT_STEERABLE = ("A box was ticked, but `reviewers` is set and the forge does not say who "
                 "edited this issue, so it was unticked: ask with a comment on the vision or "
                 "sprint PR instead.")


@dataclass(frozen=True)
class Plan:
    """The tick's decision, and the snapshot it was made from (the boxes' answers in)."""

    decision: Decision
    snapshot: Snapshot
    paused_since: str = ""  # paused from the dashboard (after this tick's boxes)
    notes: tuple[str, ...] = ()  # what the dashboard says about its own boxes


def moment(at: datetime) -> str:
    """The pause's time in the dashboard's mark: RFC 3339, UTC (the snapshot's `now`)."""
    return at.strftime("%Y-%m-%dT%H:%M:%SZ")


def plan(snapshot: Snapshot, settings: ArchitectConfig, seen: Seen | None) -> Plan:
    """Every human signal, the dashboard's boxes included, into the tick's actions.

    The sprint views and the vision facts are worked out once, from the snapshot read;
    the boxes' answers make only the sprints and visions they answer worked out again."""
    paused = seen.paused_since if seen is not None else ""
    snapshot = judged(snapshot)
    views = timed_views(snapshot, settings)
    known = worked_out(snapshot, settings)
    ticked = _ticked(seen, snapshot, settings, views, known, paused=bool(paused))
    notes: tuple[str, ...] = ()
    if ticked and seen is not None and not seen.steerable:
        ticked, notes = [], (NOT_STEERABLE,)
    steps: list[DashboardAction] = []
    kinds = {box.kind for box in ticked}
    if BoxKind.PAUSE in kinds:
        steps.append(PauseArchitect(snapshot.now))
        paused = moment(snapshot.now)
    elif BoxKind.RESUME in kinds:
        steps.append(ResumeArchitect())
        paused = ""
    answers = [_answer(request) for request in board.requests(ticked, snapshot)]
    folded = fold_answers(snapshot, answers)
    boxes: tuple[Action, ...] = (*steps, *answers)
    if paused:
        if seen is not None and not seen.open:  # still paused: the dashboard says why
            notes = (*notes, CLOSED_WHILE_PAUSED)
        note = f"paused from the dashboard since {paused}: nothing else is done"
        # Nothing is decided, but every sprint is still shown as it stands.
        replans = tuple(replan_views(folded, settings))
        return Plan(Decision(boxes, (note,), views_after(views, folded, settings), replans,
                             worked_out(folded, settings, known)), folded, paused, notes)
    decision = decide(folded, settings, views=views_after(views, folded, settings),
                      known=known)
    return Plan(replace(decision, actions=(*boxes, *decision.actions)), folded, "", notes)


def settled_pause(seen: Seen) -> bool:
    """Paused from the dashboard, nothing ticked, and the body already saying whether it
    was closed (CLOSED_WHILE_PAUSED): a tick may read the dashboard alone. Otherwise it
    reads fully, and the render says what changed."""
    told = CLOSED_WHILE_PAUSED in seen.body
    return bool(seen.paused_since) and not seen.ticked and told == (not seen.open)


def _ticked(seen: Seen | None, snapshot: Snapshot, settings: ArchitectConfig,
            views: Sequence[SprintView], known: KnownFacts, *, paused: bool) -> list[Box]:
    """The boxes ticked among those the last render offered (a stale id names none):
    the board's boxes for the snapshot read, from the views and facts worked out."""
    if seen is None or not seen.ticked:
        return []
    # Paused, the architect does nothing but read its dashboard, so only "resume" counts.
    # No re-plan views: a filed sprint's re-plan offers no box.
    offered = [Box(BoxKind.RESUME)] if paused else [
        *(b for e in board.entries(snapshot, Decision((), (), tuple(views), facts=known),
                                   settings) for b in e.boxes),
        Box(BoxKind.PAUSE)]
    return [box for box in (box_of(i, offered) for i in seen.ticked) if box is not None]


def _answer(request: board.Request) -> AnswerBox:
    return AnswerBox(request.box.id, request.box.kind.value, request.on_ops, request.number,
                     f"{request.text}\n\n{request.mark.render()}", request.mark,
                     request.remove_label)


def fold_answers(snapshot: Snapshot, answers: Sequence[AnswerBox]) -> Snapshot:
    """The snapshot as the forge holds it once the answers are written (as the next read
    would find it): each answer a comment of the bot, an unparked PR without its label."""
    if not answers:
        return snapshot
    newest = max((c.id for c in _comments(snapshot)), default=0)
    said = {(a.on_ops, a.number): _comment(snapshot, a, newest + i)
            for i, a in enumerate(answers, start=1)}
    unparked = {a.number for a in answers if a.on_ops and a.remove_label == PARKED_LABEL}

    def sprint(sp: SprintPR) -> SprintPR:
        comment = said.get((True, sp.pr.number))
        if comment is None:
            return sp
        pr = sp.pr
        if sp.pr.number in unparked:
            pr = pr.model_copy(update={"labels": [label for label in pr.labels
                                                  if label.name != PARKED_LABEL]})
        return replace(sp, pr=pr, comments=(*sp.comments, comment))

    candidates = tuple(
        replace(h, vision_comments=(*h.vision_comments, said[(False, h.vision.number)]))
        if (False, h.vision.number) in said else h for h in snapshot.candidates)
    # The rules judge the answered visions again; the others keep the verdicts read.
    answered = {number for on_ops, number in said if not on_ops}
    verdicts = {n: v for n, v in snapshot.verdicts.items() if n not in answered}
    return replace(snapshot, sprints=tuple(map(sprint, snapshot.sprints)),
                   closed=tuple(map(sprint, snapshot.closed)), candidates=candidates,
                   verdicts=verdicts)


def _comments(snapshot: Snapshot) -> list[Comment]:
    found = [c for sp in (*snapshot.sprints, *snapshot.closed) for c in sp.comments]
    return found + [c for h in snapshot.candidates for c in h.vision_comments]


def _comment(snapshot: Snapshot, answer: AnswerBox, number: int) -> Comment:
    return Comment(id=number, body=answer.text, user=snapshot.bot, created_at=snapshot.now,
                   updated_at=snapshot.now)

