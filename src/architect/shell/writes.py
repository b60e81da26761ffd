"""Idempotent forge writes: each one *ensures* a state instead of creating blindly.

Run twice, or after a crash half-way, every helper leaves the forge as one
uninterrupted run would: one branch, one file version, one comment per marker.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from contextlib import suppress

from architect.core import markers
from architect.errors import (
    ConfigError,
    ForgeConflict,
    ForgeNotFound,
    ForgeRefused,
    ForgeUnavailable,
    ForgeValidation,
)
from architect.forge.models import Comment, PullRequest
from architect.forge.protocol import Forge

log = logging.getLogger("architect")

# How far `ensure_dependencies` follows existing links looking for a way back: a
# sprint's sub-issues are a handful, and a longer chain is not the architect's.
_CYCLE_SEARCH_LIMIT = 30

Wait = Callable[[float], None]
# Forgejo checks a PR's mergeability in the background after a push, usually within a
# second or two: a few short waits cover it without holding the tick for long.
MERGE_ATTEMPTS = 4
MERGE_PAUSE = 1.5  # seconds before the second attempt; each later wait is longer by as much


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


def ensure_dependencies(forge: Forge, repo: str, number: int, deps: Sequence[int], *,
                        fresh: bool = False) -> None:
    """#`number` depends on each of `deps`, without ever sending a link the forge has
    or one that closes a cycle: Forgejo answers both with a 500
    (models/issues/dependency.go), and a longer cycle it accepts would block every
    issue on it for good.

    `fresh`: `number` was created a moment ago, so nothing links to or from it yet
    and nothing needs reading. A 500 on adding a link is read back: a link that is
    there after all is done. Dependencies only add to the "Depends on #M" the body
    states, so a forge that refuses them does not stop the filing.
    """
    wanted = [d for d in dict.fromkeys(deps) if d != number]
    if not wanted:
        return
    try:
        have = set() if fresh else _blockers(forge, repo, number)
        for dep in wanted:
            if dep in have:
                continue
            if not fresh and _reaches(forge, repo, dep, number):
                log.warning("issue #%d: not made to depend on #%d: #%d already depends on "
                            "#%d through the links on the forge", number, dep, dep, number)
                continue
            _add_dependency(forge, repo, number, dep)
    except ForgeRefused as exc:
        log.warning("issue #%d: forge dependencies not recorded: %s", number, exc)


def ensure_sub_issue(forge: Forge, repo: str, parent: int, child: int) -> None:
    """#`child` hangs under #`parent` where the forge has sub-issues. Its body's
    "Decomposed from #N" says so already, so a refusal does not stop the filing."""
    try:
        forge.link_sub_issue(repo, parent, child)
    except ForgeRefused as exc:
        log.warning("issue #%d: not attached as a sub-issue of #%d: %s", child, parent, exc)


def _blockers(forge: Forge, repo: str, number: int) -> set[int]:
    return {i.number for i in forge.list_dependencies(repo, number)}


def _reaches(forge: Forge, repo: str, start: int, goal: int) -> bool:
    """Whether `start` depends on `goal`, directly or through other issues' links."""
    seen, frontier = {start}, [start]
    while frontier and len(seen) <= _CYCLE_SEARCH_LIMIT:
        blockers = _blockers(forge, repo, frontier.pop())
        if goal in blockers:
            return True
        fresh = blockers - seen
        seen |= fresh
        frontier.extend(sorted(fresh))
    return False


def _add_dependency(forge: Forge, repo: str, number: int, dep: int) -> None:
    try:
        forge.add_dependency(repo, number, depends_on=dep)
    except ForgeUnavailable:
        # Forgejo answers "already there" with a 500: a link made by a request whose
        # answer was lost, or by a person a moment ago, lands here. Anything else is
        # left to the next tick, whose reads see a cycle made meanwhile before sending.
        if dep not in _blockers(forge, repo, number):
            raise
        log.info("issue #%d: the dependency on #%d was there already", number, dep)


def merge_when_ready(forge: Forge, repo: str, number: int, *, message: str,
                     wait: Wait | None) -> bool:
    """Merge PR #`number`; True once it is merged, False when the forge is still
    checking whether it can be (the next tick tries again).

    Forgejo answers a merge with 405 "Please try again later" until the check that
    follows a push is done (services/pull/check.go, `CheckPullMergeable`). With a
    `wait`, the merge is tried a few times with short pauses; without one, once.
    A refusal whose PR turns out merged (an earlier answer was lost) is a success.
    """
    attempts = MERGE_ATTEMPTS if wait is not None else 1
    for attempt in range(1, attempts + 1):
        try:
            forge.merge_pull(repo, number, style="merge", message=message)
            return True
        except ForgeRefused as exc:
            if forge.get_pull(repo, number).merged:
                return True
            if exc.status != 405 or "try again later" not in str(exc).lower():
                raise
            log.info("PR #%d: the forge is still checking whether it can be merged "
                     "(attempt %d of %d)", number, attempt, attempts)
        if wait is not None and attempt < attempts:
            wait(MERGE_PAUSE * attempt)
    return False
