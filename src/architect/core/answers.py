"""The answer grammar: what a human's comment says about the design forks.

Deterministic and pure. It reads ``Q2: B``, ``q2 - b because …``,
``Q1=A; Q3: C``, ``Q2: recommended`` and a bare ``yes``/``lgtm`` (take every
recommendation). Quoted lines (``> Q1: A``), fenced or inline code and HTML
comments are never answers. What the grammar cannot read is returned as
`leftover` text, for the model.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from architect.core.text import clean_text, strip_html_comments

RECOMMENDED = "recommended"

_ANSWER = re.compile(
    r"""\bQ\s*(?P<num>\d{1,3})\s*(?:[:=\-–—)]|\bis\b)\s*
        (?P<choice>recommended|rec\b|default\b|option\s+[A-Z]\b|[A-Z](?![A-Za-z0-9]))
        (?P<reason>[^;\n]*)""",
    re.IGNORECASE | re.VERBOSE,
)
_APPROVE_ALL = re.compile(
    r"^(yes|yep|lgtm|ok|okay|agreed|sounds good|\+1|go with (all )?(the )?recommendations?"
    r"|all recommended|accept (all )?(the )?recommendations?)[.!]*$",
    re.IGNORECASE,
)
_INLINE_CODE = re.compile(r"`[^`\n]*`")
_REASON_LEAD = re.compile(r"^[\s,.:;\-–—)]*(because|since|as)?\s*", re.IGNORECASE)


@dataclass(frozen=True)
class ParsedAnswer:
    question: int
    choice: str  # a capital letter, or RECOMMENDED
    reason: str = ""


@dataclass(frozen=True)
class ParsedComment:
    answers: tuple[ParsedAnswer, ...] = ()
    approve_all: bool = False
    leftover: str = ""
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def is_empty(self) -> bool:
        return not self.answers and not self.approve_all and not self.leftover


def _lines(body: str) -> list[tuple[str, bool]]:
    """Each line of the comment, with whether answers may be read from it.

    Quoted lines and fenced code are kept (the model may need them as context)
    but never read as answers; inline code is blanked only for reading.
    """
    text = strip_html_comments(clean_text(body))
    out: list[tuple[str, bool]] = []
    fence: str | None = None
    for line in text.split("\n"):
        stripped = line.lstrip()
        if fence is not None:
            out.append((line, False))
            if stripped.startswith(fence):
                fence = None
            continue
        if stripped.startswith(("```", "~~~")):
            fence = stripped[:3]
            out.append((line, False))
            continue
        out.append((line, not stripped.startswith(">")))
    return out


def parse_comment(body: str) -> ParsedComment:
    lines = _lines(body)
    readable = "\n".join(_INLINE_CODE.sub("", line) for line, ok in lines if ok).strip()
    if not readable and not any(line.strip() for line, _ in lines):
        return ParsedComment()
    if _APPROVE_ALL.match(readable) and all(ok or not line.strip() for line, ok in lines):
        return ParsedComment(approve_all=True)
    answers: list[ParsedAnswer] = []
    leftover_lines: list[str] = []
    meaningful = False  # text outside quotes and code that is not an answer
    for line, ok in lines:
        readable_line = _INLINE_CODE.sub("", line) if ok else ""
        found = list(_ANSWER.finditer(readable_line))
        for match in found:
            answers.append(
                ParsedAnswer(
                    question=int(match.group("num")),
                    choice=_choice(match.group("choice")),
                    reason=_REASON_LEAD.sub("", match.group("reason")).strip(),
                )
            )
        rest = _ANSWER.sub("", readable_line).strip(" \t;,.") if found else readable_line.strip()
        meaningful = meaningful or bool(rest)
        kept = _ANSWER.sub("", line).strip(" \t;,.") if found else line
        if kept.strip():
            leftover_lines.append(kept)
    # Quotes and code go to the model only as context of something new said around them.
    leftover = "\n".join(leftover_lines).strip() if meaningful else ""
    return ParsedComment(answers=tuple(answers), leftover=leftover)


def _choice(raw: str) -> str:
    word = raw.strip().lower()
    if word in {"recommended", "rec", "default"}:
        return RECOMMENDED
    return raw.strip()[-1].upper()
