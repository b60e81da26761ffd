"""The model spend of the month, a fact of the tick's read (the dashboard shows it).

The runner's session files (`runners.sessions`, one a sprint PR) hold each PR's cost
so far; the month's spend is the cost in the files written this month (a session
dropped at a rejection takes its cost with it). The read step reads them once
(`read_spend`); the tick's own calls and drops are folded into that value as they
happen (`MonthSpend.charged`, `MonthSpend.dropped`), as the runner changes the files,
so the render shows what a read after the tick would find, reading nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from types import MappingProxyType

from architect.config import ProjectConfig
from architect.runners.sessions import SessionStore


def _frozen(costs: Mapping[str, float]) -> Mapping[str, float]:
    return MappingProxyType(dict(costs))


@dataclass(frozen=True)
class MonthSpend:
    """Each session's cost, by session key: `this_month` for the files written this
    month, `earlier` for the others (a call this month writes one again: all its cost
    counts then)."""

    this_month: Mapping[str, float] = field(default_factory=dict)
    earlier: Mapping[str, float] = field(default_factory=dict)

    @property
    def total(self) -> float | None:
        """The month's spend in dollars, to the cent; None when there is none."""
        return round(sum(self.this_month.values()), 2) or None

    def charged(self, key: str, cost: float) -> MonthSpend:
        """After a call charged to the session `key` (the runner wrote its file now)."""
        so_far = self.this_month.get(key, self.earlier.get(key, 0.0))
        return MonthSpend(_frozen({**self.this_month, key: so_far + cost}),
                          _frozen({k: v for k, v in self.earlier.items() if k != key}))

    def dropped(self, key: str) -> MonthSpend:
        """After the session `key` was dropped (its file deleted, its cost with it)."""
        return MonthSpend(_frozen({k: v for k, v in self.this_month.items() if k != key}),
                          _frozen({k: v for k, v in self.earlier.items() if k != key}))


def read_spend(config: ProjectConfig, now: datetime) -> MonthSpend:
    """The session files' costs, split by whether the file was written in `now`'s month."""
    store = SessionStore(config.architect.state_dir, config.name)
    month = now.strftime("%Y-%m")
    this_month: dict[str, float] = {}
    earlier: dict[str, float] = {}
    for path in sorted(store.root.glob("*.json")):
        try:
            written = datetime.fromtimestamp(path.stat().st_mtime, now.tzinfo)
        except FileNotFoundError:  # dropped by a tick of another process since the glob
            continue
        try:
            record = store.load(path.stem)
        except ValueError:  # a name no session has: not one of the runner's files
            continue
        cost = record.cost_usd if record else 0.0
        (this_month if written.strftime("%Y-%m") == month else earlier)[path.stem] = cost
    return MonthSpend(_frozen(this_month), _frozen(earlier))
