"""The dry run's forge answers every method of `Forge` by the protocol's own declaration
(`READS`, `WRITES`): a read it passes on, a write it only logs. A method added to the
protocol is declared one or the other (tests/forge/test_protocol.py), and a write is
answered here."""

from __future__ import annotations

import inspect

from architect.forge.protocol import WRITES
from architect.shell.dry_forge import DryForge


def test_the_dry_forge_answers_every_write_and_passes_on_only_the_reads() -> None:
    answered = {name for name, value in vars(DryForge).items()
                if inspect.isfunction(value) and not name.startswith("_")}
    assert answered >= WRITES
    assert answered - WRITES == {"current_user"}  # a read, remembered for the made-up answers
