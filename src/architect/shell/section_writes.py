"""Writes of texts a human may edit at any moment: the PR body and the sprint file.

Each re-reads the text right before writing and replaces only the architect's
own sections (see `core.sections`), so a person's edit made while the model
was thinking survives. The sprint file's stale `sha` (someone pushed meanwhile)
is answered by reading and applying again, never by forcing.

A sprint file this tick wrote is known from the write's answer (its text and new
`sha`): the next edit of it in the same tick starts from that instead of reading
it again. Nothing is lost: a push made since makes that `sha` stale, and the
write's conflict sends it back to a fresh read; an edit that would change nothing
is checked against a fresh read before it is skipped.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, MutableMapping

from architect.core.sections import Sections, in_file, with_sections
from architect.errors import ForgeConflict, ForgeNotFound, ForgeValidation
from architect.forge.models import FileContent, PullRequest
from architect.forge.protocol import Forge

log = logging.getLogger("architect")

# The sprint files this tick wrote, by (repo, branch, path), as the writes answered.
WrittenFiles = MutableMapping[tuple[str, str, str], FileContent]

FILE_ATTEMPTS = 3  # a file changed under us three times running is someone else's fight


def ensure_body_sections(forge: Forge, repo: str, pr: PullRequest, sections: Sections) -> str:
    """The PR body with the architect's sections as given; the body now on the forge.

    `pr` is the PR as the tick read it: when its sections are right already
    nothing is read or written, whatever a person did since.
    """
    if with_sections(pr.body, sections) == pr.body:
        return pr.body
    return ensure_body_edit(forge, repo, pr.number, lambda body: with_sections(body, sections))


def ensure_body_edit(forge: Forge, repo: str, number: int, edit: Callable[[str], str]) -> str:
    """The PR body as `edit` makes it from the body now on the forge; that body after."""
    current = forge.get_pull(repo, number).body
    body = edit(current)
    if body != current:
        forge.edit_pull(repo, number, body=body)
    return body


def ensure_file_edit(forge: Forge, repo: str, path: str, edit: Callable[[str | None], str],
                     *, branch: str, message: str, written: WrittenFiles | None = None) -> None:
    """The sprint file as `edit` makes it from its current text (None: it is missing,
    deleted by hand or never written). `written`: the files this tick wrote, kept up
    to date here."""
    key = (repo, branch, path)
    known = written.pop(key, None) if written is not None else None
    for attempt in range(1, FILE_ATTEMPTS + 1):
        current = known if known is not None else forge.get_file(repo, path, ref=branch)
        try:
            if current is None:
                answer = forge.create_file(repo, path, edit(None), branch=branch,
                                           message=message)
            else:
                text = edit(current.text)
                if text == current.text:
                    if known is not None:  # unchanged as we wrote it: is it still so?
                        known = None
                        current = forge.get_file(repo, path, ref=branch)
                        if current is None or edit(current.text) != current.text:
                            continue  # changed since: apply again from what is there
                    return
                answer = forge.update_file(repo, path, text, sha=current.sha, branch=branch,
                                           message=message)
            if written is not None:
                written[key] = answer
            return
        except ForgeNotFound:
            if known is None:
                raise
            known = None  # its branch went since we wrote it: as if never known
        except (ForgeConflict, ForgeValidation):
            # A stale sha, or a file created meanwhile: read again and apply again.
            known = None
            if attempt == FILE_ATTEMPTS:
                raise
            log.info("%s on %s: changed while being written (attempt %d of %d); reading "
                     "it again", path, branch, attempt, FILE_ATTEMPTS)


def sections_edit(sections: Sections, whole: Callable[[], str]) -> Callable[[str | None], str]:
    """Replace the architect's sections of the file; render it `whole` when missing."""
    return lambda current: whole() if current is None else in_file(current, sections)


def replacing(old: str, new: str, whole: Callable[[], str]) -> Callable[[str | None], str]:
    """Replace the text `old` (the pitch as the tick read it) by `new`, keeping the rest;
    `whole` when the old text is not there as it was (rewritten by hand, or missing)."""
    def edit(current: str | None) -> str:
        return current.replace(old, new, 1) if current and old and old in current else whole()
    return edit
