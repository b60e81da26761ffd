"""Values every layer shares, below `core/`, `runners/` and `config`: no logic, no import of
the project's own.

`config` reads a model's thinking effort, the runners send it and the error tree carries
what a failed run was billed; each imports these from here, so no import runs back up a
layer (tests/layers: `TYPE_CHECKING` imports counted).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

# How hard an adaptive model thinks, least first; also the values `thinking_effort` takes.
Effort = Literal["low", "medium", "high", "xhigh", "max"]
EFFORTS: tuple[Effort, ...] = get_args(Effort)


@dataclass(frozen=True)
class Usage:
    """What a model call was billed: tokens in and out, and its cost where known."""

    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float | None = None

    def __add__(self, other: Usage) -> Usage:
        cost = None
        if self.cost_usd is not None or other.cost_usd is not None:
            cost = (self.cost_usd or 0.0) + (other.cost_usd or 0.0)
        return Usage(
            self.input_tokens + other.input_tokens, self.output_tokens + other.output_tokens, cost
        )
