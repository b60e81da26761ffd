"""Who, when and what message a file write commits with, as Forgejo builds them.

`routers/api/v1/repo/file.go` fills `ChangeRepoFilesOptions` from the body's
`author`, `committer` and `dates` (a zero date is now) and, without a message,
`changeFilesCommitMessage`; `GetAuthorAndCommitterUsers`
(services/repository/files/file.go) picks the people, and
`CommitTreeWithDate` (services/repository/files/temp_repo.go) writes the
message with a final newline and the optional `Signed-off-by` trailer.
"""

from __future__ import annotations

from datetime import datetime

from architect.emulator.api_issues import rfc3339
from architect.emulator.git import Signature
from architect.emulator.store import User
from architect.emulator.web import JSON, raw_value, unprocessable

# locale_en-US.ini: repo.editor.add / update / delete
_VERBS = (("create", "Add"), ("update", "Update"), ("delete", "Delete"))


def default_message(operations: list[tuple[str, str]]) -> str:
    """One line per kind of operation, its paths joined by ", "."""
    lines = []
    for operation, verb in _VERBS:
        paths = [path for op, path in operations if op == operation]
        if paths:
            lines.append(f"{verb} {', '.join(paths)}")
    return "\n".join(lines)


def full_message(message: str, committer: Signature, signoff: bool) -> str:
    text = f"{message}\n"
    if signoff:
        text += f"\nSigned-off-by: {committer.name} <{committer.email}>\n"
    return text


def people(body: dict[str, JSON], doer: User, now: datetime) -> tuple[Signature, Signature]:
    """(author, committer): an identity counts only with an e-mail; one given stands for
    both; none is the doer. The doer's own address keeps the doer, renamed if a name
    is sent."""
    author = _identity(raw_value(body, "author"), doer)
    committer = _identity(raw_value(body, "committer"), doer)
    author = author or committer or (_name(doer), doer.email)
    committer = committer or author
    dates = raw_value(body, "dates")
    dates = dates if isinstance(dates, dict) else {}
    return (
        Signature(*author, _date(dates, "author", "Author") or now),
        Signature(*committer, _date(dates, "committer", "Committer") or now),
    )


def _identity(raw: JSON, doer: User) -> tuple[str, str] | None:
    if not isinstance(raw, dict) or not isinstance(raw.get("email"), str) or not raw["email"]:
        return None
    name = raw.get("name") if isinstance(raw.get("name"), str) else ""
    email: str = raw["email"]
    if email.lower() == doer.email.lower():
        return name or _name(doer), email
    return name or "user-0", email  # `GitName` of a user without a name or an id


def _name(user: User) -> str:
    return user.full_name or user.login


def _date(dates: dict[str, JSON], key: str, go_name: str) -> datetime | None:
    raw = dates.get(key)
    if raw is None:
        return None
    # GIT_AUTHOR_DATE / GIT_COMMITTER_DATE are written with time.RFC3339: whole seconds
    when = rfc3339(raw)
    if when is None:
        raise unprocessable(f"[Dates.{go_name}]: invalid time")
    return when
