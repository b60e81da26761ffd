"""Ask the model, validate, and ask once more if the answer is wrong.

The one retry shows the model its own validation error (or, for an answer cut
off at the output limit, asks for a shorter one); a second failure is
`InvalidModelOutput` or `AnswerCutOff`, and the tick skips the action.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeVar

from pydantic import BaseModel

from architect.core.text import one_line
from architect.errors import AnswerCutOff, InvalidModelOutput, ModelRefused, RunnerError
from architect.runners.base import Usage
from architect.runners.validation import check_payload

T = TypeVar("T", bound=BaseModel)


def correction_prompt(schema: type[BaseModel], error: str) -> str:
    """What the model is told when its answer did not validate."""
    return (
        f"Your previous answer does not match the schema `{schema.__name__}`:\n"
        f"{error}\n\n"
        "Answer again with only the corrected JSON object: no prose, no code fences."
    )


class Stop(StrEnum):
    """Why the model stopped: the answer is whole, cut off by the token limit, looping
    (the same span over and over, told like a cut-off), or refused."""

    DONE = "done"
    CUT_OFF = "cut_off"
    LOOPED = "looped"
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
LOOPED_CORRECTION = (
    "Your previous answer repeated the same text over and over until the output limit. "
    "Answer again with the JSON object only, saying each thing once, briefly."
)
_CORRECTIONS = {Stop.CUT_OFF: CUT_OFF_CORRECTION, Stop.LOOPED: LOOPED_CORRECTION}
_UNFINISHED = {
    Stop.CUT_OFF: "was cut off at the output limit",
    Stop.LOOPED: "looped (the same text over and over) until the output limit",
}
_TWICE = {
    Stop.CUT_OFF: "was cut off twice",
    Stop.LOOPED: "looped twice (the same text over and over until the output limit)",
}


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
        # What the failing ask itself spent (a request cancelled at model_timeout) counts too.
        exc.spent(sum((r.usage for r in spent), exc.usage or Usage()),
                  sum((r.calls for r in spent), exc.calls))
        raise


def _answer(schema: type[T], ask: Ask, spent: list[Reply]) -> tuple[T, Usage, str]:
    spent.append(ask(None))
    checked = _checked(schema, spent[-1])
    if isinstance(checked, str):
        fix = _CORRECTIONS.get(spent[-1].stop) or correction_prompt(schema, checked)
        spent.append(ask(fix))
        checked = _checked(schema, spent[-1])
        if isinstance(checked, str):
            twice = _TWICE.get(spent[-1].stop)
            if twice is not None:
                raise AnswerCutOff(f"the {schema.__name__} answer {twice}")
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
    unfinished = _UNFINISHED.get(reply.stop)
    if unfinished is not None:
        return f"- (root): the answer {unfinished}"
    return check_payload(schema, reply.payload)
