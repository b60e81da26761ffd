"""`architect run --json`: one JSON document for one tick, built from its `TickReport` (pure).

The document always has `project`, `dry_run` and `exit`; a tick that ran adds
each sprint PR's state (`sprints`, from the decision's views), what it
planned, applied, failed (with the reason), blocked before the model (with the
reason), and the model calls, tokens and cost. A tick that could not run says
why in `error`, or in `skipped` when it stood down on purpose.
"""

from __future__ import annotations

from typing import Any

from architect.core.actions import (
    Action,
    AnswerBox,
    CompleteVision,
    OpenPitch,
    PauseArchitect,
    RepairMerged,
    ResumeArchitect,
)
from architect.shell.tick import TickReport


def action_document(action: Action, reason: str | None = None) -> dict[str, Any]:
    found: dict[str, Any] = {"kind": type(action).__name__, "describe": action.describe()}
    if isinstance(action, OpenPitch | RepairMerged):
        found["vision"] = action.vision_number
    elif isinstance(action, AnswerBox):
        found["pr" if action.on_ops else "vision"] = action.number
        found["box"] = action.box
    elif isinstance(action, PauseArchitect | ResumeArchitect):
        found["dashboard"] = True
    elif isinstance(action, CompleteVision):
        found["pr"] = action.merged.pr.number
        found["vision"] = action.merged.vision_number
    else:
        found["pr"] = action.sprint.pr.number
        found["vision"] = action.sprint.vision_number
    if reason is not None:
        found["reason"] = reason
    return found


def tick_document(project: str, *, dry_run: bool, exit_code: int,
                  report: TickReport | None = None, error: str | None = None,
                  skipped: str | None = None) -> dict[str, Any]:
    document: dict[str, Any] = {"project": project, "dry_run": dry_run}
    if report is not None:
        document |= {
            "planned": [action_document(a) for a in report.decision.actions],
            # Each sprint PR's state as the tick's decision held it (no second reading).
            "sprints": [{"pr": v.number, "vision": v.sprint.vision_number,
                         "state": v.state.value} for v in report.decision.views],
            "notes": list(report.decision.notes) + report.setup_notes,
            # A dry run applies nothing: what it walked through is what the tick *would* do,
            # the steps its own writes make due included (answers → filing → merge).
            "applied": [] if dry_run else [action_document(a) for a in report.applied],
            "would": [action_document(a) for a in report.applied] if dry_run else [],
            "failed": [action_document(a, why) for a, why in report.failed],
            "blocked": [action_document(a, why) for a, why in report.blocked],
            "model_calls": report.model_calls,
            "tokens": {"input": report.usage.input_tokens,
                       "output": report.usage.output_tokens},
            "cost_usd": report.usage.cost_usd,
        }
    if skipped is not None:
        document["skipped"] = skipped
    if error is not None:
        document["error"] = error
    document["exit"] = exit_code
    return document
