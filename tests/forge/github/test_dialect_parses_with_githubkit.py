"""Every answer the embedded GitHub dialect gives during the walk parses with the
githubkit model of its operation (githubkit generates its models from GitHub's
own schemas), errors included: the dialect cannot drift from what GitHub sends."""

from __future__ import annotations

import warnings
from typing import Any, Union

import pytest
from pydantic import TypeAdapter, ValidationError

from tests.forge.github.spec import model_names, operation_for, response_schema
from tests.forge.github.walk import Exchange
from tests.world import World

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    models = pytest.importorskip("githubkit_schemas.latest.models")


def _parses(answer: object, candidates: list[tuple[bool, str]]) -> str | None:
    """None when `answer` parses as one of the candidates, else the first model's error."""
    first: str | None = None
    listed = [getattr(models, name) for many, name in candidates if many]
    if len(listed) > 1:  # a list of a union (timeline events): each item one of them
        union: Any = Union[tuple(listed)]  # noqa: UP007
        candidates = [(True, "|".join(name for _, name in candidates))]
        shapes: dict[str, Any] = {candidates[0][1]: union}
    else:
        shapes = {name: getattr(models, name) for _, name in candidates}
    for many, name in candidates:
        model: Any = shapes[name]
        try:
            TypeAdapter(list[model] if many else model).validate_python(answer)
        except ValidationError as exc:
            first = first or f"{name}: {exc.errors()[0]['loc']}: {exc.errors()[0]['msg']}"
        else:
            return None
    return first or "no model"


def _operation_model(operation_id: str, status: int) -> str:
    """`search/issues-and-pull-requests` → SearchIssuesGetResponse200 (githubkit's name
    for an answer defined inline: the path and method, not the operation id)."""
    return {"search/issues-and-pull-requests": "SearchIssuesGetResponse"}.get(
        operation_id, operation_id) + str(status)


def test_every_answer_parses_with_its_githubkit_model(
        walked: tuple[World, list[Exchange]]) -> None:
    _, seen = walked
    problems, parsed = [], 0
    for e in seen:
        op = operation_for(e.method, e.path)
        assert op is not None
        schema = response_schema(op, e.status)
        if e.answer is None or schema is None:
            continue
        # An inline answer has the model githubkit names after its operation.
        candidates = model_names(schema) or [(False, _operation_model(op.id, e.status))]
        missing = [name for _, name in candidates if not hasattr(models, name)]
        assert candidates and not missing, (op.id, e.status, candidates)
        error = _parses(e.answer, candidates)
        if error is not None:
            problems.append(f"{op.id} ({e.status}): {error}")
        parsed += 1
    assert problems == []
    assert parsed > 100  # the walk's answers, not a handful


def test_errors_carry_message_and_documentation_url(walked: tuple[World, list[Exchange]]) -> None:
    _, seen = walked
    errors = [e for e in seen if e.status >= 400]
    assert errors, "the walk met no refusal"
    for e in errors:
        assert isinstance(e.answer, dict)
        assert e.answer["message"] and e.answer["documentation_url"].startswith("https://")
