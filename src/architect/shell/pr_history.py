"""Each vision's earlier sprint PRs, for the few visions a tick looks at, or for all of them.

Looking at a handful of visions, one `head=` query each is cheapest. A tick
that walks many (every vision held by its sub-issues, say) would pay one
request per vision: past `PER_VISION_QUERIES` it lists the ops repo's PRs once
(⌈PRs/50⌉ requests) and answers every other vision from that list. Gitea has
no `head` filter at all, so there the listing is what each query costs anyway.

A vision in progress has its own closed sprint PRs listed the same way
(`ClosedSprintPRs`), once a tick: its merged sprint and a sprint a human closed
are both read from that one list.
"""

from __future__ import annotations

from architect.config import ProjectConfig
from architect.core.sprint import TITLE_PREFIX, branch_for, vision_of_branch
from architect.forge.models import PullRequest
from architect.forge.protocol import Forge

PER_VISION_QUERIES = 4


class SprintPRHistory:
    def __init__(self, forge: Forge, config: ProjectConfig, bot_login: str) -> None:
        self._forge = forge
        self._repo = config.ops_repo
        self._bot = bot_login
        self._queries = 0
        self._by_vision: dict[int, list[PullRequest]] | None = None
        # Every PR of the ops repo, once the tick listed them all: what else the tick needs
        # of the ops repo's closed PRs is then answered without another request.
        self.listed: tuple[PullRequest, ...] | None = None

    def of(self, vision: int) -> tuple[PullRequest, ...]:
        """The bot's sprint PRs for `vision`, open or closed, oldest first."""
        if self._by_vision is None and self._queries < PER_VISION_QUERIES:
            self._queries += 1
            branch = branch_for(vision)
            return tuple(sorted(
                (pr for pr in self._forge.list_pulls(self._repo, state="all", head=branch)
                 if vision_of(pr) == vision and self._ours(pr)),
                key=lambda pr: pr.number))
        if self._by_vision is None:
            self._by_vision = {}
            self.listed = tuple(self._forge.list_pulls(self._repo, state="all"))
            for pr in self.listed:
                number = vision_of(pr)
                if number is not None and self._ours(pr):
                    self._by_vision.setdefault(number, []).append(pr)
        return tuple(sorted(self._by_vision.get(vision, ()), key=lambda pr: pr.number))

    def _ours(self, pr: PullRequest) -> bool:
        # A merged sprint PR of the original bash architect counts whoever opened it: its
        # dev-bot merged some under its own name.
        return pr.user.login == self._bot or (pr.merged and pr.title.startswith(TITLE_PREFIX))


class ClosedSprintPRs:
    """Each vision's closed PRs from its sprint branch (the `head` filter), listed at most
    once a tick however many readers ask."""

    def __init__(self, forge: Forge, config: ProjectConfig) -> None:
        self._forge = forge
        self._repo = config.ops_repo
        self._by_vision: dict[int, list[PullRequest]] = {}

    def of(self, vision: int) -> list[PullRequest]:
        if vision not in self._by_vision:
            self._by_vision[vision] = self._forge.list_pulls(self._repo, state="closed",
                                                             head=branch_for(vision))
        return self._by_vision[vision]


def vision_of(pr: PullRequest) -> int | None:
    """The vision of a sprint PR's branch; a deleted branch leaves its name in `head.label`."""
    for name in (pr.head.ref, pr.head.label.rpartition(":")[2]):
        number = vision_of_branch(name)
        if number is not None:
            return number
    return None
