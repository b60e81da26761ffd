"""Prompts: the formula plus the facts of one request, within a context budget.

A request has three texts (see `runners.base.ModelRequest`), in the order a
runner sends them, most stable first, so a provider's prompt cache reuses the
longest prefix:

- `system`: the role, the rules and the promise that matters most (no forge
  access, answer in the schema the task names): the same bytes in every mode;
- `context`: the large part shared by every call of a project (VISION.md,
  AGENTS.md, prerequisites.md, the code summary, the lessons learned), each
  document in its own tags: the same bytes in every mode of a sprint too;
- `prompt`: the facts of this call, each in its own tags (the vision issue,
  the current pitch, the humans' words, the design forks as they stand now),
  then the mode's task (goal, steps, rules) and the schema to answer in, last.
  `tools_prompt` is the same prompt with the formula's `code_tools` section
  after the task, for a runner that offers read-only code tools: a fact of
  the call, not of the project, so the cached prefix is the same either way.

Each call carries one current copy of every fact: a runner sends no earlier
turn of a PR's conversation (the design forks hold what was asked and
answered), and what the fields mean is said once, by the schema the runner
hands the provider, not repeated here.

A budget (tokens estimated as characters / 4) trims the least useful parts
first, in `TRIM_ORDER`, and the prompt says what was cut
("[trimmed: code summary, 3.2 KB]"). The lessons are capped at 2 KB whatever
the budget. Building a prompt is pure: no file, clock or network is read.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType
from typing import Any, TypeVar

from pydantic import BaseModel

from architect.core.inputs import LESSONS_MAX_BYTES, HumanComment, PlannerInputs
from architect.core.ledger import DesignFork, Ledger
from architect.core.markers import strip_markers
from architect.core.text import one_line
from architect.errors import ConfigError
from architect.redaction import Redactor
from architect.runners.base import Limits, Mode, ModelRequest

__all__ = [
    "DEFAULT_BUDGET_TOKENS",
    "LESSONS_MAX_BYTES",
    "TRIM_ORDER",
    "Formula",
    "ModeText",
    "build_request",
    "load_formula",
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
    "rejected pitch",
    "vision comments",
    "PR conversation",
    "lessons learned",
    "current pitch",
    "vision issue",
)
CODE_TOOLS_SECTION = "code_tools"  # said in the task part: the stable prefix stays one
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
    return _parsed_formula(shipped, override_text)


# Every model call loads the formula: parsed once for each text (the TOML parse costs
# more than the rest of building a request), and read-only, so one value serves them all.
@functools.lru_cache(maxsize=8)
def _parsed_formula(shipped: str, override_text: str | None) -> Formula:
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
        # Shared by every call that loads the same text: nobody may change it.
        sections=MappingProxyType(sections),
        modes=MappingProxyType(modes),
    )


def _text(value: object, key: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"formula: `{key}` must be a non-empty string")
    return value.strip()


# The parts of a request


@dataclass
class _Part:
    name: str  # what the trim note calls it
    tag: str  # the tag around it: a model tells documents apart by their tags
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

    def render(self) -> str:
        # A document cannot close its own tag early and pass as the program's words.
        inner = self.text.strip().replace(f"</{self.tag}>", f"<\\/{self.tag}>")
        return f"<{self.tag}>\n{inner}\n</{self.tag}>"


@dataclass
class _Layout:
    """Every part of one request, before and after trimming."""

    system: str
    facts: list[_Part]
    task: str  # the mode's goal, steps and rules: never trimmed
    answer: str  # the schema to answer in: never trimmed
    context: list[_Part]
    tools_note: str = ""  # how to use the code tools, for a runner that offers them

    def parts(self) -> dict[str, _Part]:
        return {p.name: p for p in (*self.context, *self.facts)}

    def notes(self) -> str:
        cut = sorted(
            (p for p in (*self.context, *self.facts) if p.removed_bytes),
            key=lambda p: TRIM_ORDER.index(p.name),
        )
        return "\n".join(f"[trimmed: {p.name}, {p.removed_bytes / 1024:.1f} KB]" for p in cut)

    def render(self, project: str, *, tools: bool = False) -> tuple[str, str]:
        shown = [p for p in self.context if p.text.strip()]
        context = _sections(shown)
        if context:
            context = f"# Project context: {project}\n\n{context}"
        notes = self.notes()
        note_block = f"## Notes\n\n{TRIM_INTRO}\n{notes}" if notes else ""
        body = [
            _sections([p for p in self.facts if p.text.strip()]),
            note_block,
            self.task,
            self.tools_note if tools else "",
            self.answer,
        ]
        return context, "\n\n".join(b for b in body if b)

    def chars(self, project: str) -> int:
        context, prompt = self.render(project, tools=True)  # the longer of the two
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
    _, tools_prompt = layout.render(inputs.project, tools=True)
    hidden = Redactor(secrets)  # one pattern for the four texts
    return ModelRequest(
        mode=mode,
        schema=schema,
        system=hidden.redact(layout.system),
        context=hidden.redact(context),
        prompt=hidden.redact(prompt),
        tools_prompt=hidden.redact(tools_prompt),
        inputs=inputs,
        session_key=session_key,
        limits=limits or Limits(),
    )


def _layout(mode: Mode, inputs: PlannerInputs, formula: Formula, schema: type[Any]) -> _Layout:
    ctx = inputs.context
    context = [
        _Part("VISION.md", "vision_md", ctx.vision_md),
        _Part("AGENTS.md", "agents_md", ctx.agents_md),
        _Part("prerequisites.md", "prerequisites_md", ctx.prerequisites_md),
        _Part("code summary", "code_summary", ctx.code_summary),
        _Part("lessons learned", "lessons_learned", ctx.lessons),
    ]
    return _Layout(
        system=_system(formula),
        facts=_facts(mode, inputs),
        task=_task(formula, formula.modes[mode]),
        answer=(
            f"Answer only with one JSON object in the schema `{schema.__name__}`, and nothing "
            "else: no prose around it, no code fences."
        ),
        context=context,
        tools_note=formula.sections.get(CODE_TOOLS_SECTION, ""),
    )


def _system(formula: Formula) -> str:
    return (
        f"{formula.role}\n\n{formula.rules}\n\n{NO_FORGE} Answer only with one JSON object, "
        "in the schema that the task at the end of the prompt names: the architect program "
        "validates it and acts on it."
    )


def _task(formula: Formula, text: ModeText) -> str:
    steps = "\n".join(f"{i}. {step}" for i, step in enumerate(text.steps, 1))
    included = "\n\n".join(formula.sections[name] for name in text.include)
    return "\n\n".join(s for s in (f"# Task: {text.goal}", f"## Steps\n\n{steps}", included) if s)


def _facts(mode: Mode, inputs: PlannerInputs) -> list[_Part]:
    facts = [
        _Part("earlier rejection", "earlier_rejection", _rejection(inputs)),
        _Part("rejected pitch", "rejected_pitch", inputs.rejected_pitch),
        _Part("vision comments", "vision_comments", _comments(inputs.vision_comments),
              keep_tail=True),
        _Part("current pitch", "pitch", _pitch(inputs)),
        _Part("guidance", "guidance", inputs.guidance),
        _Part("feedback", "review_feedback", inputs.feedback),
        _Part("design forks", "design_forks", _ledger(inputs.ledger)),
        _Part("recorded answers", "recorded_this_round", _recorded(inputs)),
        _Part("PR conversation", "new_comments",
              _comments(inputs.round_comments or inputs.new_comments), keep_tail=True),
        _Part("filing check", "filing_check", _filing_check(mode, inputs)),
        _Part("journal entries", "journal_entries", _journal(inputs), keep_tail=True),
        _Part("filed sub-issues", "filed_sub_issues", _filed(inputs), keep_tail=True),
    ]
    if mode is not Mode.DIGEST:
        facts.insert(0, _Part("vision issue", "vision_issue", _vision(inputs)))
    return facts


def _vision(inputs: PlannerInputs) -> str:
    vision = inputs.vision
    url = f"\n{vision.url}" if vision.url else ""
    body = vision.body.strip() or "(no description)"
    return f"#{vision.number}: {vision.title}{url}\n\n{body}"


def _pitch(inputs: PlannerInputs) -> str:
    if not inputs.pitch_markdown.strip():
        return ""
    pr = f"Sprint PR #{inputs.pr_number}\n\n" if inputs.pr_number else ""
    return pr + inputs.pitch_markdown


def _rejection(inputs: PlannerInputs) -> str:
    reason = inputs.rejection_reason.strip()
    if not reason:
        return ""
    shown = "its pitch is below" if inputs.rejected_pitch.strip() else "its pitch is gone"
    return f"An earlier sprint for this vision was rejected ({shown}). The reason:\n\n{reason}"


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


def _recorded(inputs: PlannerInputs) -> str:
    if not inputs.recorded:
        return ""
    listed = ", ".join(f"Q{n}" for n in inputs.recorded)
    return (f"The program itself read {listed} from `Q<n>: <letter>` lines in the comments "
            "below and recorded them in the design forks above: do not interpret those again, "
            "but ask the follow-ups a recorded answer opens (a changed one too).")


def _comments(comments: Iterable[HumanComment]) -> str:
    return "\n\n".join(f"[comment {c.id} by @{c.author}{_steers(c)}]\n{c.body.strip()}"
                        for c in comments)


def _steers(comment: HumanComment) -> str:
    if comment.may_steer is None:
        return ""
    return ", who may steer" if comment.may_steer else ", who may not steer: context only"


def _filing_check(mode: Mode, inputs: PlannerInputs) -> str:
    if mode is not Mode.FILE:
        return ""
    lines = []
    if inputs.filing_problems:
        lines.append("The last plan was not filed: the filing check found these problems. "
                     "Fix every one.")
        lines += [f"- {p}" for p in inputs.filing_problems]
    lines.append(f"At most {inputs.max_sub_issues} sub-issues may be filed for this sprint.")
    if inputs.backlog_titles:
        lines.append("Open issues of the project already (do not plan a sub-issue that repeats "
                     "one; a title equal to one of these is refused):")
        lines += [f"- {one_line(title, 150)}" for title in inputs.backlog_titles]
    return "\n".join(lines)


def _filed(inputs: PlannerInputs) -> str:
    """The sprint's sub-issues as they are now (re-plan), each saying whether work started;
    the request itself is the PR conversation."""
    if not inputs.filed_issues:
        return ""
    listed = [f"[#{f.number} ({f.state}{'; work started: ' + f.started if f.started else ''})] "
              f"{f.title}\n{strip_markers(f.body).strip()}" for f in inputs.filed_issues]
    return "\n\n".join([*listed, f"At most {inputs.max_sub_issues} sub-issues may be filed "
                                   "for this sprint, those above included."])


def _journal(inputs: PlannerInputs) -> str:
    return "\n\n".join(f"- {entry.strip()}" for entry in inputs.journal_entries)


def _sections(parts: list[_Part]) -> str:
    return "\n\n".join(p.render() for p in parts)


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
