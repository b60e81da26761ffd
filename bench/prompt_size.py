"""The prompt of a pitch for the demo project, with a 2 KB lessons file (tokens ≈ chars / 4)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from architect.app.demo_project import DEMO
from architect.codemap import summarize
from architect.core.inputs import PlannerInputs, ProjectContext, VisionInput
from architect.core.schemas import Pitch
from architect.prompts import build_request, load_formula
from architect.runners.base import Mode, ModelRequest
from world import lessons_2kb

BIG_CODE_SUMMARY_CHARS = 400_000

def estimate(request: ModelRequest[Pitch]) -> int:
    return -(-(len(request.system) + len(request.context) + len(request.prompt)) // 4)


def pitch_request(code_summary: str) -> ModelRequest[Pitch]:
    vision = DEMO.visions[0]
    context = ProjectContext(vision_md=DEMO.vision_md, agents_md=DEMO.agents_md,
                             prerequisites_md=DEMO.prerequisites_md, code_summary=code_summary,
                             lessons=lessons_2kb())
    inputs = PlannerInputs(project=DEMO.name,
                           vision=VisionInput(1, vision.title, vision.body,
                                              "http://forge.bench/acme/todo/issues/1"),
                           context=context)
    return build_request(Mode.PITCH, inputs, formula=load_formula(), schema=Pitch)


def pitch_prompt_tokens() -> tuple[int, int]:
    """(tokens of the demo's pitch, tokens when the code summary is 400 KB and must be cut)."""
    with tempfile.TemporaryDirectory(prefix="architect-demo-code-") as tmp:
        root = Path(tmp)
        for path, content in DEMO.files:
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            (root / path).write_text(content)
        code = summarize(root)
    big = "".join(f"- todo/module_{i}.py: a module of the todo app\n"
                  for i in range(BIG_CODE_SUMMARY_CHARS // 45))
    return estimate(pitch_request(code)), estimate(pitch_request(big))
