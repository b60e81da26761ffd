"""Which step performs which action: each step says so where it is defined.

`@performs(OpenPitch)` above a step in `shell/steps/<kin>.py` files it here, under
its action's class; `apply` looks the step up by the action's type. A second step
for one action fails at import; an action without a step fails a test
(`tests/shell/steps/test_registry.py`), never a tick.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from architect.core.actions import Action, Written
from architect.shell.steps.hands import Hands

A = TypeVar("A")
R = TypeVar("R", bound="Written | None")
Step = Callable[[Hands, Any], "Written | None"]

# Filled as the step modules are imported (`shell/steps/__init__.py` imports them all).
STEPS: dict[type, Step] = {}


def performs(kind: type[A]) -> Callable[[Callable[[Hands, A], R]], Callable[[Hands, A], R]]:
    """File the decorated function as the one step of `kind`."""

    def register(step: Callable[[Hands, A], R]) -> Callable[[Hands, A], R]:
        if kind in STEPS:
            raise TypeError(f"{kind.__name__} has two steps: {STEPS[kind].__name__} "
                            f"and {step.__name__}")
        STEPS[kind] = step
        return step

    return register


def step_of(action: Action) -> Step:
    """The step of this action's class (every member of `Action` has one: a test says so)."""
    return STEPS[type(action)]
