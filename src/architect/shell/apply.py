"""apply: perform exactly the action `decide` chose, by the one step that does it.

The registry (`shell.steps.registry`) is the shell's half of the transition table
(`core.table`): each step, where it lives with its kin in `shell.steps`, names the
action it performs; here it is looked up by the action's type.
"""

from __future__ import annotations

from architect.core.actions import Action, Written
from architect.errors import InvalidModelOutput
from architect.shell.steps.hands import Hands
from architect.shell.steps.model_failure import note_model_failure
from architect.shell.steps.registry import step_of


def apply(hands: Hands, action: Action) -> Written | None:
    """Perform exactly this action; say what it wrote on its sprint PR, if anything."""
    try:
        return step_of(action)(hands, action)
    except InvalidModelOutput as exc:
        note_model_failure(hands, action, exc)
        raise
