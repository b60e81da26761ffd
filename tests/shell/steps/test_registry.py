"""Every action has exactly one step, filed by the step itself (`@performs`), found by the
action's type (`shell.steps.registry`): a missing or doubled step fails here, not in a tick."""

from __future__ import annotations

from typing import get_args

import pytest

from architect.core.actions import Action, SyncLedger
from architect.shell.steps.hands import Hands
from architect.shell.steps.registry import STEPS, performs, step_of
from tests.core.test_preconditions import PITCH

ACTIONS = get_args(Action)


def test_every_action_has_exactly_one_step() -> None:
    assert sorted(kind.__name__ for kind in STEPS) == sorted(k.__name__ for k in ACTIONS)


@pytest.mark.parametrize("kind", ACTIONS, ids=lambda k: k.__name__)
def test_each_step_lives_in_the_steps_package(kind: type) -> None:
    assert STEPS[kind].__module__.startswith("architect.shell.steps.")


def test_apply_looks_the_step_up_by_the_actions_type() -> None:
    assert step_of(PITCH).__name__ == "open_pitch"


def test_a_second_step_for_an_action_fails_where_it_is_declared() -> None:
    with pytest.raises(TypeError, match="SyncLedger has two steps: sync_ledger and other"):
        @performs(SyncLedger)
        def other(hands: Hands, action: SyncLedger) -> None:
            return None
    assert STEPS[SyncLedger].__name__ == "sync_ledger"
