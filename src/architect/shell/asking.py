"""Asking the model: build the request from the formula, enforce the cost budget, log usage."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import TypeVar

from pydantic import BaseModel

from architect.config import ProjectConfig
from architect.core.inputs import PlannerInputs
from architect.errors import (
    BudgetExhausted,
    InvalidModelOutput,
    ModelNotAsked,
    RunnerError,
)
from architect.prompts import build_request, load_formula
from architect.runners.base import Limits, Mode, Runner, Usage
from architect.runners.registry import FREE_RUNNERS
from architect.shell.context import TickContext
from architect.shell.spend import MonthSpend

log = logging.getLogger("architect")
T = TypeVar("T", bound=BaseModel)


@dataclass
class Asker:
    runner: Runner
    config: ProjectConfig
    context: TickContext
    secrets: tuple[str, ...] = ()
    dry_run: bool = False  # a dry run asks only a runner that costs nothing
    usage: Usage = field(default_factory=Usage)
    calls: int = 0
    # The month's spend as read, with this tick's calls and drops folded in as the runner
    # writes its session files (None: no dashboard shows it).
    spend: MonthSpend | None = None

    def ask(self, mode: Mode, schema: type[T], inputs: PlannerInputs,
                          *, session_key: str | None = None) -> T:
        if self.dry_run and self.runner.name not in FREE_RUNNERS:
            raise ModelNotAsked(mode.value)
        limit = self.config.architect.max_cost_per_tick
        if limit is not None and (self.usage.cost_usd or 0.0) >= limit:
            raise BudgetExhausted(
                f"max_cost_per_tick (${limit:.2f}) reached after ${self.usage.cost_usd:.2f}: "
                "no more model calls this tick")
        settings = self.config.architect
        request = build_request(
            mode, inputs, formula=load_formula(self.context.formula_override), schema=schema,
            session_key=session_key,
            limits=Limits(max_turns=settings.max_turns,
                          timeout_s=settings.model_timeout.total_seconds()),
            budget_tokens=settings.context_budget_tokens, secrets=self.secrets,
        )
        try:
            result = self.runner.run(request)
        except RunnerError as exc:
            # A billed call counts even when its answer is unusable (refused, cut off…).
            self._count(session_key, exc.calls, exc.usage or Usage())
            if isinstance(exc, InvalidModelOutput):
                exc.step = mode.value
            raise
        self._count(session_key, result.calls, result.usage)
        log.info("model %s (%s): %s", mode.value, self.runner.name, spent(result.usage))
        return result.output

    def _count(self, session_key: str | None, calls: int, usage: Usage) -> None:
        self.calls += calls
        self.usage = self.usage + usage
        # The runner charges a billed call to the PR's session file.
        if self.spend is not None and session_key is not None and calls:
            self.spend = self.spend.charged(session_key, usage.cost_usd or 0.0)

    def drop_session(self, session_key: str) -> None:
        """The runner forgets the PR's session, and its file's cost leaves the month's."""
        self.runner.drop_session(session_key)
        if self.spend is not None:
            self.spend = self.spend.dropped(session_key)


def spent(usage: Usage) -> str:
    """The tokens used, and the cost when the runner knows it, for a log line."""
    cost = f", ${usage.cost_usd:.4f}" if usage.cost_usd is not None else ""
    return f"{usage.input_tokens} in / {usage.output_tokens} out tokens{cost}"
