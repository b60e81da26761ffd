"""The tick's recorder keeps the writes the render folds in, by the protocol's declaration
of what writes, whichever way a step passes the arguments; reads and writes the render
does not fold go straight through."""

from __future__ import annotations

from pathlib import Path

from architect.core.after import Wrote
from architect.forge.protocol import WRITES
from architect.shell import recorded
from architect.shell.recorded import Recorded
from tests.world import OPS, PROJECT, make_world


def test_the_records_name_writes_of_the_protocol() -> None:
    assert recorded._RECORDS.keys() <= WRITES


def test_a_recorded_forge_keeps_each_write_as_the_forge_answered_it(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    vision = world.vision("Wishlists")
    writes: list[Wrote] = []
    forge = Recorded.around(world.bot, writes)
    said = forge.create_comment(PROJECT, vision, "first")
    again = forge.edit_comment(PROJECT, said.id, body="first, edited")
    forge.add_issue_labels(PROJECT, number=vision, labels=["in-progress"])
    forge.remove_issue_label(PROJECT, vision, "in-progress")
    assert forge.list_comments(PROJECT, vision)[-1].body == "first, edited"  # a read: not kept
    forge.create_label(OPS, name="architect", color="#5319e7")  # nothing the render shows
    assert writes == [
        Wrote(PROJECT, vision, comment=said),
        Wrote(PROJECT, 0, comment=again, edited=True),
        Wrote(PROJECT, vision, labels=writes[2].labels),
        Wrote(PROJECT, vision, unlabelled="in-progress"),
    ]
    assert [label.name for label in writes[2].labels or ()] == ["in-progress", "vision"]
