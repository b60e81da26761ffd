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

from architect.text import clean_text

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
_FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.DOTALL | re.MULTILINE)
_INLINE_CODE = re.compile(r"`[^`\n]*`")
_HTML_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
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


def answerable_text(body: str) -> str:
    """The part of a comment that can carry answers: no quotes, code or HTML comments."""
    text = clean_text(body)
    text = _HTML_COMMENT.sub("", text)
    text = _FENCE.sub("", text)
    text = _INLINE_CODE.sub("", text)
    lines = [line for line in text.split("\n") if not line.lstrip().startswith(">")]
    return "\n".join(lines).strip()


def parse_comment(body: str) -> ParsedComment:
    text = answerable_text(body)
    if not text:
        return ParsedComment()
    if _APPROVE_ALL.match(text.strip()):
        return ParsedComment(approve_all=True)
    answers: list[ParsedAnswer] = []
    leftover_lines: list[str] = []
    for line in text.split("\n"):
        found = list(_ANSWER.finditer(line))
        if not found:
            if line.strip():
                leftover_lines.append(line)
            continue
        for match in found:
            answers.append(
                ParsedAnswer(
                    question=int(match.group("num")),
                    choice=_choice(match.group("choice")),
                    reason=_REASON_LEAD.sub("", match.group("reason")).strip(),
                )
            )
        rest = _ANSWER.sub("", line).strip(" \t;,.")
        if rest:
            leftover_lines.append(rest)
    leftover = "\n".join(leftover_lines).strip()
    return ParsedComment(answers=tuple(answers), leftover=leftover)


def _choice(raw: str) -> str:
    word = raw.strip().lower()
    if word in {"recommended", "rec", "default"}:
        return RECOMMENDED
    return raw.strip()[-1].upper()
