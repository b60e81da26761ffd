"""A new pitch of a vision whose last sprint stopped starts from what people gave it. Pure.

Two things carry over: the answered design forks of the old PR's trusted ledger (the
new design questions start from them instead of asking them again), and the
sections a person added to the old sprint file (kept in the new one).
"""

from __future__ import annotations

import re
from dataclasses import replace

from architect.core import markers, render
from architect.core.ledger import DesignFork, ForkStatus, Ledger
from architect.core.text import normalize, one_line

# The architect's own sections of a sprint file besides the pitch's: never a person's.
_OWN = (render.FORKS_HEADING, render.FILED_HEADING, "## Re-plans")
_SECTION = re.compile(r"^## (?!#).*?(?=^## (?!#)|^<!--|^" + re.escape(render.FILE_FOOTER)
                      + r"|\Z)", re.DOTALL | re.MULTILINE)


def answered(ledger: Ledger | None) -> Ledger | None:
    """The forks worth carrying: answered, and not withdrawn; None when there is none."""
    if ledger is None:
        return None
    kept = tuple(f for f in ledger.forks if f.answer is not None
                 and f.status is not ForkStatus.WITHDRAWN)
    return Ledger(kept) if kept else None


def human_sections(old_file: str, new_file: str) -> tuple[str, ...]:
    """The `## ` sections of the old sprint file that the new one does not have and that
    are not the architect's own: what a person added."""
    known = {_heading(s) for s in _SECTION.findall(new_file)}
    return tuple(section.strip() for section in _SECTION.findall(old_file)
                 if _heading(section) not in known
                 and not _heading(section).startswith(_OWN))


def with_sections(text: str, sections: tuple[str, ...]) -> str:
    """The sprint file with the carried sections before its footer line."""
    for section in sections:
        text = render.replace_section(text, _heading(section), section,
                                      anchor=render.FILE_FOOTER)
    return text


def _heading(section: str) -> str:
    return section.split("\n", 1)[0].strip()


def start_from(new: Ledger, carried: Ledger | None) -> tuple[Ledger, tuple[int, ...]]:
    """The first questions with the carried answers recorded, and the numbers they went
    to. A question is the same when its words are; an answer carries when its option's
    words are among the new options (or it was free text). The answered follow-ups of
    a carried answer come along, numbered after the new questions."""
    if carried is None:
        return new, ()
    moved: dict[int, int] = {}
    letters: dict[tuple[int, str], str] = {}
    ledger = new
    for old in carried.forks:
        if old.hangs_on is not None or old.answer is None:
            continue
        fork = next((f for f in ledger.forks if normalize(f.question) == normalize(old.question)
                     and f.answer is None), None)
        letter = _same_option(old, fork) if fork is not None else None
        if fork is None or (old.answer.option is not None and letter is None):
            continue
        ledger = ledger.answer(fork.number, replace(old.answer, option=letter))
        moved[old.number] = fork.number
        if old.answer.option is not None and letter is not None:
            letters[(old.number, old.answer.option)] = letter
    for old in carried.forks:
        if old.hangs_on is None or old.hangs_on not in letters or old.answer is None:
            continue
        number = ledger.next_number
        parent = (moved[old.hangs_on[0]], letters[old.hangs_on])
        ledger = ledger.with_fork(replace(old, number=number, hangs_on=parent,
                                          status=ForkStatus.RESOLVED))
        moved[old.number] = number
    return ledger, tuple(moved.values())


def _same_option(old: DesignFork, new: DesignFork | None) -> str | None:
    if new is None or old.answer is None or old.answer.option is None:
        return None
    words = normalize(old.option_text(old.answer.option))
    return next((letter for letter, text in new.options if normalize(text) == words), None)


def carried_comment(pr: int, ledger: Ledger) -> str:
    """On the new sprint PR: what the stopped one had decided, kept for the questions."""
    lines = [f"The last sprint PR of this vision (#{pr}) stopped before it was filed. "
             "Its answered design forks carry over: the design questions start from them "
             "instead of asking them again (answer one again to change it).", ""]
    for fork in ledger.forks:
        assert fork.answer is not None  # `answered` keeps only those
        answer = render.answer_text(fork.answer.option, fork.answer.text, 200)
        lines.append(f"- {one_line(fork.question, 200)} → {answer} (@{fork.answer.by})")
    return "\n".join(lines) + "\n\n" + markers.CarriedMark(pr, ledger).render()


def carried_note(pr: int, numbers: tuple[int, ...]) -> str:
    """The line the first questions open with when some answers carried over."""
    if not numbers:
        return ""
    listing = ", ".join(f"Q{n}" for n in numbers)
    return (f"Answered on #{pr} before it stopped, and kept: {listing} (answer one again "
            "to change it).")
