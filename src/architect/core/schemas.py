"""What the model is asked to return, one pydantic schema per mode.

The model writes, Python acts: these are the only shapes a model answer can
take. Limits that a human must hear about (too many sub-issues, a dependency
cycle) are *not* enforced here but by the filing check, so that a bad plan is
explained on the PR instead of silently retried.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field


class Schema(BaseModel):
    model_config = ConfigDict(extra="ignore")


class Verdict(StrEnum):
    GO = "GO"
    NO_GO = "NO-GO"


class Pitch(Schema):
    """The go/no-go sprint pitch. `## Vision issues` is rendered by the architect."""

    what_this_enables: str = Field(description="What the sprint makes possible for users.")
    what_exists_today: str = Field(description="What the codebase already has that this builds on.")
    complexity: str = Field(description="Size and difficulty, with the main moving parts.")
    risks: str = Field(description="What could go wrong, and how to notice early.")
    cost_new_infra: str = Field(description="New infrastructure the team would have to maintain.")
    verdict: Verdict = Field(description="GO or NO-GO.")
    recommendation: str = Field(description="Why GO or NO-GO, in a few sentences.")


class RevisedPitch(Pitch):
    changes: str = Field(description="What changed since the previous pitch, for the PR comment.")


class Option(Schema):
    letter: str = Field(pattern=r"^[A-Z]$")
    text: str = Field(min_length=1)


class ProposedFork(Schema):
    """One design question with lettered options and a recommended one."""

    question: str = Field(min_length=1)
    options: list[Option] = Field(min_length=2, max_length=6)
    recommended: str = Field(pattern=r"^[A-Z]$")
    why: str = Field(default="", description="Why the recommended option.")


class ForkProposal(Schema):
    """Start of the design conversation: at most 5 real forks, or none."""

    forks: list[ProposedFork] = Field(default_factory=list, max_length=5)
    no_fork_reason: str = Field(
        default="",
        description="When there is no real design fork: why it can go straight to filing.",
    )


class Interpretation(Schema):
    """How the model reads a free-text answer to one open question."""

    question: int = Field(ge=1)
    option: str | None = Field(default=None, pattern=r"^[A-Z]$")
    summary: str = Field(description="The decision in one sentence, in the human's terms.")
    comment_id: int | None = Field(default=None, description="The comment the answer came from.")
    resolved: bool = Field(default=True, description="False when a follow-up must settle it.")


class AnswerRound(Schema):
    """Answers read from free text, plus follow-up questions (at most 5 a round)."""

    interpretations: list[Interpretation] = Field(default_factory=list)
    follow_ups: list[ProposedFork] = Field(default_factory=list, max_length=5)
    # Required, so that an answer in another mode's schema cannot pass as an empty round.
    reply: str = Field(description="A short acknowledgment for the PR comment.")


class SubIssue(Schema):
    id: str = Field(min_length=1, max_length=64, description="Short stable id, e.g. 'api-client'.")
    title: str = Field(min_length=1)
    kind: str = Field(default="feature", description="feature, fix, refactor, docs, test or chore.")
    problem: str
    proposed_solution: str
    affected_files: list[str] = Field(default_factory=list)
    acceptance_criteria: list[str] = Field(default_factory=list)
    depends_on: list[str] = Field(default_factory=list, description="ids of other sub-issues.")
    labels: list[str] = Field(default_factory=list, description="Extra labels; must exist.")
    shaped_by: list[int] = Field(
        default_factory=list, description="Question numbers that shaped it."
    )


class SubIssuePlan(Schema):
    sub_issues: list[SubIssue]


class LessonsDigest(Schema):
    lessons: str = Field(description="The new lessons-learned.md, at most 2 KB of markdown.")
