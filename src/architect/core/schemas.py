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

What each field holds is said here, in its description, and nowhere else: the
runners hand the schema to the provider (or write it into the prompt), and
the formula's rules speak of the answer as a whole.
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

    what_this_enables: str = Field(description=(
        "## What this enables: what users or the team can do after the sprint that they "
        "cannot do today. Outcomes, not a feature list."))
    what_exists_today: str = Field(description=(
        "## What exists today: what the code and the prerequisites already provide that the "
        "sprint builds on; name the files and modules you saw. Say plainly when nothing "
        "exists yet."))
    complexity: str = Field(description=(
        "## Complexity: the main moving parts, roughly how many sub-issues (a sprint is 3 to "
        "8), what is hard and what is routine."))
    risks: str = Field(description=(
        "## Risks: what could go wrong, how the team would notice early, and what would make "
        "it a dead end."))
    cost_new_infra: str = Field(description=(
        "## Cost — new infra to maintain: services, dependencies, schedules, credentials or "
        "data stores the team would have to keep running. \"None\" is a good answer when it "
        "is true."))
    verdict: Verdict = Field(description=(
        "GO when the sprint is worth doing now; NO-GO when it is not (too costly for the "
        "gain, blocked by a missing prerequisite, or duplicating work that exists)."))
    recommendation: str = Field(description=(
        "## Recommendation: why GO or NO-GO in a few sentences (the verdict itself is shown "
        "already) and, for GO, the scope you recommend: what is in, and what is explicitly "
        "left out."))


class PointOutcome(StrEnum):
    KEPT = "kept"  # in the plan as asked, nothing to change (or noted for the filing)
    CHANGED = "changed"  # the plan changed as the point asks
    DECLINED = "declined"  # not changed: `what` says why


class ReviewPoint(Schema):
    point: str = Field(min_length=1, description="The review's point, in its own words.")
    outcome: PointOutcome = Field(description="kept, changed or declined.")
    what: str = Field(min_length=1, description=(
        "What happened to it: the tasks changed or dropped, or why it was declined."))


class RevisedPitch(Pitch):
    changes: str = Field(description=(
        "What you changed since the previous pitch, in a few bullets, for the reply on the "
        "pull request."))
    points: list[ReviewPoint] = Field(default_factory=list, description=(
        "Each point of the review, in its order, with what happened to it: every point "
        "answered, none left out."))


class Option(Schema):
    letter: str = Field(pattern=r"^[A-Z]$", description="A, B, C or D, in order.")
    text: str = Field(min_length=1, description=(
        "One line: a concrete choice, exclusive of the others, with its main consequence."))


class ForkCondition(Schema):
    question: int = Field(ge=1, description="The number of the earlier question.")
    option: str = Field(pattern=r"^[A-Z]$", description="The letter of its option.")


class ProposedFork(Schema):
    """One design question with lettered options and a recommended one."""

    question: str = Field(min_length=1, description=(
        "One sentence of context, then the question; it stands on its own. Not numbered: "
        "the program numbers the questions."))
    options: list[Option] = Field(min_length=2, max_length=4, description=(
        "2 to 4 options under distinct letters."))
    recommended: str = Field(pattern=r"^[A-Z]$", description="The letter you recommend.")
    why: str = Field(default="", description="Why that option, in one or two sentences.")
    hangs_on: ForkCondition | None = Field(
        default=None,
        description="Only for a follow-up that matters under one answer alone: the question "
                    "and option it hangs on (it is withdrawn if that answer changes). "
                    "Null for every other question.",
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


# A round asks at most this many design questions: more means the sprint is too big.
MAX_FORKS = 5


class ForkProposal(Schema):
    """Start of the design conversation: at most 5 real forks, or none."""

    reasoning: str = REASONING
    forks: list[ProposedFork] = Field(default_factory=list, max_length=MAX_FORKS, description=(
        "The real design forks, at most 5, most important first; none when none is left."))
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

    question: int = Field(ge=1, description="The number of the open question it answers.")
    option: str | None = Field(default=None, pattern=r"^[A-Z]$", description=(
        "The option letter when the text clearly picks one, else null."))
    summary: str = Field(description="The decision in one sentence, in the human's terms.")
    comment_id: int | None = Field(default=None, description=(
        "The id of the comment the answer came from."))
    resolved: bool = Field(default=True, description=(
        "false when the answer is ambiguous or opens a new question: a follow-up settles it."))


class SpanReading(Schema):
    """One thing a comment says, with the exact words it says it in."""

    intent: str = Field(pattern=r"^(accept|reject|answer|none)$", description=(
        "accept or reject (the pitch), answer (a design question), or none."))
    question: int | None = Field(default=None, ge=1, description=(
        "With answer: the number of the question it answers."))
    option: str | None = Field(default=None, pattern=r"^[A-Z]$", description=(
        "With answer: the option letter it picks."))
    span: str = Field(description=(
        "The exact words of the comment this reading comes from, copied character for "
        "character (never from a quote in it)."))


class CommentReading(Schema):
    """The `read` mode's answer: what one comment says, each reading with its span."""

    readings: list[SpanReading] = Field(default_factory=list, max_length=10)


class AnswerRound(Schema):
    """Answers read from free text, plus follow-up questions (at most 5 a round)."""

    interpretations: list[Interpretation] = Field(default_factory=list, description=(
        "One for each answer found in the new comments; none for a comment that answers no "
        "open question."))
    follow_ups: list[ProposedFork] = Field(default_factory=list, max_length=MAX_FORKS,
                                          description=(
        "At most 5, only where an answer raised a new fork or left one ambiguous."))
    # Required, so that an answer in another mode's schema cannot pass as an empty round.
    reply: str = Field(description=(
        "A short acknowledgment for the pull request: what you understood and what is still "
        "open, in a few lines."))


class SubIssue(Schema):
    id: str = Field(min_length=1, max_length=64, description=(
        "A short stable slug, e.g. api-client, retry-policy."))
    title: str = Field(min_length=1, description="Imperative and specific, under 70 characters.")
    kind: str = Field(default="feature", description="feature, fix, refactor, docs, test or chore.")
    problem: str = Field(description=(
        "What is missing or wrong today and why it matters, in 2 to 4 sentences."))
    proposed_solution: str = Field(description=(
        "The approach, following the decisions of the design forks; name the modules and "
        "functions involved."))
    affected_files: list[str] = Field(default_factory=list, description=(
        "At most 3, the main ones: real paths of the project when they exist, new paths when "
        "the issue creates them."))
    acceptance_criteria: list[str] = Field(default_factory=list, description=(
        "At most 5, each an observable behaviour that a test or a command can check."))
    depends_on: list[str] = Field(default_factory=list, description=(
        "The ids of the sub-issues that must land first."))
    labels: list[str] = Field(default_factory=list, description=(
        "Only labels the project context names; usually none."))
    shaped_by: list[int] = Field(default_factory=list, description=(
        "The numbers of the design questions whose answers shaped the issue."))


class SubIssuePlan(Schema):
    reasoning: str = REASONING
    sub_issues: list[SubIssue] = Field(description="In the order they should land.")

    @model_validator(mode="after")
    def _criteria_everywhere(self) -> SubIssuePlan:
        bare = [s.id for s in self.sub_issues if not any(c.strip() for c in s.acceptance_criteria)]
        if bare:
            raise ValueError(f"give acceptance_criteria to every sub-issue: {', '.join(bare)}")
        return self


class LessonsDigest(Schema):
    lessons: str = Field(description="The new lessons-learned.md, at most 2 KB of markdown.")
