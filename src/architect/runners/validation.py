"""Reading a model's answer: find the JSON, validate it, ask once more if it is wrong.

Every runner ends here, whatever the model or the transport, so the lifecycle
only ever sees objects that passed the pydantic schema of their mode. The one
retry shows the model its own validation error; a second failure is
`InvalidModelOutput` and the tick skips the action.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from architect.core.text import one_line
from architect.errors import AnswerCutOff, InvalidModelOutput, ModelRefused, RunnerError
from architect.runners.base import Usage

T = TypeVar("T", bound=BaseModel)

_THINK = re.compile(r"<think(?:ing)?>.*?</think(?:ing)?>", re.DOTALL | re.IGNORECASE)
_UNCLOSED_THINK = re.compile(r"^\s*<think(?:ing)?>.*", re.DOTALL | re.IGNORECASE)
_FENCE = re.compile(r"```[A-Za-z0-9_-]*[ \t]*\n(.*?)```", re.DOTALL)
_MAX_ERRORS = 8
_MAX_ERROR_CHARS = 1200


def strip_noise(text: str) -> str:
    """Drop `<think>` blocks (reasoning models) around the answer."""
    text = _THINK.sub("", text)
    # A reasoning block cut off by the token limit swallows everything after it.
    return _UNCLOSED_THINK.sub("", text).strip()


def parse_model_json(text: str) -> Any:
    """The JSON object in a model's answer: fences, `<think>` and prose are skipped.

    Raises `ValueError` (with a short reason) when the text holds no JSON object.
    """
    cleaned = strip_noise(text)
    candidates = [m.group(1) for m in _FENCE.finditer(cleaned)] + [cleaned]
    for candidate in candidates:
        try:
            whole = json.loads(candidate)
        except json.JSONDecodeError:
            whole = None
        if isinstance(whole, dict):
            return whole
        found = _first_object(candidate)
        if found is not None:
            return found
    raise ValueError("the answer holds no JSON object")


def _first_object(text: str) -> Any | None:
    """The first balanced `{…}` that parses, scanning past leading prose."""
    decoder = json.JSONDecoder()
    start = text.find("{")
    while start != -1:
        try:
            value, _ = decoder.raw_decode(text, start)
        except json.JSONDecodeError:
            start = text.find("{", start + 1)
            continue
        if isinstance(value, dict):
            return value
        start = text.find("{", start + 1)
    return None


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


def correction_prompt(schema: type[BaseModel], error: str) -> str:
    """What the model is told when its answer did not validate."""
    return (
        f"Your previous answer does not match the schema `{schema.__name__}`:\n"
        f"{error}\n\n"
        "Answer again with only the corrected JSON object: no prose, no code fences."
    )


class Stop(StrEnum):
    """Why the model stopped: the answer is whole, cut off by the token limit, or refused."""

    DONE = "done"
    CUT_OFF = "cut_off"
    REFUSED = "refused"


@dataclass(frozen=True)
class Reply:
    """One raw answer of a model: text, or an object the transport already parsed."""

    payload: Any
    usage: Usage
    stop: Stop = Stop.DONE
    calls: int = 1  # the billed model calls behind it (tool turns included)


Ask = Callable[[str | None], Reply]
"""Ask the model: `None` for the request itself, else the correction text."""

CUT_OFF_CORRECTION = (
    "Your previous answer was cut off at the output limit before its JSON was complete. "
    "Answer again, shorter: the same JSON object, with briefer texts."
)


def answer_with_retry(schema: type[T], ask: Ask) -> tuple[T, Usage, str]:
    """Ask, validate, and on failure ask once more with the error.

    Returns the object, the usage of every call, and the valid answer as JSON
    text (for the session history). Raises `ModelRefused` at once when the
    model declines (asking again the same thing is billed for nothing),
    `AnswerCutOff` or `InvalidModelOutput` when the second answer fails too.
    Whatever is raised carries the usage and count of the calls made.
    """
    spent: list[Reply] = []
    try:
        return _answer(schema, ask, spent)
    except RunnerError as exc:
        exc.spent(sum((r.usage for r in spent), Usage()), sum(r.calls for r in spent))
        raise


def _answer(schema: type[T], ask: Ask, spent: list[Reply]) -> tuple[T, Usage, str]:
    spent.append(ask(None))
    checked = _checked(schema, spent[-1])
    if isinstance(checked, str):
        cut = spent[-1].stop is Stop.CUT_OFF
        spent.append(ask(CUT_OFF_CORRECTION if cut else correction_prompt(schema, checked)))
        checked = _checked(schema, spent[-1])
        if isinstance(checked, str):
            if spent[-1].stop is Stop.CUT_OFF:
                raise AnswerCutOff(f"the {schema.__name__} answer was cut off twice")
            raise InvalidModelOutput(
                f"the {schema.__name__} answer did not validate twice:\n{checked}"
            )
    usage = sum((reply.usage for reply in spent), Usage())
    # Only what the model set (not the schema's defaults), and not the reasoning: that
    # was room to think for this answer, and the history need not carry it.
    return checked, usage, checked.model_dump_json(exclude_unset=True, exclude={"reasoning"})


def _checked(schema: type[T], reply: Reply) -> T | str:
    if reply.stop is Stop.REFUSED:
        said = one_line(str(reply.payload or ""), 300) or "(no reason given)"
        raise ModelRefused(f"the model refused the {schema.__name__} answer: {said}")
    if reply.stop is Stop.CUT_OFF:
        return "- (root): the answer was cut off at the output limit"
    return check_payload(schema, reply.payload)


def self_contained_schema(schema: type[BaseModel]) -> dict[str, Any]:
    """The JSON schema with every `$ref` inlined and titles dropped.

    For validators that may not resolve `$defs` (the claude CLI's), and for the
    prompt: smaller and readable on its own. Our schemas are not recursive.
    """
    raw = schema.model_json_schema()
    defs = raw.pop("$defs", {})
    inlined: dict[str, Any] = _inline(raw, defs)
    return inlined


def _inline(node: Any, defs: dict[str, Any]) -> Any:
    if isinstance(node, list):
        return [_inline(item, defs) for item in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        target = copy.deepcopy(defs[ref.removeprefix("#/$defs/")])
        return _inline({**target, **{k: v for k, v in node.items() if k != "$ref"}}, defs)
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key == "title":
            continue
        if key == "properties" and isinstance(value, dict):
            # Property names are data, not keywords: a field may be called "title".
            out[key] = {name: _inline(sub, defs) for name, sub in value.items()}
        else:
            out[key] = _inline(value, defs)
    return out


def api_error_text(body: object, fallback: str) -> str:
    """`type: message` of an HTTP API's error body, short (Anthropic and OpenAI shapes)."""
    if isinstance(body, dict):
        error = body.get("error", body)
        if isinstance(error, dict) and error.get("message"):
            return f"{error.get('type') or 'error'}: {error['message']}"[:300]
    return fallback[:300]


def compact_json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


# Secrets: the inputs never carry one, but a defensive pass costs nothing.

_SECRET_NAME = re.compile(r"KEY|TOKEN|SECRET|PASSWORD", re.IGNORECASE)
REDACTED = "[redacted]"


def secret_values(env: Mapping[str, str]) -> tuple[str, ...]:
    """The values of the environment variables that look like credentials."""
    return tuple(v for k, v in env.items() if _SECRET_NAME.search(k) and len(v) >= 8)


def redact(text: str, secrets: Iterable[str]) -> str:
    """`text` with every secret (4 characters or more) replaced by `[redacted]`."""
    for secret in sorted({s for s in secrets if len(s) >= 4}, key=len, reverse=True):
        text = text.replace(secret, REDACTED)
    return text
