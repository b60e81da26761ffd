"""A vision's open sub-issues: the architect's own from its marks, people's from one search.

The sub-issues the architect filed are named by the filed mark on their sprint
PR, so they are known the moment they exist, whatever the issue indexer lags
(a `q` answers from an index updated in the background: an issue filed a
moment ago is not found yet). Sub-issues filed by people follow the seed's rule,
a "Decomposed from #N" line, and are searched only when a tick asks. Unquoted,
bleve ORs several tokens and matches each fuzzily (`from` would match most
issues, `#N` matches issue N itself), and the database indexer keeps only the
last token's LIKE. So the first `PHRASE_QUERIES` visions a tick asks about get
one quoted phrase each (not fuzzy with bleve, one LIKE with the database
indexer: one request, a handful of hits), and a tick that asks about more
(every vision held by its sub-issues, say) makes ONE query for the single
token `Decomposed`, which answers for every vision at once (⌈S/50⌉ requests).
The hits are always filtered exactly, by regular expression.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from architect.config import ProjectConfig
from architect.core import markers
from architect.core.sprint import read_marks
from architect.core.view import SprintPR
from architect.errors import ForgeNotFound
from architect.forge.models import Issue, PullRequest
from architect.forge.protocol import Forge

QUERY = "Decomposed"
PHRASE_QUERIES = 2
_PLAIN = re.compile(r"\bDecomposed from #(\d+)\b")


class SubIssueLookup:
    def __init__(self, forge: Forge, config: ProjectConfig, bot_login: str) -> None:
        self._forge = forge
        self._config = config
        self._bot = bot_login
        self._found: dict[int, set[int]] | None = None
        self._phrases = 0

    def open_for(self, vision: int, sprint_prs: Iterable[PullRequest]) -> tuple[int, ...]:
        found = self._people_filed(vision)
        filed = self._filed(vision, sprint_prs) - found
        # Filed by the architect but not among the hits: not indexed yet, or closed.
        found |= {n for n in filed if self._still_open(n)}
        found.discard(vision)  # a vision split out of an older one may name itself
        return tuple(sorted(found))

    @property
    def listed_open(self) -> frozenset[int]:
        """Every open sub-issue the tick's one `Decomposed` query found, if it made it."""
        return frozenset().union(*self._found.values()) if self._found else frozenset()

    def _people_filed(self, vision: int) -> set[int]:
        if self._found is None and self._phrases < PHRASE_QUERIES:
            self._phrases += 1
            return set(by_vision(self._search(f'"Decomposed from #{vision}"')).get(vision, ()))
        return set(self._searched().get(vision, ()))

    def _search(self, q: str) -> list[Issue]:
        try:
            return self._forge.list_issues(self._config.repo, state="open", type="issues", q=q)
        except ForgeNotFound:
            return []

    def _searched(self) -> dict[int, set[int]]:
        if self._found is None:
            self._found = by_vision(self._search(QUERY))
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
