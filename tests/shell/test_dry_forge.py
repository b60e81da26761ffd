"""The dry run's forge answers every method of `Forge`: a read it passes on, a write it
only logs. A method added to the protocol must be sorted into one or the other."""

from __future__ import annotations

import inspect

from architect.forge.protocol import Forge
from architect.shell.dry_forge import _READS, DryForge


def test_every_forge_method_is_a_read_passed_on_or_a_write_dry_forge_defines() -> None:
    methods = {name for name, _ in inspect.getmembers(Forge, inspect.isfunction)
               if not name.startswith("_")}
    writes = {name for name, value in vars(DryForge).items()
              if inspect.isfunction(value) and not name.startswith("_")}
    assert _READS.isdisjoint(writes)
    assert methods - _READS - writes == set()
    assert _READS - methods == set()  # no read named that the protocol lacks
