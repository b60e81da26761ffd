"""The dashboard's entries, from the same snapshot and tables as `architect status`. Pure.

A vision with an open sprint PR stands where its sprint's row puts it (a row
that waits for "a human" needs one now); any other vision where the vision
table puts it. The boxes offered beside an entry are the requests that make
sense in its state, and `requests` turns the ticked ones into what the shell
writes: one answer on the vision or PR, which is also what releases the hold
(`markers.SteeredMark`, read by `rules.activity_since` and the sprint's
model-error hold).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from architect.core import markers, rules
from architect.core.dashboard import Box, BoxKind, Entry, Link, Section
from architect.core.decide import Decision
from architect.core.facts import VisionHistory, VisionState
from architect.core.replan import ReplanView
from architect.core.snapshot import Snapshot
from architect.core.sprint import PARKED_LABEL
from architect.core.table import REPLAN_ROWS, WAITS_FOR, SprintState, vision_label, vision_row
from architect.core.view import ReplanState, SprintPR, SprintView

if TYPE_CHECKING:
    from architect.config import ArchitectConfig

_SECTION_OF_VISION = {
    VisionState.TO_BE_PITCHED: Section.WAITING,
    VisionState.QUEUED: Section.WAITING,
    VisionState.IN_PROGRESS: Section.IN_PROGRESS,
    VisionState.NOT_PITCHED: Section.NEEDS_HUMAN,
    VisionState.COMPLETED: Section.FINISHED,  # kept open (close_vision_when_done = false)
}


def entries(snapshot: Snapshot, decision: Decision, settings: ArchitectConfig) -> list[Entry]:
    found = [_sprint_entry(view, snapshot) for view in decision.views]
    histories = {h.vision.number: h for h in snapshot.candidates}
    merged = {m.vision_number: m for m in snapshot.merged if m.filed}
    replans = {v.filed.merged.vision_number: v for v in decision.replans}
    for number, facts in decision.vision_facts(snapshot, settings).items():
        if facts.sprint_pr is not None:
            continue
        vision = snapshot.vision(number)
        assert vision is not None
        row = vision_row(facts)
        section = _SECTION_OF_VISION[row.state]
        boxes = _vision_boxes(histories.get(number), snapshot) if section is \
            Section.NEEDS_HUMAN else ()
        if section is Section.NEEDS_HUMAN and not boxes:
            section = Section.IN_PROGRESS  # merged, or its sub-issues are open: nothing to ask
        state = vision_label(facts)
        story = merged.get(number)
        if story is not None and section is Section.IN_PROGRESS and not story.done:
            state += f" ({story.progress})"
        entry = Entry(section, number, vision.title, vision.html_url, state,
                      since=_day(vision.updated_at.isoformat()),
                      waits_for=row.waits_for, boxes=boxes)
        found.append(_replanned(entry, replans.get(number)))
    return found


def _replanned(entry: Entry, view: ReplanView | None) -> Entry:
    """A filed sprint's re-plan, beside its vision: where it stands, and how many applied."""
    if view is None or view.state is None:
        return entry
    state = entry.state
    if view.applied:
        state += f"; re-planned {len(view.applied)}×"
    pr = view.filed.merged.pr
    if view.state is ReplanState.FILED:
        return replace(entry, state=state)
    waits = REPLAN_ROWS[view.state].waits_for
    section = Section.NEEDS_HUMAN if waits.startswith("a human") else Section.IN_PROGRESS
    return replace(entry, section=section, state=f"{state}; {view.state.value}",
                   waits_for=waits, links=(*entry.links, Link(f"sprint PR #{pr.number}",
                                                              pr.html_url)))


def _sprint_entry(view: SprintView, snapshot: Snapshot) -> Entry:
    pr = view.sprint.pr
    vision = snapshot.vision(view.sprint.vision_number)
    waits = WAITS_FOR[view.state]
    section = Section.NEEDS_HUMAN if waits.startswith("a human") else Section.IN_PROGRESS
    state = view.state.value
    if view.ledger is not None and view.ledger.unresolved:
        state += " (" + ", ".join(f"Q{f.number}" for f in view.ledger.unresolved) + ")"
    bot_times = [c.created_at for c in view.sprint.comments if c.user.login == pr.user.login]
    boxes: tuple[Box, ...] = ()
    if view.state is SprintState.MODEL_FAILED:
        boxes = (Box(BoxKind.RETRY, view.sprint.vision_number),)
    elif view.state is SprintState.PARKED:
        boxes = (Box(BoxKind.UNPARK, view.sprint.vision_number),)
    return Entry(section, view.sprint.vision_number, vision.title if vision else pr.title,
                 vision.html_url if vision else "", state,
                 since=_day(max(bot_times, default=pr.created_at).isoformat()),
                 waits_for=waits, links=(Link(f"sprint PR #{pr.number}", pr.html_url),),
                 boxes=boxes)


def _vision_boxes(history: VisionHistory | None, snapshot: Snapshot) -> tuple[Box, ...]:
    if history is None or any(pr.merged or pr.state == "open" for pr in history.sprint_prs):
        return ()
    if history.open_sub_issues:
        return ()
    number = history.vision.number
    if rules.pitch_on_hold(history.vision, history.vision_comments, snapshot.steering):
        return (Box(BoxKind.RETRY, number),)
    if history.sprint_prs:
        return (Box(BoxKind.PITCH_AGAIN, number),)
    return ()


def _day(iso: str) -> str:
    return iso[:10]


@dataclass(frozen=True)
class Request:
    """What a ticked box makes the shell write: one answer, on the ops repo (a sprint
    PR) or the project repo (a vision)."""

    box: Box
    on_ops: bool
    number: int
    mark: markers.SteeredMark
    text: str
    remove_label: str = ""  # unpark: the label the answer takes off the PR


def requests(ticked: Iterable[Box], snapshot: Snapshot) -> list[Request]:
    """The answers that carry out the ticked vision boxes (pause and resume are the
    shell's: they change a file, not the forge)."""
    found = []
    histories = {h.vision.number: h for h in snapshot.candidates}
    # Only the PR and its comments are needed: no sprint is assessed for a box.
    sprints = {sprint.vision_number: sprint for sprint in (*snapshot.sprints, *snapshot.closed)}
    for box in ticked:
        if box.target is None:
            continue
        sprint = sprints.get(box.target)
        if box.kind is BoxKind.UNPARK and sprint is not None:
            found.append(Request(box, True, sprint.pr.number,
                                 markers.SteeredMark(box.id, _last_bot_word(sprint)),
                                 "Unparked, as asked on the dashboard: the design questions "
                                 "are open again.", remove_label=PARKED_LABEL))
            continue
        if box.kind is BoxKind.RETRY and sprint is not None:
            found.append(Request(box, True, sprint.pr.number,
                                 markers.SteeredMark(box.id, _last_bot_word(sprint)),
                                 "Retrying, as asked on the dashboard: the model gets the "
                                 "same step again on this tick."))
            continue
        history = histories.get(box.target)
        if history is None:
            continue
        found.append(Request(box, False, box.target,
                             markers.SteeredMark(box.id, _notice(history, snapshot)),
                             "Pitching again, as asked on the dashboard."
                             if box.kind is BoxKind.PITCH_AGAIN else
                             "Retrying the pitch, as asked on the dashboard."))
    return found


def _last_bot_word(sprint: SprintPR) -> int:
    bot = sprint.pr.user.login
    return max((c.id for c in sprint.comments if c.user.login == bot), default=0)


def _notice(history: VisionHistory, snapshot: Snapshot) -> int:
    """The bot's note the request answers: a model-error note or a rejection; for a sprint
    closed without either, the newest sprint PR (so asking twice is still one answer)."""
    bot = snapshot.steering.bot_login
    notes = [c.id for c, _ in markers.marks_of(markers.ModelErrorMark, history.vision_comments,
                                               bot)]
    rejected, _ = rules.last_rejection(history.vision_comments, bot)
    if rejected is not None:
        notes.append(rejected.id)
    if notes:
        return max(notes)
    return max((pr.number for pr in history.sprint_prs), default=0)
