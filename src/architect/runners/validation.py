"""Checking a model's answer against the pydantic schema of its mode.

Every runner ends here, whatever the model or the transport, so the lifecycle
only ever sees objects that passed the schema; what failed is said in a few
short lines the model can act on (`retry.answer_with_retry` shows them to it).
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from architect.runners.answer_json import parse_model_json

T = TypeVar("T", bound=BaseModel)

_MAX_ERRORS = 8
_MAX_ERROR_CHARS = 1200


def validate_output(schema: type[T], data: Any) -> T | str:
    """The validated object, or the validation error as short text for the model."""
    try:
        return schema.model_validate(without_nulls(data))
    except ValidationError as exc:
        return format_errors(exc)


def without_nulls(data: Any) -> Any:
    """`data` with every `null` member dropped: strict schemas say "absent" with null."""
    if isinstance(data, dict):
        return {k: without_nulls(v) for k, v in data.items() if v is not None}
    if isinstance(data, list):
        return [without_nulls(item) for item in data]
    return data


def format_errors(exc: ValidationError) -> str:
    lines = []
    for error in exc.errors(include_url=False)[:_MAX_ERRORS]:
        where = ".".join(str(part) for part in error["loc"]) or "(root)"
        lines.append(f"- {where}: {error['msg']}")
    more = exc.error_count() - _MAX_ERRORS
    if more > 0:
        lines.append(f"- … and {more} more")
    return "\n".join(lines)[:_MAX_ERROR_CHARS]


def check_payload(schema: type[T], payload: Any) -> T | str:
    """Validate a reply that is either raw text or an already-parsed object."""
    if isinstance(payload, str):
        try:
            payload = parse_model_json(payload)
        except ValueError as exc:
            return f"- (root): {exc}; answer with one JSON object"
    return validate_output(schema, payload)
