"""`architect status`: every vision and sprint PR, its state, since when, what it waits for.

It reads the same snapshot a tick reads and the same state table
(`core.table`), so what it shows is what the next tick will act on.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass
from datetime import datetime

from rich.console import Console
from rich.table import Table

from architect.app.status_notes import json_time
from architect.config import ProjectConfig
from architect.core.table import REPLAN_ROWS, WAITS_FOR, vision_label, vision_row
from architect.core.text import one_line
from architect.core.view import ReplanState, SprintView
from architect.forge.protocol import Forge
from architect.runners.sessions import SessionStore
from architect.shell.tick import plan_tick


@dataclass(frozen=True)
class StatusRow:
    kind: str  # "sprint" | "vision"
    number: int
    title: str
    state: str
    since: datetime  # when the state began, as the forge recorded it
    waits_for: str
    vision: int | None = None
    open_questions: str = ""
    cost_usd: float | None = None  # model cost so far, from the PR's session file

    def as_dict(self) -> dict[str, object]:
        return {**asdict(self), "since": json_time(self.since)}


def collect_status(forge: Forge, config: ProjectConfig, now: datetime) -> list[StatusRow]:
    return collect(forge, config, now)[0]


def collect(forge: Forge, config: ProjectConfig,
            now: datetime) -> tuple[list[StatusRow], str]:
    """The rows, and since when the dashboard says the architect is paused ("": it is not)."""
    _, planned = plan_tick(forge, config, now)
    snapshot, decision = planned.snapshot, planned.decision
    sessions = SessionStore(config.architect.state_dir, config.name)
    rows = []
    for view in decision.views:  # the views the plan holds: each PR's marks read once
        record = sessions.load(f"pr-{view.number}")
        rows.append(_sprint_row(view, record.cost_usd if record and record.calls else None))
    for filed in decision.replans:  # merged sprints being re-planned, as the plan holds them
        if filed.state is not None and filed.state is not ReplanState.FILED:
            pr = filed.filed.merged.pr
            rows.append(StatusRow("sprint", pr.number, one_line(pr.title, 60), filed.state.value,
                                  max((c.created_at for c in filed.filed.comments),
                                      default=pr.updated_at),
                                  REPLAN_ROWS[filed.state].waits_for,
                                  vision=filed.filed.merged.vision_number))
    facts = decision.vision_facts(snapshot, config.architect, every=True)
    for vision in sorted(snapshot.visions, key=lambda v: v.number):
        row = vision_row(facts[vision.number])
        rows.append(StatusRow("vision", vision.number, one_line(vision.title, 60),
                              vision_label(facts[vision.number]), vision.updated_at,
                              row.waits_for))
    return rows, planned.paused_since


def _sprint_row(view: SprintView, cost: float | None) -> StatusRow:
    pr = view.sprint.pr
    bot_times = [c.created_at for c in view.sprint.comments if c.user.login == pr.user.login]
    since = max(bot_times, default=pr.created_at)
    open_q = ""
    if view.ledger is not None:
        open_q = ", ".join(f"Q{f.number}" for f in view.ledger.unresolved)
    state = view.state.value + (f" ({open_q})" if open_q else "")
    return StatusRow("sprint", pr.number, one_line(pr.title, 60), state, since,
                     WAITS_FOR[view.state], vision=view.sprint.vision_number,
                     open_questions=open_q, cost_usd=cost)


def render_table(rows: list[StatusRow], *, title: str) -> None:
    table = Table(title=title, show_lines=False)
    costs = any(row.cost_usd is not None for row in rows)  # no column for offline or idle
    for column in ("", "#", "title", "state", "since", "waits for", *(("cost",) if costs else ())):
        table.add_column(column, overflow="fold")
    for row in rows:
        label = "PR" if row.kind == "sprint" else "vision"
        cells = [label, f"#{row.number}", row.title, row.state,
                 row.since.strftime("%Y-%m-%d %H:%M"), row.waits_for]
        if costs:
            cells.append(f"${row.cost_usd:.2f}" if row.cost_usd is not None else "")
        table.add_row(*cells)
    output_console().print(table)


PIPED_WIDTH = 10_000  # wide enough that no row is folded


def folds_at_80(console: Console) -> bool:
    """Whether rich would fold this console's lines at its default 80 columns: stdout is
    piped (`status | grep`) and COLUMNS asks for no width."""
    return not console.is_terminal and not os.environ.get("COLUMNS", "").isdigit()


def output_console() -> Console:
    """Rich's console for stdout: piped, a row stays one line."""
    console = Console()
    if folds_at_80(console):
        console.width = PIPED_WIDTH
    return console
