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

With `model = "scripted"` in a project file (end-to-end tests that run the
CLI), the script comes from the JSON file named by `ARCHITECT_SCRIPT`:
`{"pitch": [{…}, "raw text", {"error": "why"}], …}`, where `{"error": …}`
raises `RunnerFailed`; an exhausted mode falls back to the offline planner
unless `ARCHITECT_SCRIPT_FALLBACK=none`.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel

from architect.errors import ConfigError, InvalidModelOutput, RunnerFailed
from architect.runners.base import Mode, ModelRequest, ModelResult, Runner, Usage
from architect.runners.offline import OfflinePlanner
from architect.runners.validation import check_payload

if TYPE_CHECKING:
    from architect.runners.registry import RunnerSettings

T = TypeVar("T", bound=BaseModel)
SCRIPT_ENV = "ARCHITECT_SCRIPT"
FALLBACK_ENV = "ARCHITECT_SCRIPT_FALLBACK"


class ScriptedRunner:
    """A `Runner` whose answers are scripted per mode; it records every request."""

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
        error, tries = "", 0
        while queue and tries < 2:  # one retry, as the real runners do
            tries += 1
            self.attempts += 1
            checked = self._answer(request, queue.popleft())
            if isinstance(checked, ModelResult):
                return checked
            error = checked
        again = " twice" if tries == 2 else " (no scripted answer left to retry with)"
        raise InvalidModelOutput(
            f"the {request.schema.__name__} answer did not validate{again}:\n{error}"
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


def from_settings(settings: RunnerSettings) -> ScriptedRunner:
    """The registry's factory (`model = "scripted"`): the script file named in the environment."""
    fallback = None if settings.env.get(FALLBACK_ENV, "").lower() == "none" else OfflinePlanner()
    path = settings.env.get(SCRIPT_ENV, "")
    return ScriptedRunner(load_script(Path(path)) if path else None, fallback=fallback)


def load_script(path: Path) -> dict[Mode, list[object]]:
    """Read a script file: mode name → list of answers (objects, raw text, `{"error": …}`)."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ConfigError(f"{SCRIPT_ENV}={path}: not a readable JSON file ({exc})") from exc
    if not isinstance(raw, dict):
        raise ConfigError(f"{SCRIPT_ENV}={path}: expected an object of mode → list of answers")
    script: dict[Mode, list[object]] = {}
    for name, answers in raw.items():
        if name not in {m.value for m in Mode} or not isinstance(answers, list):
            modes = ", ".join(m.value for m in Mode)
            raise ConfigError(f"{SCRIPT_ENV}={path}: {name!r} is not a mode ({modes}) with a list")
        script[Mode(name)] = [_scripted(answer) for answer in answers]
    return script


def _scripted(answer: object) -> object:
    if isinstance(answer, dict) and set(answer) == {"error"}:
        return RunnerFailed(str(answer["error"]))
    return answer
