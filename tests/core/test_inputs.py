"""The facts behind a model request (core/inputs.py): a request built from the vision alone
asks for what the default configuration would, and no field can hold a secret."""

from __future__ import annotations

import dataclasses

import pytest

from architect.config import ArchitectConfig
from architect.core import inputs
from architect.core.inputs import (
    FiledIssue,
    HumanComment,
    PlannerInputs,
    ProjectContext,
    VisionInput,
)

VISION = VisionInput(7, "Wishlists", "Let shoppers keep a wishlist.")


def test_a_request_from_the_vision_alone_carries_nothing_else() -> None:
    request = PlannerInputs(project="shop", vision=VISION)
    assert request.ledger.forks == () and request.context == ProjectContext()
    assert request.new_comments == () and request.filed_issues == ()
    assert request.context.files is None  # not read, which is not "no files"


def test_its_sprint_limit_is_the_configurations_default() -> None:
    assert PlannerInputs(project="shop", vision=VISION).max_sub_issues == (
        ArchitectConfig().max_sub_issues)


def test_a_request_cannot_be_changed_once_built() -> None:
    request = PlannerInputs(project="shop", vision=VISION)
    with pytest.raises(dataclasses.FrozenInstanceError):
        request.guidance = "ACCEPT"  # type: ignore[misc]


@pytest.mark.parametrize("kind", [VisionInput, ProjectContext, HumanComment, FiledIssue,
                                  PlannerInputs])
def test_no_field_is_named_for_a_secret(kind: type) -> None:
    # The prompt is built from every field: one that held a token would send it to the model.
    named = [f.name for f in dataclasses.fields(kind)
             if any(word in f.name for word in ("token", "secret", "key", "password"))]
    assert named == []


def test_the_lessons_cap_is_two_kilobytes() -> None:
    # DESIGN.md's bound for the lessons file, which the journal, the prompt and the offline
    # digest each hold the lessons to.
    assert inputs.LESSONS_MAX_BYTES == 2048
