"""One call of each API runner against the loopback fakes: run by test_sdk_floors.py inside a
throwaway environment that holds the SDKs' floor versions, to prove the floors work."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from architect.core.inputs import PlannerInputs, VisionInput
from architect.core.schemas import Pitch
from architect.runners.anthropic_api import AnthropicRunner
from architect.runners.base import Mode, ModelRequest
from architect.runners.openai_api import OpenAIRunner
from tests.e2e.runners.chat_api import ChatCompletionsAPI
from tests.e2e.runners.messages_api import MessagesAPI

KEY = "sk-floor-test-0123456789abcdef"
PITCH = {
    "what_this_enables": "Ticks within seconds of a comment.",
    "what_exists_today": "A 6-hour loop in loop.py.",
    "complexity": "Small: 3 sub-issues.",
    "risks": "Replayed deliveries.",
    "cost_new_infra": "None.",
    "verdict": "GO",
    "recommendation": "Do it: cheap and visible.",
}
SCRIPT = {"Pitch": [PITCH]}


def main() -> int:
    vision = VisionInput(number=3, title="Webhooks", body="Tick on each comment.")
    request = ModelRequest(
        mode=Mode.PITCH, schema=Pitch, system="You are the architect.",
        context="VISION.md says be small.", prompt="Pitch it in the schema `Pitch`.",
        inputs=PlannerInputs(project="floor", vision=vision),
    )  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        with MessagesAPI(SCRIPT, KEY) as api:
            claude = AnthropicRunner(
                model_name="claude-opus-5-5", state_dir=Path(tmp), project="floor",
                env={"ANTHROPIC_API_KEY": KEY, "ANTHROPIC_BASE_URL": api.url},
                thinking_effort="high",
            )  # fmt: skip
            claude.prove_model()
            print("anthropic:", claude.run(request).output.verdict)
        with ChatCompletionsAPI(SCRIPT, KEY) as chat:
            gpt = OpenAIRunner(
                model_name="gpt-4.1", state_dir=Path(tmp), project="floor",
                env={"OPENAI_API_KEY": KEY}, base_url=f"{chat.url}/v1",
            )  # fmt: skip
            gpt.prove_model()
            print("openai:", gpt.run(request).output.verdict)
    return 0


if __name__ == "__main__":
    sys.exit(main())
