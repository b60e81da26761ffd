"""The structured facts behind a model request.

Language-model runners read the prompt text built from these by `prompts`;
the offline planner reads them directly. No field ever holds a secret.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from architect.core.ledger import Ledger


@dataclass(frozen=True)
class VisionInput:
    number: int
    title: str
    body: str
    url: str = ""


@dataclass(frozen=True)
class ProjectContext:
    vision_md: str = ""
    agents_md: str = ""
    prerequisites_md: str = ""
    code_summary: str = ""
    lessons: str = ""


@dataclass(frozen=True)
class HumanComment:
    id: int
    author: str
    body: str
    url: str = ""


@dataclass(frozen=True)
class PlannerInputs:
    project: str
    vision: VisionInput
    context: ProjectContext = field(default_factory=ProjectContext)
    pr_number: int | None = None
    pitch_markdown: str = ""  # the current pitch (revise, questions, answers, file)
    guidance: str = ""  # the human's words that came with ACCEPT / APPROVED
    feedback: str = ""  # the REQUEST_CHANGES review body (revise)
    rejection_reason: str = ""  # why an earlier sprint for this vision was rejected
    ledger: Ledger = field(default_factory=Ledger)
    new_comments: tuple[HumanComment, ...] = ()  # free text the grammar could not read
    journal_entries: tuple[str, ...] = ()  # digest mode
