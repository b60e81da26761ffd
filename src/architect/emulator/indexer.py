"""The issue indexer's copy of each issue, updated after a delay as Forgejo's queue does.

Forgejo answers a `q` from its issue index, which a background queue updates
after each change (`modules/indexer/issues/indexer.go`, `UpdateIssueIndexer`
pushes to `issueIndexerQueue`): an issue created or edited a moment ago is not
found yet (API-NOTES §2.1). Each change here records a new version of the
issue's document that becomes searchable `delay` later; until then the previous
version answers. The database indexer (`--issue-indexer db`) has no index (the
store keeps none) and reads the live rows. Only the searched text lags: the other filters of a list
(state, labels) read the live issue.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from architect.emulator.search import Document


class IssueIndex:
    def __init__(self, delay: timedelta) -> None:
        self.delay = delay
        self._versions: dict[int, list[tuple[datetime, Document]]] = {}

    def update(self, issue_id: int, doc: Document, now: datetime, *, at_once: bool = False) -> None:
        ready = now if at_once else now + self.delay
        self._versions.setdefault(issue_id, []).append((ready, doc))

    def document(self, issue_id: int, now: datetime) -> Document | None:
        """The version searchable at `now`; None for an issue not indexed yet."""
        versions = self._versions.get(issue_id, [])
        ready = [k for k, (when, _) in enumerate(versions) if when <= now]
        if not ready:
            return None
        del versions[: ready[-1]]  # older versions can never answer again
        return versions[0][1]
