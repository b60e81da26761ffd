"""Who may steer the architect: accept, reject, answer, request changes.

Configured `reviewers` when there are any, else every user with write access
to the ops repo. Never the bot itself, never another bot account.
"""

from __future__ import annotations

from dataclasses import dataclass
from fnmatch import fnmatchcase


@dataclass(frozen=True)
class Steering:
    bot_login: str
    reviewers: frozenset[str] = frozenset()
    bot_patterns: tuple[str, ...] = ("*-bot", "*[[]bot]")
    writers: frozenset[str] | None = None  # the ops repo's assignees, once read this tick
    # FORGE_FILER_TOKEN's account: its notes on the project repo are the architect's own.
    filer_login: str = ""

    @property
    def own_logins(self) -> tuple[str, ...]:
        """The accounts whose marks the architect wrote: itself, and its filer if any."""
        return tuple(dict.fromkeys(login for login in (self.bot_login, self.filer_login)
                                   if login))

    def is_bot(self, login: str) -> bool:
        if login.lower() in {own.lower() for own in self.own_logins}:
            return True
        return any(fnmatchcase(login.lower(), p.lower()) for p in self.bot_patterns)

    def may_steer(self, login: str) -> bool:
        if self.is_bot(login):
            return False
        if self.reviewers:
            return login.lower() in {r.lower() for r in self.reviewers}
        if self.writers is not None:
            return login in self.writers
        return False

    def steerers(self) -> tuple[str, ...]:
        """The writers read this tick who may steer (no bot), sorted: whom a reply to
        someone who may not steer names while `reviewers` is empty."""
        if self.reviewers:
            return ()
        return tuple(sorted((w for w in self.writers or () if not self.is_bot(w)),
                            key=str.lower))

    def needs_lookup(self, login: str) -> bool:
        """True when deciding about `login` needs its permission on the ops repo."""
        return not self.reviewers and self.writers is None and not self.is_bot(login)

