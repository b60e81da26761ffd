"""`apply` performs an action by the one step its type has (`shell.steps.registry`)."""

from __future__ import annotations

import pytest

from architect.shell.apply import apply


def test_an_action_without_a_step_is_a_key_error_not_silence() -> None:
    class Unknown:
        pass

    with pytest.raises(KeyError):
        apply(None, Unknown())  # type: ignore[arg-type]
