"""What the model returns in `replan` mode: the changes to a filed sprint's sub-issues.

The architect shows them as a proposal on the sprint PR and applies them only after
an `ACCEPT`; whatever touches a sub-issue on which work has started is moved to
`left_alone` by `core.replan` before anyone sees it, whatever the model said.
"""

from __future__ import annotations

from pydantic import Field

from architect.core.schemas import REASONING, Schema, SubIssue


class SubIssueClose(Schema):
    number: int = Field(ge=1, description="The filed sub-issue to close.")
    reason: str = Field(min_length=1, description=(
        "One or two sentences, written on the issue as it is closed: why it is no longer "
        "part of the plan."))


class SubIssueEdit(Schema):
    number: int = Field(ge=1, description="The filed sub-issue to change.")
    title: str = Field(default="", description="The new title; empty keeps the title.")
    problem: str = Field(default="", description="The new ## Problem; empty keeps it.")
    proposed_solution: str = Field(default="", description=(
        "The new ## Proposed solution, following the decisions as they are now; empty "
        "keeps it."))
    acceptance_criteria: list[str] = Field(default_factory=list, description=(
        "The new ## Acceptance criteria (at most 5); empty keeps them."))
    shaped_by: list[int] = Field(default_factory=list, description=(
        "The design questions whose answers shape the issue now: its ## Design decisions "
        "are rewritten from them."))
    add_labels: list[str] = Field(default_factory=list, description=(
        "Labels to add: only labels the project context names."))
    remove_labels: list[str] = Field(default_factory=list, description="Labels to remove.")
    why: str = Field(min_length=1, description=(
        "One sentence, written on the issue: what changed in the plan that changes it."))


class DependencyChange(Schema):
    number: int = Field(ge=1, description="A filed sub-issue.")
    depends_on: list[int] = Field(description=(
        "The numbers of filed sub-issues it must now wait for (added to what it has)."))


class LeftAlone(Schema):
    number: int = Field(ge=1, description="A filed sub-issue on which work has started.")
    suggestion: str = Field(min_length=1, description=(
        "What the team could do about it instead (the architect will not touch it)."))


class ReplanProposal(Schema):
    """The change to a filed sprint that the request asks for, and nothing more."""

    reasoning: str = REASONING
    summary: str = Field(min_length=1, description=(
        "Two or three sentences for the sprint PR: what the request changes in the plan."))
    close: list[SubIssueClose] = Field(default_factory=list, description=(
        "Filed sub-issues the changed plan no longer needs."))
    edit: list[SubIssueEdit] = Field(default_factory=list, description=(
        "Filed sub-issues to change so that they follow the changed plan."))
    add: list[SubIssue] = Field(default_factory=list, description=(
        "New sub-issues, in the order they should land; depends_on names ids of other new "
        "ones."))
    dependencies: list[DependencyChange] = Field(default_factory=list, description=(
        "Dependencies between filed sub-issues that change."))
    left_alone: list[LeftAlone] = Field(default_factory=list, description=(
        "Filed sub-issues the change concerns but on which work has started (closed, "
        "assigned, with a linked pull request or branch, or edited by a person)."))
