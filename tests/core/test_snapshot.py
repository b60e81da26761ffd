"""What one tick read, as a value (`core.snapshot`)."""

from __future__ import annotations

from architect.core.snapshot import Snapshot
from tests.builders import VISION, a_snapshot, a_vision


def test_a_vision_is_found_by_number_among_the_open_ones_only() -> None:
    snapshot = a_snapshot(visions=[a_vision(), a_vision(8, "Gift cards")])
    assert isinstance(snapshot, Snapshot)
    found = snapshot.vision(8)
    assert found is not None and found.title == "Gift cards"
    assert snapshot.vision(VISION) is snapshot.visions[0]
    assert snapshot.vision(99) is None
    assert snapshot.closed == () and snapshot.merged == () and snapshot.filed == ()
