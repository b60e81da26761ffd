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
from datetime import date, timedelta
from enum import StrEnum
from typing import Any

from architect.core import markers
from architect.core.text import one_line

_BOX_LINE = re.compile(r"^\s*[-*]\s+\[(?P<mark>[ xX])\]\s+(?P<rest>.*)$")
ARCHITECT_HEADING = "## The architect"
_TICK_EVERY = "; a tick every "


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
        return f"- [ ] {self.kind.value} {markers.BoxMark(self.id).render()}"


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
    paused_since: str = ""  # paused from the dashboard (its own mark keeps when); "" if not


@dataclass(frozen=True)
class Finished:
    """A vision whose sprint ended (filed or rejected); kept for FINISHED_DAYS."""

    vision: int
    title: str
    url: str
    outcome: str  # "filed #4, #5" or "rejected: <reason>"
    day: str  # YYYY-MM-DD, the day the tick saw it end

    def payload(self) -> dict[str, Any]:
        return {"vision": self.vision, "title": self.title, "url": self.url,
                "outcome": self.outcome, "day": self.day}

    @classmethod
    def from_payload(cls, item: dict[str, Any]) -> Finished | None:
        try:
            return cls(int(item["vision"]), str(item["title"]), str(item["url"]),
                       str(item["outcome"]), str(item["day"]))
        except (KeyError, TypeError, ValueError):
            return None


FINISHED_DAYS = 30


def carried_forward(previous: Sequence[Finished], new: Sequence[Finished],
                    today: date) -> tuple[Finished, ...]:
    """The recent finishes: what the last body held plus what this tick ended, one per
    vision (the newest), none older than FINISHED_DAYS."""
    oldest = (today - timedelta(days=FINISHED_DAYS)).isoformat()
    latest: dict[int, Finished] = {}
    for item in (*previous, *new):
        if item.day >= oldest:
            latest[item.vision] = item
    return tuple(sorted(latest.values(), key=lambda f: (f.day, f.vision), reverse=True))


def previous_finishes(body: str) -> tuple[Finished, ...]:
    mark = dashboard_mark(body)
    if mark is None:
        return ()
    return tuple(f for f in map(Finished.from_payload, mark.finished) if f is not None)


def previous_open(body: str) -> tuple[int, ...]:
    mark = dashboard_mark(body)
    return mark.open if mark is not None else ()


def dashboard_mark(body: str) -> markers.DashboardMark | None:
    return next((m for m in markers.marks_in(body) if isinstance(m, markers.DashboardMark)),
                None)


@dataclass(frozen=True)
class Dashboard:
    project: str
    bot: str
    entries: tuple[Entry, ...]
    architect: ArchitectState
    notes: tuple[str, ...] = field(default=())  # answers to boxes that could not be done
    finished: tuple[Finished, ...] = ()  # carried forward in the dashboard's own mark
    open_sprints: tuple[int, ...] = ()  # so that the next render sees which ones ended


def render(board: Dashboard) -> str:
    """The issue body. Equal boards render equal text, byte for byte."""
    lines = [
        markers.DashboardMark(board.project, tuple(f.payload() for f in board.finished),
                              tuple(sorted(board.open_sprints)),
                              board.architect.paused_since).render(),
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
        finished = board.finished if section is Section.FINISHED else ()
        if not entries and not finished:
            lines.append("_Nothing here._")
        for entry in entries:
            lines += _entry_lines(entry)
        lines += [f"- [#{f.vision}]({f.url}) {_text(f.title, 80)}: {_text(f.outcome, 200)}"
                  f" ({f.day})" for f in finished]
    lines += ["", ARCHITECT_HEADING, "", *_architect_lines(board.architect)]
    return "\n".join(lines) + "\n"


def _text(text: str, limit: int) -> str:
    return markers.neutralize(one_line(text, limit))


def _entry_lines(entry: Entry) -> list[str]:
    # Titles and reasons are people's words: a marker pasted into one stays text.
    head = (f"- **[#{entry.vision}]({entry.url}) {_text(entry.title, 80)}**: "
            f"{_text(entry.state, 300)}")
    if entry.since:
        head += f" (since {entry.since})"
    if entry.waits_for:
        head += f"; waits for {entry.waits_for}"
    if entry.links:
        head += ". " + ", ".join(link.markdown() for link in entry.links)
    return [head, *(f"  {box.line()}" for box in entry.boxes)]


def _architect_lines(state: ArchitectState) -> list[str]:
    status = "enabled" if state.enabled else "**paused** (nothing is pitched, asked or filed)"
    if not state.enabled and state.paused_since:
        status = f"**paused** from this dashboard since {_moment(state.paused_since)} " \
            "(nothing is pitched, asked or filed)"
    lines = [f"- {status}{_TICK_EVERY}{state.interval}; model `{state.model}`"]
    if state.spend_this_month is not None:
        lines.append(f"- model spend this month: ${state.spend_this_month:.2f}")
    if state.last_tick:
        lines.append(f"- last tick: {one_line(state.last_tick, 200)}")
    box = Box(BoxKind.PAUSE) if state.enabled else Box(BoxKind.RESUME)
    lines.append(box.line())
    return lines


def disabled_body(body: str, since: str) -> str | None:
    """The dashboard's body with its status line saying the architect is disabled since
    `since` (`architect disable`, which writes it: a disabled tick sends nothing, so no
    render can). The next render after `architect enable` writes the line back. None when
    the body has no status line to change."""
    lines = body.replace("\r\n", "\n").split("\n")
    if ARCHITECT_HEADING not in lines:
        return None
    start = len(lines) - 1 - lines[::-1].index(ARCHITECT_HEADING)  # the last section
    at = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("- ")), None)
    if at is None:
        return None
    _, found, rest = lines[at].partition(_TICK_EVERY)
    tail = _TICK_EVERY + rest if found else ""
    lines[at] = (f"- **disabled** since {since} (`architect disable`): no tick reads or "
                 f"writes anything until `architect enable`{tail}")
    return "\n".join(lines)


def _moment(iso: str) -> str:
    return iso.replace("T", " ")


def ticked_boxes(body: str) -> list[str]:
    """The ids of the boxes ticked in `body`, in the order they stand."""
    ticked: list[str] = []
    for line in body.splitlines():
        match = _BOX_LINE.match(line)
        if not match or match.group("mark") == " ":
            continue
        ticked += [mark.id for mark in markers.marks_in(match.group("rest").strip())
                   if isinstance(mark, markers.BoxMark)]
    return ticked


def is_dashboard(body: str, project: str | None = None) -> bool:
    mark = dashboard_mark(body)
    return mark is not None and (project is None or mark.project == project)


def paused_since(body: str) -> str:
    """When the architect was paused from this dashboard ("" while it is not)."""
    mark = dashboard_mark(body)
    return mark.paused if mark is not None else ""


@dataclass(frozen=True)
class Seen:
    """The dashboard issue as the tick read it: facts of the snapshot, like a comment."""

    number: int | None  # None: there is none yet
    open: bool
    body: str
    # Whether a person who may steer left the body as it is (always, with `reviewers`
    # empty; else a signed webhook delivery must say so): unsteerable boxes are unticked.
    steerable: bool

    @property
    def ticked(self) -> list[str]:
        # Closed, it offers nothing; but a pause holds on a closed dashboard, and so does
        # its "resume" box (core/steer: a closed dashboard is not a resume).
        return ticked_boxes(self.body) if self.open or self.paused_since else []

    @property
    def paused_since(self) -> str:
        """When it was paused from this dashboard, open or closed ("" while it is not)."""
        return paused_since(self.body)


def box_of(box_id: str, offered: Iterable[Box]) -> Box | None:
    """The box an id names, among those the last render offered (a stale id names none)."""
    return next((b for b in offered if b.id == box_id), None)


def offered_boxes(board: Dashboard) -> list[Box]:
    boxes = [b for e in board.entries for b in e.boxes]
    boxes.append(Box(BoxKind.PAUSE) if board.architect.enabled else Box(BoxKind.RESUME))
    return boxes
