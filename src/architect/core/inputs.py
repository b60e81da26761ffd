"""The structured facts behind a model request.

Language-model runners read the prompt text built from these by `prompts`;
the offline planner reads them directly. No field ever holds a secret.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from architect.core.ledger import Ledger

# The lessons file's cap. The journal keeps the file within it, and the prompt and the
# offline digest hold the lessons to it, so it lives here where every layer may read it.
LESSONS_MAX_BYTES = 2048


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
    # Which of the paths the vision names are files of the project repo, as read (its
    # `repo_root`, or the forge's listing of their folders); None: not read.
    files: tuple[str, ...] | None = None


@dataclass(frozen=True)
class HumanComment:
    id: int
    author: str
    body: str
    url: str = ""
    may_steer: bool | None = None  # None where it goes without saying (PR answers)


@dataclass(frozen=True)
class FiledIssue:
    """A filed sub-issue as it is now, for a re-plan."""

    number: int
    sub_id: str  # the id of its provenance marker ("" when a person removed it)
    title: str
    body: str
    state: str
    labels: tuple[str, ...] = ()
    started: str = ""  # why work has started on it (then it is not touched), or ""


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
    # pitch: what humans said on the vision issue, and the sprint they turned down
    vision_comments: tuple[HumanComment, ...] = ()
    rejected_pitch: str = ""
    # answers: the round's comments whole, and the forks the grammar answered from them
    round_comments: tuple[HumanComment, ...] = ()
    recorded: tuple[int, ...] = ()
    # file: why the last plan was refused, and the limit it must fit
    filing_problems: tuple[str, ...] = ()
    max_sub_issues: int = 10  # `[architect].max_sub_issues`: what one sprint may file
    backlog_titles: tuple[str, ...] = ()  # file: the project's open issues, not to repeat
    # replan: the filed sub-issues as they are now, and what the request asks for
    filed_issues: tuple[FiledIssue, ...] = ()
    replan_request: str = ""
