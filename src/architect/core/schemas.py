"""What the model is asked to return, one pydantic schema per mode.

The model writes, Python acts: these are the only shapes a model answer can
take. Beyond the shapes, the checks a provider's schema cannot express (and
that a wrong answer would turn into a wrong comment) are validators here, so a
failure gets the runner's single retry with the error: a question with 2–4
options under distinct letters, recommending one of them; a design phase
with at least one question or a reason for none; acceptance criteria on
every sub-issue. Limits that a human must hear about (too many sub-issues, a
dependency cycle) are *not* enforced here but by the filing check, so that a
bad plan is explained on the PR instead of silently retried.

`reasoning` leads the questions and filing schemas: room to think before
answering (structured output is written in order), never rendered.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, model_validator


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


class ForkCondition(Schema):
    question: int = Field(ge=1)
    option: str = Field(pattern=r"^[A-Z]$")


class ProposedFork(Schema):
    """One design question with lettered options and a recommended one."""

    question: str = Field(min_length=1)
    options: list[Option] = Field(min_length=2, max_length=4)
    recommended: str = Field(pattern=r"^[A-Z]$")
    why: str = Field(default="", description="Why the recommended option.")
    hangs_on: ForkCondition | None = Field(
        default=None,
        description="For a follow-up that applies to one answer only: that question and "
                    "option; withdrawn if the answer changes.",
    )

    @model_validator(mode="after")
    def _one_of_its_options(self) -> ProposedFork:
        letters = [option.letter for option in self.options]
        if len(set(letters)) != len(letters):
            raise ValueError(f"the option letters must differ, got {', '.join(letters)}")
        if self.recommended not in letters:
            raise ValueError(
                f"recommended {self.recommended!r} is not one of the options "
                f"({', '.join(letters)})"
            )
        return self


REASONING = Field(
    default="",
    description="Your private reasoning before the answer; nobody else reads it.",
)


class ForkProposal(Schema):
    """Start of the design conversation: at most 5 real forks, or none."""

    reasoning: str = REASONING
    forks: list[ProposedFork] = Field(default_factory=list, max_length=5)
    no_fork_reason: str = Field(
        default="",
        description="When there is no real design fork: why it can go straight to filing.",
    )

    @model_validator(mode="after")
    def _forks_or_a_reason(self) -> ForkProposal:
        if not self.forks and not self.no_fork_reason.strip():
            # `{}` must not pass: it would skip the design phase without a word.
            raise ValueError("give at least one fork, or a no_fork_reason saying why none")
        return self


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
    reasoning: str = REASONING
    sub_issues: list[SubIssue]

    @model_validator(mode="after")
    def _criteria_everywhere(self) -> SubIssuePlan:
        bare = [s.id for s in self.sub_issues if not any(c.strip() for c in s.acceptance_criteria)]
        if bare:
            raise ValueError(f"give acceptance_criteria to every sub-issue: {', '.join(bare)}")
        return self


class LessonsDigest(Schema):
    lessons: str = Field(description="The new lessons-learned.md, at most 2 KB of markdown.")
