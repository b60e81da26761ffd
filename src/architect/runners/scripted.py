"""A runner that answers from a script: for tests, hostile-model tests and the demo.

Each mode has a queue of scripted answers, used in order:

- a pydantic object or a dict is validated against the request's schema;
- a `str` is raw model text and goes through the same parse-and-validate path
  as the real runners (`validation.check_payload`: fences, `<think>`, prose);
- a `ModelResult` is validated the same way and keeps its usage and session id;
- a callable is called with the request and its return value is used as above;
- an exception instance is raised.

An answer that does not validate is retried once with the mode's next scripted
answer, as the real runners retry once with the error; a second failure is
`InvalidModelOutput`. A mode whose queue is empty goes to `fallback` (the
offline planner, say), or fails with `RunnerFailed`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from pydantic import BaseModel

from architect.errors import InvalidModelOutput, RunnerFailed
from architect.runners.base import Mode, ModelRequest, ModelResult, Runner, Usage
from architect.runners.validation import check_payload

T = TypeVar("T", bound=BaseModel)


class ScriptedRunner:
    def __init__(
        self,
        responses: Mapping[Mode, Sequence[object]] | None = None,
        *,
        fallback: Runner | None = None,
        name: str = "scripted",
    ) -> None:
        self.name = name
        self.fallback = fallback
        self._queues: dict[Mode, deque[object]] = {
            Mode(mode): deque(items) for mode, items in (responses or {}).items()
        }
        self.requests: list[ModelRequest[Any]] = []
        self.dropped_sessions: list[str] = []
        self.calls = 0  # run() calls
        self.attempts = 0  # scripted answers consumed, retries included

    def add(self, mode: Mode, *responses: object) -> None:
        """Queue more answers for `mode` (a test that reacts to what it saw)."""
        self._queues.setdefault(mode, deque()).extend(responses)

    def remaining(self, mode: Mode) -> int:
        return len(self._queues.get(mode, ()))

    def check_ready(self) -> None:
        if self.fallback is not None:
            self.fallback.check_ready()

    def drop_session(self, session_key: str) -> None:
        self.dropped_sessions.append(session_key)
        if self.fallback is not None:
            self.fallback.drop_session(session_key)

    def run(self, request: ModelRequest[T]) -> ModelResult[T]:
        self.requests.append(request)
        self.calls += 1
        queue = self._queues.get(request.mode)
        if not queue:
            if self.fallback is not None:
                return self.fallback.run(request)
            raise RunnerFailed(f"{self.name}: no scripted answer left for mode {request.mode}")
        error = ""
        for _ in range(2):
            if not queue:
                break
            self.attempts += 1
            checked = self._answer(request, queue.popleft())
            if isinstance(checked, ModelResult):
                return checked
            error = checked
        raise InvalidModelOutput(
            f"the {request.schema.__name__} answer did not validate twice:\n{error}"
        )

    def _answer(self, request: ModelRequest[T], item: object) -> ModelResult[T] | str:
        """The validated result, or the validation error as text."""
        if callable(item) and not isinstance(item, type):
            item = item(request)
        if isinstance(item, BaseException):
            raise item
        usage, session_id = Usage(), None
        if isinstance(item, ModelResult):
            usage, session_id, item = item.usage, item.session_id, item.output
        if isinstance(item, BaseModel):
            item = item.model_dump(mode="json")
        checked = check_payload(request.schema, item)
        if isinstance(checked, str):
            return checked
        return ModelResult(output=checked, usage=usage, session_id=session_id)
