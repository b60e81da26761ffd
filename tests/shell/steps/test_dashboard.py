"""The dashboard's steps (`shell.steps.dashboard`): a ticked box answered where it points."""

from __future__ import annotations

from pathlib import Path

from architect.core.actions import AnswerBox
from architect.core.markers import SteeredMark
from architect.shell.steps.dashboard import answer_box
from tests.shell.steps.helpers import planned_with
from tests.world import OPS, make_world


def test_an_unpark_box_takes_the_label_off_then_answers_once(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    pr = world.accepted()
    world.bot.add_issue_labels(OPS, pr, ["parked"])
    hands, _ = planned_with(world)
    mark = SteeredMark(f"unpark-{pr}", 9)
    box = AnswerBox(box=f"unpark-{pr}", kind="unpark", on_ops=True, number=pr,
                    text=f"Unparked from the dashboard.\n\n{mark.render()}", mark=mark,
                    remove_label="parked")
    answer_box(hands, box)
    answer_box(hands, box)  # the mark is the answer: a second run finds it
    assert [label.name for label in world.bot.get_pull(OPS, pr).labels] == []
    answers = [c for c in world.bot_comments(pr) if c.startswith("Unparked from the dashboard.")]
    assert answers == [box.text]
