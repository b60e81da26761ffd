"""An answer round over the design-fork ledger. Pure.

`read_answers` applies what the answer grammar reads and keeps the rest for
the model; `settle` closes a round once no question is left open.
"""

from __future__ import annotations

from dataclasses import replace

from architect.core import markers, render
from architect.core.actions import ProcessAnswers
from architect.core.answers import RECOMMENDED, parse_comment
from architect.core.inputs import HumanComment
from architect.core.ledger import Answer, ForkStatus, Ledger
from architect.core.text import clean_text
from architect.core.view import SprintView


def forks_in_sync(ledger: Ledger, body: str) -> bool:
    """Whether the PR body shows the trusted ledger as `## Design forks`."""
    # Both sides cleaned alike: NFKC turns the "…" of a shortened line into "...".
    return clean_text(render.forks_section(ledger)) in clean_text(body)


def read_answers(view: SprintView) -> ProcessAnswers:
    """Apply what the grammar can read; keep the rest for the model."""
    assert view.ledger is not None
    ledger = view.ledger
    recorded: list[int] = []
    notes: list[str] = []
    free: list[HumanComment] = []
    for comment in view.new_comments:
        parsed = parse_comment(comment.body, ledger.forks)
        login = comment.user.login
        if parsed.approve_all:
            for fork in ledger.forks:
                if fork.status is not ForkStatus.OPEN:
                    continue  # an explicit answer waiting on a follow-up stays as given
                answer = Answer(fork.recommended, _option_words(fork.option_text(fork.recommended)),
                                login, comment.html_url, comment.id)
                ledger = ledger.answer(fork.number, answer)
                recorded.append(fork.number)
        for item in parsed.answers:
            target = ledger.get(item.question)
            if target is None:
                notes.append(f"Q{item.question} (from @{login}) does not exist; the questions "
                             f"are Q1–Q{ledger.next_number - 1}.")
                continue
            letter = target.recommended if item.choice == RECOMMENDED else item.choice
            if letter not in target.letters:
                notes.append(f"Q{target.number}: {letter} is not one of the options "
                             f"({', '.join(target.letters)}); answer again with one of them.")
                continue
            text = _option_words(target.option_text(letter))
            if item.reason:
                text = f"{text} — {item.reason}"
            ledger = ledger.answer(target.number, Answer(letter, text, login, comment.html_url,
                                                         comment.id))
            recorded.append(target.number)
        edited = comment.id in view.edited
        if edited:
            notes.append(f"Read again: [the comment by @{login}]({comment.html_url}), "
                         "edited since it was read.")
        if parsed.leftover:
            free.append(HumanComment(comment.id, login, parsed.leftover, comment.html_url))
        elif parsed.is_empty and edited:
            notes.append(f"The edited comment by @{login} no longer carries an answer the "
                         "architect can read; what was recorded from it stands.")
        elif parsed.is_empty:
            notes.append(f"The comment by @{login} carried no answer the architect could read.")
    said = tuple(HumanComment(c.id, c.user.login, c.body, c.html_url)
                 for c in sorted(view.new_comments, key=lambda c: c.id) if c.body.strip())
    return ProcessAnswers(
        view.sprint, view.slug, view.brief(view.accept_words), ledger,
        tuple(dict.fromkeys(recorded)), tuple(notes), tuple(free), said=said,
        read=tuple((c.id, markers.digest(c.body)) for c in view.new_comments),
        round=view.round, seen=view.heard, after=view.last_other)


def _option_words(text: str) -> str:
    return text.strip() or "(option text missing)"


def settle(ledger: Ledger) -> Ledger:
    """No question is left open: answers that waited on a follow-up are settled."""
    if ledger.open:
        return ledger
    return Ledger(tuple(replace(f, status=ForkStatus.RESOLVED)
                        if f.answer and f.status is ForkStatus.ANSWERED else f
                        for f in ledger.forks))
