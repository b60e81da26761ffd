"""The runner seam: one interface for every way of asking a model.

A `ModelRequest` names its mode and carries both forms of the same input:
`system`/`context`/`prompt` text for language models, and `inputs`, the
structured facts, for the offline planner. Whatever the runner, the answer is
validated against `schema`, so the lifecycle only ever sees valid objects.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Generic, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel

from architect.core.inputs import PlannerInputs

# Re-exported (PEP 484's `as` form): the runners name it here; it lives below every layer.
from architect.values import Usage as Usage  # noqa: PLC0414

T = TypeVar("T", bound=BaseModel)


class Mode(StrEnum):
    PITCH = "pitch"
    REVISE = "revise"
    QUESTIONS = "questions"
    ANSWERS = "answers"
    FILE = "file"
    DIGEST = "digest"
    REPLAN = "replan"
    READ = "read"  # a comment the rules could not read for certain: its intents, with spans


@dataclass(frozen=True)
class Limits:
    max_turns: int = 8
    timeout_s: float = 600.0


@dataclass(frozen=True)
class ModelRequest(Generic[T]):
    mode: Mode
    schema: type[T]
    system: str
    context: str
    prompt: str
    inputs: PlannerInputs
    session_key: str | None = None
    limits: Limits = field(default_factory=Limits)
    tools_prompt: str = ""  # `prompt` telling of the code tools, sent when a runner offers them

    def prompt_for(self, tools: bool) -> str:
        return self.tools_prompt if tools and self.tools_prompt else self.prompt


@dataclass(frozen=True)
class ModelResult(Generic[T]):
    output: T
    usage: Usage = field(default_factory=Usage)
    session_id: str | None = None
    # Billed model calls behind the answer: a retry and every tool turn are one each.
    # One rule for success and failure alike (`RunnerError.calls`), so a tick's
    # `model_calls` is what the provider will bill; a request cancelled at
    # `model_timeout` counts too (the server worked on it, and may bill what it wrote).
    calls: int = 1


class Runner(Protocol):
    name: str

    def check_ready(self) -> None:
        """Raise `RunnerUnavailable` naming what is missing (binary, key, URL)."""
        ...

    def run(self, request: ModelRequest[T]) -> ModelResult[T]:
        """Answer one request; raise `RunnerFailed` or `InvalidModelOutput`."""
        ...

    def drop_session(self, session_key: str) -> None:
        """Forget the session of a sprint PR (merged or rejected)."""
        ...


@runtime_checkable
class ProvesModel(Protocol):
    """A runner that can prove, free of charge, that its model answers (`architect init`)."""

    def prove_model(self) -> None:
        """Raise `RunnerUnavailable` with one line and its fix when the model cannot answer."""
        ...
