"""Idempotent forge writes: each one *ensures* a state instead of creating blindly.

Run twice, or after a crash half-way, every helper leaves the forge as one
uninterrupted run would: one branch, one file version, one comment per marker.
"""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import suppress

from architect.core import markers
from architect.errors import ConfigError, ForgeConflict, ForgeNotFound, ForgeValidation
from architect.forge.models import Comment, PullRequest
from architect.forge.protocol import Forge


def ensure_branch(forge: Forge, repo: str, branch: str, from_ref: str) -> bool:
    """True when the branch was created now, False when it was there already."""
    try:
        forge.create_branch(repo, branch, from_ref)
    except ForgeConflict:
        return False  # a previous run created it before being interrupted
    return True


def ensure_file(forge: Forge, repo: str, path: str, text: str, *, branch: str,
                message: str, probably_new: bool = False) -> None:
    """`probably_new` skips the first read (a branch made a moment ago); a 422 from
    the forge then still finds and updates a file the branch inherited."""
    current = None if probably_new else forge.get_file(repo, path, ref=branch)
    if current is None:
        try:
            forge.create_file(repo, path, text, branch=branch, message=message)
            return
        except ForgeValidation:
            current = forge.get_file(repo, path, ref=branch)  # created meanwhile
            if current is None:
                raise
    if current.text != text:
        forge.update_file(repo, path, text, sha=current.sha, branch=branch, message=message)


def has_mark(comments: Iterable[Comment], bot_login: str, mark: markers.Mark) -> bool:
    """Whether the bot wrote this mark already (the same kind and `key`)."""
    return any(type(found) is type(mark) and found.key() == mark.key()
               for _, found in markers.read_marks(comments, bot_login))


def ensure_comment(forge: Forge, repo: str, number: int, body: str, *, bot_login: str,
                   mark: markers.Mark, existing: Iterable[Comment] | None = None) -> bool:
    """Post `body` unless a comment of the bot with its mark is there; True if posted."""
    comments = list(existing) if existing is not None else forge.list_comments(repo, number)
    if has_mark(comments, bot_login, mark):
        return False
    forge.create_comment(repo, number, body)
    return True


def ensure_label(forge: Forge, repo: str, number: int, label: str) -> None:
    # The forge silently ignores a label name it does not know: check what it kept.
    kept = {found.name for found in forge.add_issue_labels(repo, number, [label])}
    if label not in kept:
        raise ConfigError(f"the label '{label}' does not exist on {repo}: run `architect init` "
                          "to create the labels the architect uses")


def ensure_no_label(forge: Forge, repo: str, number: int, label: str) -> None:
    with suppress(ForgeNotFound, ForgeValidation):  # the label or the issue is gone already
        forge.remove_issue_label(repo, number, label)


def ensure_branch_deleted(forge: Forge, repo: str, branch: str) -> None:
    with suppress(ForgeNotFound):
        forge.delete_branch(repo, branch)


def find_open_pr(forge: Forge, repo: str, head: str, bot_login: str) -> PullRequest | None:
    for pr in forge.list_pulls(repo, state="open", head=head):
        if pr.head.ref == head and pr.user.login == bot_login:
            return pr
    return None
