"""The runner's interface values (`runners.base`): what a request and its usage say."""

from __future__ import annotations

from architect.core.inputs import PlannerInputs, VisionInput
from architect.core.schemas import Pitch
from architect.runners.base import Mode, ModelRequest, Usage


def test_usage_adds_tokens_and_a_cost_only_when_one_is_known() -> None:
    assert Usage(1, 2) + Usage(10, 20) == Usage(11, 22, None)
    assert Usage(1, 2, 0.5) + Usage(3, 4) == Usage(4, 6, 0.5)
    assert Usage(cost_usd=0.25) + Usage(cost_usd=0.5) == Usage(0, 0, 0.75)


def test_the_tools_prompt_is_sent_only_to_a_runner_that_offers_tools() -> None:
    inputs = PlannerInputs("demo", VisionInput(1, "Wishlists", "Keep a wishlist."))
    request = ModelRequest(Mode.PITCH, Pitch, "system", "context", "plain", inputs,
                           tools_prompt="with tools")
    assert (request.prompt_for(True), request.prompt_for(False)) == ("with tools", "plain")
    bare = ModelRequest(Mode.PITCH, Pitch, "system", "context", "plain", inputs)
    assert bare.prompt_for(True) == "plain"
    assert [m.value for m in Mode] == ["pitch", "revise", "questions", "answers", "file",
                                       "digest", "replan", "read"]
