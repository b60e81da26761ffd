"""The dashboard issue: the project's planning state on the forge, and boxes to tick. Pure.

One issue on the ops repo, owned by the bot (as Renovate's "Dependency
Dashboard" is), rendered from the same states as `architect status`. Its body
holds nothing that changes on every tick (no "last checked at"), so an idle
tick renders the same text and writes nothing.

A person who may steer ticks a box (`- [x] pitch again`); the next tick reads
the ticked boxes back (`ticked_boxes`), carries each out, answers on the
vision or PR it concerns, and renders the box unticked again.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from architect.core import markers
from architect.core.text import one_line

DASHBOARD_KIND = "dashboard"
BOX_KIND = "box"
_BOX_LINE = re.compile(r"^\s*[-*]\s+\[(?P<mark>[ xX])\]\s+(?P<rest>.*)$")


class Section(StrEnum):
    """Where an entry stands, in the order a person reads the dashboard."""

    NEEDS_HUMAN = "Needs a human now"
    IN_PROGRESS = "In progress"
    WAITING = "Waiting to be pitched"
    FINISHED = "Recently finished (30 days)"


class BoxKind(StrEnum):
    PITCH_AGAIN = "pitch again"
    RETRY = "retry"
    UNPARK = "unpark"
    PAUSE = "pause the architect"
    RESUME = "resume the architect"


@dataclass(frozen=True)
class Box:
    """A checkbox; `target` is the vision or PR number it concerns (None: the architect)."""

    kind: BoxKind
    target: int | None = None

    @property
    def id(self) -> str:
        slug = self.kind.name.lower().replace("_", "-")
        return slug if self.target is None else f"{slug}-{self.target}"

    def line(self) -> str:
        return f"- [ ] {self.kind.value} {markers.marker(BOX_KIND, id=self.id)}"


@dataclass(frozen=True)
class Link:
    text: str
    url: str

    def markdown(self) -> str:
        return f"[{self.text}]({self.url})" if self.url else self.text


@dataclass(frozen=True)
class Entry:
    """One vision (and its sprint) as the dashboard shows it."""

    section: Section
    vision: int
    title: str
    url: str
    state: str
    since: str = ""  # when the state began, as the forge recorded it
    waits_for: str = ""
    links: tuple[Link, ...] = ()
    boxes: tuple[Box, ...] = ()


@dataclass(frozen=True)
class ArchitectState:
    enabled: bool
    interval: str
    model: str
    spend_this_month: float | None = None
    last_tick: str = ""  # the outcome of the last tick, without its time


@dataclass(frozen=True)
class Dashboard:
    project: str
    bot: str
    entries: tuple[Entry, ...]
    architect: ArchitectState
    notes: tuple[str, ...] = field(default=())  # answers to boxes that could not be done


def render(board: Dashboard) -> str:
    """The issue body. Equal boards render equal text, byte for byte."""
    lines = [
        markers.marker(DASHBOARD_KIND, project=board.project),
        f"The planning state of **{board.project}**, kept up to date by @{board.bot}. Tick a "
        "box to ask the architect for something: it does it on its next tick and answers "
        "on the vision or sprint PR concerned.",
    ]
    for note in board.notes:
        lines += ["", f"> {one_line(note, 300)}"]
    for section in Section:
        entries = sorted((e for e in board.entries if e.section is section),
                         key=lambda e: e.vision)
        lines += ["", f"## {section.value}", ""]
        if not entries:
            lines.append("_Nothing here._")
        for entry in entries:
            lines += _entry_lines(entry)
    lines += ["", "## The architect", "", *_architect_lines(board.architect)]
    return "\n".join(lines) + "\n"


def _entry_lines(entry: Entry) -> list[str]:
    head = f"- **[#{entry.vision}]({entry.url}) {one_line(entry.title, 80)}**: {entry.state}"
    if entry.since:
        head += f" (since {entry.since})"
    if entry.waits_for:
        head += f"; waits for {entry.waits_for}"
    if entry.links:
        head += ". " + ", ".join(link.markdown() for link in entry.links)
    return [head, *(f"  {box.line()}" for box in entry.boxes)]


def _architect_lines(state: ArchitectState) -> list[str]:
    status = "enabled" if state.enabled else "**paused** (nothing is pitched, asked or filed)"
    lines = [f"- {status}; a tick every {state.interval}; model `{state.model}`"]
    if state.spend_this_month is not None:
        lines.append(f"- model spend this month: ${state.spend_this_month:.2f}")
    if state.last_tick:
        lines.append(f"- last tick: {one_line(state.last_tick, 200)}")
    box = Box(BoxKind.PAUSE) if state.enabled else Box(BoxKind.RESUME)
    lines.append(box.line())
    return lines


def ticked_boxes(body: str) -> list[str]:
    """The ids of the boxes ticked in `body`, in the order they stand."""
    ticked: list[str] = []
    for line in body.splitlines():
        match = _BOX_LINE.match(line)
        if not match or match.group("mark") == " ":
            continue
        for found in markers.parse_markers(match.group("rest").strip()):
            if found.kind == BOX_KIND and "id" in found.attrs:
                ticked.append(found.attrs["id"])
    return ticked


def is_dashboard(body: str) -> bool:
    return any(m.kind == DASHBOARD_KIND for m in markers.parse_markers(body))


def box_of(box_id: str, offered: Iterable[Box]) -> Box | None:
    """The box an id names, among those the last render offered (a stale id names none)."""
    return next((b for b in offered if b.id == box_id), None)


def offered_boxes(board: Dashboard) -> list[Box]:
    boxes = [b for e in board.entries for b in e.boxes]
    boxes.append(Box(BoxKind.PAUSE) if board.architect.enabled else Box(BoxKind.RESUME))
    return boxes


def entries_needing_humans(entries: Sequence[Entry]) -> list[Entry]:
    return [e for e in entries if e.section is Section.NEEDS_HUMAN]
