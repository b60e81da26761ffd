"""One line per setup problem: what is wrong, then the fix.

Pure wording shared by `architect init` (`setup_check`) and a tick's
preconditions (`lifecycle.preconditions`), so both say the same thing.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import TYPE_CHECKING, Literal

from architect.core.sprint import vision_of_branch

if TYPE_CHECKING:
    # The settings' type only: the core reads values, never a file.
    from architect.config import ProjectConfig


Collection = Literal["branches", "labels"]

# What the architect writes where: the token scope a write needs (API-NOTES §0.1).
WRITES: dict[Collection, tuple[str, str]] = {
    "branches": ("write:repository", "branches, files and pull requests"),
    "labels": ("write:issue", "issues, labels and comments"),
}


def missing_repo_line(repo: str, forge_url: str, bot: str | None) -> str:
    """`bot` is None when the token may not tell whose it is (no read:user)."""
    who = f"@{bot}" if bot else "the token's account"
    return (f"{repo}: no such repository on {forge_url}, or {who} cannot see it: fix `repo` / "
            f"`ops_repo` in the project file, or add {who} as a collaborator")


def empty_repo_line(repo: str) -> str:
    return (f"{repo}: the repository is empty (Forgejo: \"Git Repository is empty\"): push a "
            "first commit to it, or recreate it with a README")


def missing_branch_line(repo: str, branch: str, branches: Iterable[str]) -> str:
    # The architect's own sprint branches are no base to work from: never suggested.
    names = sorted(b for b in branches if vision_of_branch(b) is None)
    there = ", ".join(f"'{b}'" for b in names) or "none"
    fix = (f"set primary_branch = \"{names[0]}\" in the project file, or create '{branch}'"
           if len(names) == 1 else f"create '{branch}' or set primary_branch to one of them")
    return f"{repo}: no branch '{branch}' (primary_branch); its branches: {there}: {fix}"


def missing_label_line(repo: str, label: str) -> str:
    return f"{repo}: label '{label}' is missing: run `architect init` to create it"


def unwritable_line(repo: str, collection: Collection, bot: str,
                    said: str) -> str:
    scope, what = WRITES[collection]
    # Forgejo's own words for a token without the scope; the client's error text names the
    # scope as a hint either way, so "scope" alone would blame the token for a missing right.
    if "required scope" in said:
        return (f"{repo}: the token may not write {what} (it lacks the scope '{scope}'): create "
                f"a token for @{bot} with {scope}")
    return (f"{repo}: @{bot} may not write {what} here: give @{bot} write access (Settings → "
            "Collaborators)")


def reviewer_line(login: str, repo: str, writers: Iterable[str], *, exists: bool) -> str:
    near = difflib.get_close_matches(login, sorted(writers), n=1, cutoff=0.6)
    hint = f"; did you mean '{near[0]}'?" if near else ""
    if not exists:
        return (f"reviewer '{login}' is not a user of this forge: fix `reviewers` in the "
                f"project file{hint}")
    return (f"reviewer '{login}' may not write on {repo}, so their comments will be ignored: "
            f"give them write access, or fix `reviewers`{hint}")


def steering_token_line(login: str, why: str) -> str:
    """The token is a person's: the architect takes its own account's words as its own."""
    return (f"the token is @{login}'s, who may steer ({why}): the architect would read "
            f"@{login}'s ACCEPT, REJECT and answers as its own words and ignore them, and "
            "write under their name; give the architect an account of its own (a bot user) "
            "and its token in FORGE_ARCHITECT_TOKEN")


def second_dashboard_line(repo: str, number: int, keeper: str, login: str) -> str:
    return (f"{repo}: the dashboard is #{number}, kept by @{keeper}; with @{login}'s token a "
            f"tick would create a second one: run the architect with @{keeper}'s token "
            "(FORGE_ARCHITECT_TOKEN)")


def wanted_labels(config: ProjectConfig) -> tuple[str, ...]:
    s = config.architect
    return (s.vision_label, s.in_progress_label, s.backlog_label)
