"""Prompts: the formula plus the facts of one request, within a context budget.

A request has three texts (see `runners.base.ModelRequest`):

- `system`: small and stable per mode: the role, the rules, the task, and the
  promise that matters most (no forge access, answer in the schema);
- `context`: the large part shared by every call of a project (VISION.md,
  AGENTS.md, prerequisites.md, the code summary, the lessons learned), so a
  runner can cache it;
- `prompt`: the mode's steps and formats, the vision issue, the pitch, the
  human guidance, the design forks, the new comments, the answer format.

A budget (tokens estimated as characters / 4) trims the least useful parts
first, in `TRIM_ORDER`, and the prompt says what was cut
("[trimmed: code summary, 3.2 KB]"). The lessons are capped at 2 KB whatever
the budget. Building a prompt is pure: no file, clock or network is read.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any, TypeVar

from pydantic import BaseModel

from architect.core.inputs import PlannerInputs
from architect.core.ledger import DesignFork, Ledger
from architect.errors import ConfigError
from architect.runners.base import Limits, Mode, ModelRequest
from architect.runners.validation import redact, self_contained_schema
from architect.shell.journal import LESSONS_MAX_BYTES

__all__ = [
    "DEFAULT_BUDGET_TOKENS",
    "LESSONS_MAX_BYTES",
    "TRIM_ORDER",
    "Formula",
    "ModeText",
    "build_request",
    "load_formula",
    "redact",
]

T = TypeVar("T", bound=BaseModel)

DEFAULT_BUDGET_TOKENS = 16000
FORMULA_FILE = "run-architect.toml"
TRIM_ORDER = (
    "code summary",
    "prerequisites.md",
    "AGENTS.md",
    "VISION.md",
    "journal entries",
    "PR conversation",
    "lessons learned",
    "current pitch",
    "vision issue",
)
TRIM_INTRO = "Some parts were trimmed to keep this prompt within its budget:"
_MIN_KEPT_CHARS = 300  # a part cut shorter than this is dropped whole
_SLACK_CHARS = 160  # room for the notes and markers that trimming adds
NO_FORGE = (
    "You have no forge access: you cannot read or change issues, pull requests, "
    "comments or labels, and no tool of yours reaches the network."
)


# The formula


@dataclass(frozen=True)
class ModeText:
    goal: str
    steps: tuple[str, ...]
    include: tuple[str, ...] = ()


@dataclass(frozen=True)
class Formula:
    name: str
    version: int
    role: str
    rules: str
    sections: Mapping[str, str]
    modes: Mapping[Mode, ModeText]


def load_formula(override_text: str | None = None) -> Formula:
    """The shipped formula, with the keys of an override (from `.profile`) on top."""
    shipped = (resources.files("architect") / "formulas" / FORMULA_FILE).read_text("utf-8")
    data = tomllib.loads(shipped)
    if override_text is not None:
        try:
            override = tomllib.loads(override_text)
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(
                f"the formula override (.profile formulas/{FORMULA_FILE}) is not valid TOML: "
                f"{exc}; fix it or delete it to use the shipped formula"
            ) from exc
        data = _merged(data, override)
    return _formula(data)


def _merged(base: dict[str, Any], top: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in top.items():
        old = out.get(key)
        both_tables = isinstance(old, dict) and isinstance(value, Mapping)
        out[key] = _merged(old, value) if both_tables else value  # type: ignore[arg-type]
    return out


def _formula(data: Mapping[str, Any]) -> Formula:
    sections = {str(k): _text(v, f"sections.{k}") for k, v in data.get("sections", {}).items()}
    modes: dict[Mode, ModeText] = {}
    for mode in Mode:
        raw = data.get("modes", {}).get(mode.value)
        if not isinstance(raw, Mapping):
            raise ConfigError(f"formula: [modes.{mode.value}] is missing")
        include = tuple(str(name) for name in raw.get("include", []))
        unknown = [name for name in include if name not in sections]
        if unknown:
            raise ConfigError(f"formula: [modes.{mode.value}] includes unknown sections {unknown}")
        steps = raw.get("steps", [])
        if not isinstance(steps, list) or not steps:
            raise ConfigError(f"formula: [modes.{mode.value}] needs a list of steps")
        modes[mode] = ModeText(
            _text(raw.get("goal"), f"modes.{mode.value}.goal"),
            tuple(_text(s, f"modes.{mode.value}.steps") for s in steps),
            include,
        )
    return Formula(
        name=str(data.get("name", "run-architect")),
        version=int(data.get("version", 1)),
        role=_text(data.get("role"), "role"),
        rules=_text(data.get("rules"), "rules"),
        sections=sections,
        modes=modes,
    )


def _text(value: object, key: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"formula: `{key}` must be a non-empty string")
    return value.strip()


# The parts of a request


@dataclass
class _Part:
    name: str  # what the trim note calls it
    heading: str
    text: str
    keep_tail: bool = False  # conversations keep their latest lines
    removed_bytes: int = 0

    def cut(self, keep_chars: int) -> None:
        before = len(self.text.encode())
        if keep_chars < _MIN_KEPT_CHARS:
            self.text = ""
        elif self.keep_tail:
            self.text = "[… earlier part trimmed]\n" + _tail(self.text, keep_chars)
        else:
            self.text = _head(self.text, keep_chars) + "\n[… trimmed]"
        self.removed_bytes += max(before - len(self.text.encode()), 0)


@dataclass
class _Layout:
    """Every part of one request, before and after trimming."""

    system: str
    head: str  # the task: never trimmed
    context: list[_Part]
    facts: list[_Part]
    tail: str  # the answer format: never trimmed

    def parts(self) -> dict[str, _Part]:
        return {p.name: p for p in (*self.context, *self.facts)}

    def notes(self) -> str:
        cut = sorted(
            (p for p in (*self.context, *self.facts) if p.removed_bytes),
            key=lambda p: TRIM_ORDER.index(p.name),
        )
        return "\n".join(f"[trimmed: {p.name}, {p.removed_bytes / 1024:.1f} KB]" for p in cut)

    def render(self, project: str) -> tuple[str, str]:
        shown = [p for p in self.context if p.text.strip()]
        context = _sections(shown)
        if context:
            context = f"# Project context: {project}\n\n{context}"
        notes = self.notes()
        note_block = f"## Notes\n\n{TRIM_INTRO}\n{notes}" if notes else ""
        body = [
            self.head,
            note_block,
            _sections([p for p in self.facts if p.text.strip()]),
            self.tail,
        ]
        return context, "\n\n".join(b for b in body if b)

    def chars(self, project: str) -> int:
        context, prompt = self.render(project)
        return len(self.system) + len(context) + len(prompt)


def build_request(
    mode: Mode,
    inputs: PlannerInputs,
    *,
    formula: Formula,
    schema: type[T],
    session_key: str | None = None,
    limits: Limits | None = None,
    budget_tokens: int = DEFAULT_BUDGET_TOKENS,
    secrets: Iterable[str] = (),
) -> ModelRequest[T]:
    """The request for one mode: system, shared context and prompt, within budget.

    `secrets` is a defensive hook: the inputs never carry a secret, but any
    value given here is replaced by `[redacted]` wherever it would appear.
    """
    layout = _layout(mode, inputs, formula, schema)
    _cap_lessons(layout)
    _trim(layout, inputs.project, budget_tokens * 4)
    context, prompt = layout.render(inputs.project)
    hidden = tuple(secrets)
    return ModelRequest(
        mode=mode,
        schema=schema,
        system=redact(layout.system, hidden),
        context=redact(context, hidden),
        prompt=redact(prompt, hidden),
        inputs=inputs,
        session_key=session_key,
        limits=limits or Limits(),
    )


def _layout(mode: Mode, inputs: PlannerInputs, formula: Formula, schema: type[Any]) -> _Layout:
    text = formula.modes[mode]
    ctx = inputs.context
    context = [
        _Part("VISION.md", "VISION.md (project repo)", ctx.vision_md),
        _Part("AGENTS.md", "AGENTS.md (project repo)", ctx.agents_md),
        _Part("prerequisites.md", "prerequisites.md (ops repo)", ctx.prerequisites_md),
        _Part("code summary", "Code summary", ctx.code_summary),
        _Part("lessons learned", "Lessons learned from rejected sprints", ctx.lessons),
    ]
    return _Layout(
        system=_system(formula, text, schema),
        head=_task(formula, text),
        context=context,
        facts=_facts(mode, inputs),
        tail=_answer_format(schema),
    )


def _system(formula: Formula, text: ModeText, schema: type[Any]) -> str:
    return (
        f"{formula.role}\n\n{formula.rules}\n\n{NO_FORGE} Answer only with one JSON object "
        f"in the schema `{schema.__name__}`: the architect program validates it and acts on "
        f"it.\n\nYour task now: {text.goal}"
    )


def _task(formula: Formula, text: ModeText) -> str:
    steps = "\n".join(f"{i}. {step}" for i, step in enumerate(text.steps, 1))
    included = "\n\n".join(formula.sections[name] for name in text.include)
    return "\n\n".join(s for s in (f"# Task: {text.goal}", f"## Steps\n\n{steps}", included) if s)


def _facts(mode: Mode, inputs: PlannerInputs) -> list[_Part]:
    vision = inputs.vision
    pr = f" (sprint PR #{inputs.pr_number})" if inputs.pr_number else ""
    facts = [
        _Part(
            "earlier rejection",
            "An earlier sprint for this vision was rejected",
            inputs.rejection_reason,
        ),
        _Part("guidance", "Human guidance (given with the acceptance)", inputs.guidance),
        _Part("feedback", "Review feedback (changes requested)", inputs.feedback),
        _Part("current pitch", f"Current pitch{pr}", inputs.pitch_markdown),
        _Part("design forks", "Design forks", _ledger(inputs.ledger)),
        _Part(
            "PR conversation", "New comments on the sprint PR", _comments(inputs), keep_tail=True
        ),
        _Part("journal entries", "New journal entries", _journal(inputs), keep_tail=True),
    ]
    if mode is not Mode.DIGEST:
        body = vision.body.strip() or "(no description)"
        url = f"\n{vision.url}" if vision.url else ""
        issue = _Part("vision issue", f"Vision issue #{vision.number}: {vision.title}", body + url)
        facts.insert(0, issue)
    return facts


def _ledger(ledger: Ledger) -> str:
    return "\n\n".join(_fork(f) for f in ledger.forks)


def _fork(fork: DesignFork) -> str:
    options = "\n".join(f"  {letter}) {text}" for letter, text in fork.options)
    lines = [f"Q{fork.number} ({fork.status.value}): {fork.question}", options]
    if fork.recommended:
        lines.append(f"  recommended: {fork.recommended}" + (f" — {fork.why}" if fork.why else ""))
    if fork.answer is not None:
        a = fork.answer
        choice = f"{a.option} — " if a.option else ""
        lines.append(f"  answer: {choice}{a.text} (by @{a.by}, comment {a.comment_id})")
    return "\n".join(lines)


def _comments(inputs: PlannerInputs) -> str:
    return "\n\n".join(
        f"[comment {c.id} by @{c.author}]\n{c.body.strip()}" for c in inputs.new_comments
    )


def _journal(inputs: PlannerInputs) -> str:
    return "\n\n".join(f"- {entry.strip()}" for entry in inputs.journal_entries)


def _sections(parts: list[_Part]) -> str:
    return "\n\n".join(f"## {p.heading}\n\n{p.text.strip()}" for p in parts)


# Budget


def _cap_lessons(layout: _Layout) -> None:
    lessons = layout.parts()["lessons learned"]
    if len(lessons.text.encode()) > LESSONS_MAX_BYTES:
        before = len(lessons.text.encode())
        lessons.text = _head_bytes(lessons.text, LESSONS_MAX_BYTES)
        lessons.removed_bytes = before - len(lessons.text.encode())


def _trim(layout: _Layout, project: str, budget_chars: int) -> None:
    parts = layout.parts()
    for name in TRIM_ORDER:
        excess = layout.chars(project) - budget_chars
        if excess <= 0:
            return
        part = parts.get(name)
        if part is None or not part.text:
            continue
        part.cut(len(part.text) - excess - _SLACK_CHARS)


def _head(text: str, chars: int) -> str:
    kept = text[:chars]
    newline = kept.rfind("\n")
    return kept[:newline] if newline > chars * 0.8 else kept


def _tail(text: str, chars: int) -> str:
    kept = text[-chars:]
    newline = kept.find("\n")
    return kept[newline + 1 :] if 0 <= newline < chars * 0.2 else kept


def _head_bytes(text: str, limit: int) -> str:
    kept = text.encode()[:limit].decode("utf-8", errors="ignore")
    newline = kept.rfind("\n")
    return kept[:newline] if newline > len(kept) * 0.8 else kept


# The answer format, from the schema


def _answer_format(schema: type[BaseModel]) -> str:
    fields = _field_lines(self_contained_schema(schema), "")
    return (
        f"## Answer format\n\nAnswer with one JSON object of the schema `{schema.__name__}`, "
        "and nothing else: no prose around it, no code fences. Its fields:\n" + "\n".join(fields)
    )


def _field_lines(node: Mapping[str, Any], indent: str) -> list[str]:
    required = set(node.get("required", []))
    lines = []
    for name, prop in node.get("properties", {}).items():
        need = "required" if name in required else "optional"
        about = f": {prop['description']}" if prop.get("description") else ""
        lines.append(f"{indent}- {name} ({_type_name(prop)}, {need}){about}")
        item = prop.get("items", {})
        if isinstance(item, Mapping) and "properties" in item:
            lines += _field_lines(item, indent + "  ")
    return lines


def _type_name(prop: Mapping[str, Any]) -> str:
    if "enum" in prop:
        return " | ".join(str(v) for v in prop["enum"])
    if "anyOf" in prop:
        return " or ".join(_type_name(p) for p in prop["anyOf"])
    kind = str(prop.get("type", "any"))
    if kind == "array":
        item = prop.get("items", {})
        inner = "objects" if "properties" in item else f"{_type_name(item)}s"
        return f"list of {inner}"
    if kind == "string" and "pattern" in prop:
        return f"string matching {prop['pattern']}"
    return kind
