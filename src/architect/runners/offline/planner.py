"""The `offline` runner: each mode answered by its module, checked against the schema."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from pydantic import BaseModel, ValidationError

from architect.core.inputs import PlannerInputs
from architect.core.schemas import CommentReading
from architect.errors import InvalidModelOutput
from architect.runners.base import Mode, ModelRequest, ModelResult
from architect.runners.offline.answering import answers
from architect.runners.offline.asking import questions
from architect.runners.offline.filing import file
from architect.runners.offline.lessons import digest
from architect.runners.offline.pitching import pitch, revise
from architect.runners.offline.replanning import replan

if TYPE_CHECKING:
    from architect.runners.registry import RunnerSettings

T = TypeVar("T", bound=BaseModel)


def from_settings(settings: RunnerSettings) -> OfflinePlanner:
    """The registry's factory (`model = "offline"`): nothing to configure."""
    return OfflinePlanner()


class OfflinePlanner:
    """The `offline` runner. Stateless: sessions are no-ops."""

    def __init__(self, name: str = "offline") -> None:
        self.name = name

    def check_ready(self) -> None:
        return None

    def drop_session(self, session_key: str) -> None:
        return None

    def run(self, request: ModelRequest[T]) -> ModelResult[T]:
        answer = _MODES[request.mode](request.inputs)
        try:
            output = request.schema.model_validate(answer.model_dump())
        except ValidationError as exc:
            raise InvalidModelOutput(
                f"the offline planner's {request.mode} answer does not fit "
                f"{request.schema.__name__} ({exc.error_count()} errors)"
            ) from exc
        return ModelResult(output=output)


_MODES: dict[Mode, Callable[[PlannerInputs], BaseModel]] = {
    Mode.PITCH: pitch,
    Mode.REVISE: revise,
    Mode.QUESTIONS: questions,
    Mode.ANSWERS: answers,
    Mode.FILE: file,
    Mode.DIGEST: digest,
    Mode.REPLAN: replan,
    Mode.READ: lambda _inputs: CommentReading(),  # it reads no more than the rules did
}
