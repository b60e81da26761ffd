"""The project repo's open issues near a plan, for the overlap check: found by search.

Read when a plan is made, never on an idle tick: one search (one page, best
ranked first) for the vision's title before the plan, whose titles the model
sees, and one for each planned title after it, whatever the size of the
backlog. A near-duplicate shares most of a title's words, so a search by those
words finds it (`core.overlap.search_words`); the index lags, so an issue
filed seconds ago may be missed. The sprint's own vision and the sub-issues it
already filed (a retried filing) are no overlap.
"""

from __future__ import annotations

from collections.abc import Iterable

from architect.core.markers import find_decomposed, strip_markers
from architect.core.overlap import OpenIssue, search_words
from architect.forge.protocol import Forge

PAGE = 50  # the forge's largest page: its best 50 hits for each title


def near_backlog(forge: Forge, repo: str, vision: int, slug: str,
                 titles: Iterable[str]) -> list[OpenIssue]:
    """The open issues the search finds for any of `titles`, each once, by number."""
    found: dict[int, OpenIssue] = {}
    for query in dict.fromkeys(q for t in titles if (q := search_words(t))):
        for issue in forge.search_issues(repo, query, limit=PAGE):
            if issue.number in found or issue.number == vision or issue.state != "open":
                continue
            mine = find_decomposed(issue.body)
            if mine is not None and mine.vision == vision and mine.slug == slug:
                continue
            found[issue.number] = OpenIssue(issue.number, issue.title, strip_markers(issue.body),
                                            issue.html_url)
    return sorted(found.values(), key=lambda i: i.number)
