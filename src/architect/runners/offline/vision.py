"""Structured vision issues: read a vision body into plain data.

The format is documented in `docs/vision-format.md`. The parser is tolerant on
purpose: a vision is written by a human in a web form, so every string parses
(CRLF, zero-width characters, HTML comments, half-written sections) and the
worst outcome is an empty `StructuredVision`, never an exception. One multiline
scan finds the headings and code fences; lines are read one by one only where
a list is; every pattern is anchored or cannot rescan a run of characters, so
a megabyte of hostile text stays linear.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from architect.core.text import normalize, slugify, visible_text

_FENCE = ("```", "~~~")
_LIST_STARTS = frozenset("-*+0123456789")
_BLOCK = re.compile(r"^(?: {0,3}#{1,6}(?:[ \t][^\n]*)?|[ \t]*(?:```|~~~)[^\n]*)$", re.MULTILINE)
_ANY_CHECK = re.compile(r"^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+\[[ xX]\]", re.MULTILINE)
_ANY_BULLET = re.compile(r"^[ \t]?(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)", re.MULTILINE)
_TRAILING_BLANKS = re.compile(r"(?<![ \t])[ \t]+\n")
_BLANK_LINES = re.compile(r"\n(?:[ \t]*+\n)+")
MAX_ITEMS = 1000  # more is no plan; reading them all would only make a huge body slow
_CHECK = re.compile(r"(\s*)(?:[-*+]|\d{1,9}[.)])\s+\[([ xX])\](?:\s+(.*)|$)")
_BULLET = re.compile(r"(\s*)(?:[-*+]|\d{1,9}[.)])(?:\s+(.*)|$)")
_OPTION = re.compile(r"(?:\*\*|__)?\(?([A-Za-z])[).:](?:\*\*|__)?\s+(.*)")
_FOLLOW_UP = re.compile(
    r"(?:\*\*|__)?(?:(?:if|when)\s+\(?([A-Za-z])\)?(?:\s+is\s+chosen)?|follow[- ]?up)"
    r"(?:\*\*|__)?\s*[:,](?:\*\*|__)?\s*(.*)",
    re.IGNORECASE,
)
_QUESTION_PREFIX = re.compile(r"^(?:\*\*|__)?Q\d{1,4}\s*[:.)](?:\*\*|__)?\s*", re.IGNORECASE)
_RECOMMENDED = re.compile(
    r"[(\[]\s*recommended\b\s*[:,;—–-]?\s*([^()\[\]]{0,300})[)\]]|\s[—–-]+\s*recommended\s*$",
    re.IGNORECASE,
)
_NOTE_KEY = re.compile(r"(?<![\w-])(after|depends\s+on|depends|files?|id)\s*:", re.IGNORECASE)
_PAREN = re.compile(r"\(([^()]{0,2000})\)")
_DASH_SPLIT = re.compile(r"\s+(?:—|–|--)\s+")

_SECTION_NAMES: tuple[tuple[str, str], ...] = (
    ("out of scope", "out_of_scope"),
    ("non goals", "out_of_scope"),
    ("nongoals", "out_of_scope"),
    ("open questions", "questions"),
    ("design questions", "questions"),
    ("questions", "questions"),
    ("goal", "goal"),
    ("goals", "goal"),
    ("summary", "goal"),
    ("overview", "goal"),
    ("why", "why"),
    ("motivation", "why"),
    ("background", "why"),
    ("rationale", "why"),
    ("tasks", "tasks"),
    ("checklist", "tasks"),
    ("scope", "tasks"),
    ("plan", "tasks"),
    ("deliverables", "tasks"),
    ("risks", "risks"),
    ("acceptance", "acceptance"),
    ("acceptance criteria", "acceptance"),
    ("definition of done", "acceptance"),
    ("context", "context"),
    ("current state", "context"),
    ("what exists today", "context"),
)
_SECTION_KINDS = dict(_SECTION_NAMES)
_LIST_SECTIONS = frozenset({"risks", "out_of_scope", "acceptance"})


@dataclass(frozen=True)
class VisionOption:
    """One lettered option of an open question; `follow_up` is asked once it is chosen."""

    letter: str
    text: str
    recommended: bool = False
    why: str = ""
    follow_up: OpenQuestion | None = None


@dataclass(frozen=True)
class OpenQuestion:
    text: str
    options: tuple[VisionOption, ...] = ()

    @property
    def recommended(self) -> str:
        """The letter marked "(recommended)", else the first option's letter."""
        marked = [o.letter for o in self.options if o.recommended]
        return marked[0] if marked else (self.options[0].letter if self.options else "")


@dataclass(frozen=True)
class ChecklistItem:
    id: str
    text: str
    done: bool = False
    after: tuple[str, ...] = ()  # references as written: another item's id or text
    files: tuple[str, ...] = ()


@dataclass(frozen=True)
class StructuredVision:
    goal: str = ""
    why: str = ""
    context: str = ""
    items: tuple[ChecklistItem, ...] = ()
    questions: tuple[OpenQuestion, ...] = ()
    risks: tuple[str, ...] = ()
    out_of_scope: tuple[str, ...] = ()
    acceptance: tuple[str, ...] = ()

    @property
    def open_items(self) -> tuple[ChecklistItem, ...]:
        return tuple(item for item in self.items if not item.done)

    @property
    def is_empty(self) -> bool:
        return not (self.goal or self.why or self.items or self.questions)


# ---------------------------------------------------------------- text helpers


def _unwrap(text: str) -> str:
    text = text.strip()
    for mark in ("**", "__"):
        if len(text) > 4 and text.startswith(mark) and text.endswith(mark):
            text = text[2:-2].strip()
    return text


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


# ---------------------------------------------------------------- sections


@dataclass
class _Section:
    kind: str
    parts: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n".join(self.parts)


def _heading(line: str) -> tuple[int, str, str | None] | None:
    """(level, title, section kind) of an ATX heading line."""
    stripped = line.lstrip(" ")
    if len(line) - len(stripped) > 3 or not stripped.startswith("#"):
        return None
    level = len(stripped) - len(stripped.lstrip("#"))
    rest = stripped[level:]
    if level > 6 or (rest and not rest[0].isspace()):
        return None
    title = rest.strip().rstrip("#").strip()
    return level, title, _section_kind(title)


def _section_kind(title: str) -> str | None:
    """The kind of a heading: its name, or its first words ("Risks and mitigations")."""
    words = normalize(title[:200]).split()
    for size in (3, 2, 1):
        kind = _SECTION_KINDS.get(" ".join(words[:size])) if len(words) >= size else None
        if kind:
            return kind
    return None


def _sections(text: str) -> list[_Section]:
    """Split at headings, dropping fenced code; the regex finds the few lines that matter,
    so a megabyte of text is cut into sections at C speed."""
    sections = [_Section("lead")]
    level_of_current = 0
    fence = ""
    pos = 0
    seen: dict[str, tuple[int, str, str | None] | None] = {}
    for match in _BLOCK.finditer(text):
        line = match.group(0)
        marker = line.lstrip()[:3]
        if fence:
            if marker == fence:  # the end of the code: drop it all
                fence, pos = "", match.end()
            continue
        sections[-1].parts.append(text[pos : match.start()])
        pos = match.end()
        if marker in _FENCE:
            fence = marker
            continue
        if line not in seen:  # a hostile body repeats one heading a thousand times
            seen[line] = _heading(line)
        heading = seen[line]
        if heading is None:
            continue
        level, title, kind = heading
        current = sections[-1].kind
        if kind is None and (level == 1 or (current != "lead" and level > level_of_current)):
            # A title line, or a sub-heading inside a known section ("### 1. Where …?").
            if level > 1:
                sections[-1].parts.append(f"- {title}" if current == "questions" else title)
            continue
        if (kind or "other") != current:
            sections.append(_Section(kind or "other"))
        level_of_current = level
    if not fence:
        sections[-1].parts.append(text[pos:])
    return sections


# ---------------------------------------------------------------- parse


def parse_vision(body: str) -> StructuredVision:
    """Read a vision issue body; never raises, whatever the string."""
    sections = _sections(_BLANK_LINES.sub("\n\n", visible_text(body)))
    items: list[ChecklistItem] = []
    prose: dict[str, list[str]] = {}
    lists: dict[str, list[str]] = {}
    questions: list[OpenQuestion] = []
    for section in sections:
        text = section.text
        if section.kind == "questions":
            questions.extend(_questions(text.split("\n")))
        elif section.kind in _LIST_SECTIONS:
            lists.setdefault(section.kind, []).extend(_list_entries(text))
        else:
            room = MAX_ITEMS - len(items)
            found, rest = _checklist(text, room, plain_bullets=section.kind == "tasks")
            items.extend(found)
            prose.setdefault(section.kind, []).append(_prose(rest))
    goal = _join(prose.get("goal", [])) or _join(prose.get("lead", []))
    return StructuredVision(
        goal=goal,
        why=_join(prose.get("why", [])),
        context=_join(prose.get("context", [])),
        items=_with_ids(items),
        questions=tuple(questions),
        risks=tuple(lists.get("risks", [])),
        out_of_scope=tuple(lists.get("out_of_scope", [])),
        acceptance=tuple(lists.get("acceptance", [])),
    )


def _join(parts: list[str]) -> str:
    return "\n\n".join(p for p in parts if p)


def _prose(text: str) -> str:
    # The lookbehinds make each run of blanks match once: no quadratic rescans.
    text = _TRAILING_BLANKS.sub("\n", text)
    return reflow(_BLANK_LINES.sub("\n\n", text).strip())


_OWN_LINE = re.compile(r"^\s*(?:[-*+>|]|\d{1,9}[.)]|#)(?:\s|$)")


def reflow(text: str) -> str:
    """Prose with the writer's hard line breaks undone: a line that goes on a sentence joins
    it; a list item, a quote or a table row keeps its own line, and blank lines stay."""
    out: list[list[str]] = []  # each output line as its parts: joined once, at the end
    for line in text.split("\n"):
        if out and out[-1][-1].strip() and line.strip() and not _OWN_LINE.match(line):
            out[-1].append(line.strip())
        else:
            out.append([line])
    return "\n".join(" ".join(p.strip() for p in parts) if len(parts) > 1 else parts[0]
                     for parts in out)


def _list_entries(text: str) -> list[str]:
    entries: list[str] = []
    for line in text.split("\n"):
        check = _CHECK.match(line)
        bullet = check or _BULLET.match(line)
        if bullet and _indent(line) < 2:
            entry = _unwrap((check.group(3) if check else bullet.group(2)) or "")
            if entry:
                entries.append(entry)
    if entries:
        return entries
    paragraphs = _prose(text).split("\n\n")
    return [" ".join(p.split()) for p in paragraphs if p.strip()]


def _checklist(text: str, room: int, *, plain_bullets: bool) -> tuple[list[ChecklistItem], str]:
    """Checklist items (with their indented note lines) and the rest, which is prose.

    An item's `id` is the explicit `id:` note or ""; `_with_ids` fills the rest.
    """
    if not (_ANY_CHECK.search(text) or (plain_bullets and _ANY_BULLET.search(text))):
        return [], text  # prose only: no need to look at each line
    items: list[ChecklistItem] = []
    rest: list[str] = []
    item_indent = -1
    ignoring = False  # inside an item beyond `room`: it and its notes are dropped
    for line in text.split("\n"):
        stripped = line.lstrip()
        if not stripped:
            rest.append(line)
            continue
        indent = len(line) - len(stripped)
        check = bullet = None
        if stripped[0] in _LIST_STARTS:  # only these can start a list item: skip the regexes
            check = _CHECK.match(line)
            bullet = None if check else _BULLET.match(line)
        if check or (plain_bullets and bullet and indent < 2):
            item_indent, ignoring = indent, len(items) >= room
            if ignoring:
                continue
            content = (check.group(3) if check else bullet.group(2) if bullet else "") or ""
            item = _item(content, done=bool(check and check.group(2) in "xX"))
            if item:
                items.append(item)
                continue
            item_indent = -1
        if items and 0 <= item_indent < indent:
            content = ((bullet.group(2) or "") if bullet else stripped).strip()
            if _NOTE_KEY.match(content):
                if not ignoring:
                    items[-1] = _merge_notes(items[-1], _notes(" ".join(content.split())))
                continue
        if indent == 0:
            item_indent, ignoring = -1, False
        rest.append(line)
    return items, "\n".join(rest)


def _item(content: str, *, done: bool) -> ChecklistItem | None:
    title, notes = _split_notes(" ".join(content.split()))
    title = _unwrap(title)
    return _merge_notes(ChecklistItem(id="", text=title, done=done), notes) if title else None


def _split_notes(content: str) -> tuple[str, list[tuple[str, str]]]:
    notes: list[tuple[str, str]] = []

    def take(match: re.Match[str]) -> str:
        inner = match.group(1)
        if _NOTE_KEY.match(inner.strip()):
            notes.extend(_notes(inner))
            return ""
        return match.group(0)

    title = _PAREN.sub(take, content)
    parts = _DASH_SPLIT.split(title, maxsplit=1)
    if len(parts) == 2 and (key := _NOTE_KEY.search(parts[1])):
        notes.extend(_notes(parts[1][key.start() :]))
        lead = parts[1][: key.start()].strip(" ;,")
        title = f"{parts[0]} — {lead}" if lead else parts[0]
    return " ".join(title.split()), notes


def _notes(text: str) -> list[tuple[str, str]]:
    found = list(_NOTE_KEY.finditer(text))
    notes: list[tuple[str, str]] = []
    for i, match in enumerate(found):
        end = found[i + 1].start() if i + 1 < len(found) else len(text)
        key = normalize(match.group(1)).replace("depends on", "after").replace("depends", "after")
        notes.append((key.rstrip("s") if key == "files" else key, text[match.end() : end]))
    return notes


def _merge_notes(item: ChecklistItem, notes: list[tuple[str, str]]) -> ChecklistItem:
    after, files, ident = list(item.after), list(item.files), item.id
    for key, value in notes:
        if key == "after":
            refs = re.split(r"[,;]|\s+and\s+", value)
            after += [r.strip(" `'\"*.") for r in refs if r.strip(" `'\"*.")]
        elif key == "file":
            files += [f.strip("`'\"*") for f in re.split(r"[,;\s]+", value) if f.strip("`'\"*")]
        elif key == "id":
            ident = slugify(value) or ident
    return replace(
        item, after=tuple(dict.fromkeys(after)), files=tuple(dict.fromkeys(files)), id=ident
    )


def _with_ids(found: list[ChecklistItem]) -> tuple[ChecklistItem, ...]:
    taken: set[str] = set()
    suffix: dict[str, int] = {}  # the last number tried per base: no quadratic rescans
    result: list[ChecklistItem] = []
    for index, item in enumerate(found, start=1):
        base = item.id or slugify(item.text) or f"item-{index}"
        ident = base
        while ident in taken:
            suffix[base] = suffix.get(base, 1) + 1
            ident = f"{base[:56]}-{suffix[base]}"
        taken.add(ident)
        result.append(replace(item, id=ident))
    return tuple(result)


# ---------------------------------------------------------------- open questions


@dataclass
class _Q:
    text: str
    options: list[VisionOption] = field(default_factory=list)
    follow_ups: dict[str, _Q] = field(default_factory=dict)

    def freeze(self) -> OpenQuestion:
        options = tuple(
            replace(o, follow_up=self.follow_ups[o.letter].freeze())
            if o.letter in self.follow_ups
            else o
            for o in self.options
        )
        return OpenQuestion(self.text, options)


def _questions(lines: list[str]) -> list[OpenQuestion]:
    questions: list[_Q] = []
    follow_up: tuple[_Q, int] | None = None  # the follow-up being filled and its indent
    for line in lines:
        if not line.strip():
            continue
        indent = _indent(line)
        bullet = _BULLET.match(line)
        content = ((bullet.group(2) or "") if bullet else line).strip()
        option = _OPTION.fullmatch(content)
        if option and questions:
            target = follow_up[0] if follow_up and indent > follow_up[1] else questions[-1]
            follow_up = follow_up if target is not questions[-1] else None
            _add_option(target, option.group(1), option.group(2))
            continue
        wrinkle = _FOLLOW_UP.fullmatch(content)
        if wrinkle and questions and questions[-1].options and indent > 0:
            letter = (wrinkle.group(1) or questions[-1].options[-1].letter).upper()
            sub = _Q(_question_text(wrinkle.group(2)))
            questions[-1].follow_ups.setdefault(letter, sub)
            follow_up = (sub, indent)
            continue
        if (bullet and indent < 2) or (not bullet and content.endswith("?") and indent < 2):
            questions.append(_Q(_question_text(content)))
            follow_up = None
    return [q.freeze() for q in questions if q.text]


def _question_text(text: str) -> str:
    text = _QUESTION_PREFIX.sub("", text.strip(), count=1)
    return " ".join(_unwrap(text).split())


def _add_option(question: _Q, letter: str, text: str) -> None:
    why = ""
    recommended = False
    match = _RECOMMENDED.search(text)
    if match:
        recommended, why = True, (match.group(1) or "").strip()
        # Emphasis around the mark ("*(recommended)*") goes with it.
        text = text[: match.start()].rstrip("*_ ") + " " + text[match.end() :].lstrip("*_")
    text = " ".join(_unwrap(text).split())
    letters = {o.letter for o in question.options}
    letter = letter.upper()
    if letter in letters or len(question.options) >= 6 or not text:
        if len(question.options) >= 6 or not text:
            return
        letter = next(c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if c not in letters)
    question.options.append(VisionOption(letter, text, recommended, why))
