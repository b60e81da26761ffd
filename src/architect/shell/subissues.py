"""A vision's open sub-issues: the architect's own from its marks, people's from one search.

The sub-issues the architect filed are named by the filed mark on their sprint
PR, so they are known the moment they exist, whatever the issue indexer lags
(a `q` answers from an index updated in the background: an issue filed a
moment ago is not found yet). Sub-issues filed by people follow the seed's rule,
a "Decomposed from #N" line; they are found with ONE query per tick for every
vision at once, and only when a tick asks. The query is the single token
`Decomposed`: bleve ORs several tokens and matches each fuzzily (`from` would
match most issues, `#N` matches issue N itself), and the database indexer keeps
only the last token's LIKE; one distinctive token finds few false hits on
both, and the hits are then filtered exactly, by regular expression.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from architect.config import ProjectConfig
from architect.core import markers
from architect.core.sprint import SprintPR, read_marks
from architect.errors import ForgeNotFound
from architect.forge.models import Issue, PullRequest
from architect.forge.protocol import Forge

QUERY = "Decomposed"
_PLAIN = re.compile(r"\bDecomposed from #(\d+)\b")


class SubIssueLookup:
    def __init__(self, forge: Forge, config: ProjectConfig, bot_login: str) -> None:
        self._forge = forge
        self._config = config
        self._bot = bot_login
        self._found: dict[int, set[int]] | None = None

    def open_for(self, vision: int, sprint_prs: Iterable[PullRequest]) -> tuple[int, ...]:
        found = set(self._searched().get(vision, ()))
        filed = self._filed(vision, sprint_prs) - found
        # Filed by the architect but not among the hits: not indexed yet, or closed.
        found |= {n for n in filed if self._still_open(n)}
        found.discard(vision)  # a vision split out of an older one may name itself
        return tuple(sorted(found))

    def _searched(self) -> dict[int, set[int]]:
        if self._found is None:
            try:
                hits = self._forge.list_issues(self._config.repo, state="open", type="issues",
                                               q=QUERY)
            except ForgeNotFound:
                hits = []
            self._found = by_vision(hits)
        return self._found

    def _filed(self, vision: int, sprint_prs: Iterable[PullRequest]) -> set[int]:
        filed: set[int] = set()
        for pr in sprint_prs:
            comments = tuple(self._forge.list_comments(self._config.ops_repo, pr.number))
            filed.update(read_marks(SprintPR(pr, vision, comments), self._bot).filed)
        return filed

    def _still_open(self, number: int) -> bool:
        try:
            issue = self._forge.get_issue(self._config.repo, number)
        except ForgeNotFound:
            return False  # deleted
        return issue.state == "open" and not issue.is_pull


def by_vision(issues: Iterable[Issue]) -> dict[int, set[int]]:
    """Each vision's sub-issues among `issues`, by the marker or the plain line."""
    found: dict[int, set[int]] = {}
    for issue in issues:
        if issue.is_pull or issue.state != "open":
            continue
        mark = markers.find_decomposed(issue.body)
        visions = {int(n) for n in _PLAIN.findall(issue.body)}
        if mark is not None:
            visions.add(mark.vision)
        for vision in visions:
            found.setdefault(vision, set()).add(issue.number)
    return found
