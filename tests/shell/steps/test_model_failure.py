"""The note when the model's answer is invalid twice (`shell.steps.model_failure`), where
the humans must act."""

from __future__ import annotations

from pathlib import Path

from architect.core.actions import OpenPitch
from architect.errors import InvalidModelOutput
from architect.shell.steps.model_failure import note_model_failure
from tests.shell.steps.helpers import planned
from tests.world import PROJECT, make_world


def test_a_pitch_the_model_failed_is_noted_once_on_the_vision(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    vision = world.vision("Wishlists")
    hands, action = planned(world, OpenPitch)
    failure = InvalidModelOutput("title: field required")
    failure.step = "pitch"
    note_model_failure(hands, action, failure)
    (note,) = world.bot_comments(vision, PROJECT)
    assert note.startswith(
        "The architect could not write the sprint pitch for this vision: the model's answer "
        "was not valid, twice, so nothing was changed.\n\n```text\ntitle: field required\n```")
    assert "The architect will not ask the model again before that." in note
    assert "<!-- architect: model-error step=pitch after=0 " in note
    assert world.tick().decision.actions == ()  # no model call until a human replies
