"""Read the `ForgeFacts` a tick's preconditions need: from the snapshot first, then the few
requests it cannot answer, only for the actions it has.

An open sprint PR based on `primary_branch` shows the branch exists; a vision
wearing a label shows the label exists. Writes are proved by a request the
forge refuses for its empty body (`Forge.probe_write`), not in a dry run.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from architect.config import ProjectConfig
from architect.core.actions import Action
from architect.core.preconditions import ForgeFacts, blocker, writes_of
from architect.core.setup_lines import Collection, missing_label_line, unwritable_line
from architect.core.snapshot import Snapshot
from architect.core.steering import Steering
from architect.errors import ForgePermissionError
from architect.forge.models import Label
from architect.forge.protocol import Forge


@dataclass
class ProjectLabels:
    """The project repo's labels, read at most once a tick: the preconditions of a
    filing and the filing itself both need them."""

    forge: Forge
    repo: str
    _read: list[Label] | None = None

    def __call__(self) -> list[Label]:
        if self._read is None:
            self._read = self.forge.list_labels(self.repo)
        return self._read


@dataclass
class Preflight:
    """The preconditions of a tick's actions: those `decide` chose, checked up front, and
    each step the tick's own writes make due later (answers that resolve every fork go on
    to the filing), checked before it starts, reading only what no earlier check read."""

    forge: Forge
    filer: Forge  # writes on the project repo (FORGE_FILER_TOKEN)
    config: ProjectConfig
    snapshot: Snapshot
    probe: bool  # prove the writes (not in a dry run)
    labels: ProjectLabels
    facts: ForgeFacts | None = None

    def check(self, actions: Sequence[Action]) -> list[str | None]:
        """Why each action may not start (None: it may); reads only if there are any."""
        if not actions:
            return []
        self.facts = read_facts(self.forge, self.filer, self.config, actions, self.snapshot,
                                probe=self.probe, known=self.facts, labels=self.labels)
        return [blocker(action, self.facts, self.config) for action in actions]

    def check_next(self, action: Action) -> str | None:
        (reason,) = self.check([action])
        return reason


def read_facts(forge: Forge, filer: Forge, config: ProjectConfig, actions: Sequence[Action],
               snapshot: Snapshot, *, probe: bool, known: ForgeFacts | None,
               labels: Callable[[], list[Label]]) -> ForgeFacts:
    """`filer` writes on the project repo (FORGE_FILER_TOKEN); `probe` proves the writes;
    what an earlier check (`known`) read is not read again."""
    branches = _ops_branches(forge, config, actions, snapshot)
    if known is not None and branches is None:
        branches = known.ops_branches
    empty = frozenset({config.ops_repo}) if branches == frozenset() else frozenset()
    refused: dict[tuple[str, Collection], str] = dict(known.refused) if known else {}
    probed = set(known.probed) if known else set()
    for repo, collection in writes_of(actions, config) if probe else ():
        # An empty repo is said already (the forge would refuse a branch for that reason);
        # a write proved earlier in the tick is not proved again.
        if repo in empty or (repo, collection) in probed:
            continue
        probed.add((repo, collection))
        writer, login = (filer, None) if repo == config.repo else (forge, snapshot.bot.login)
        try:
            writer.probe_write(repo, collection)
        except ForgePermissionError as exc:
            who = login or writer.current_user().login
            refused[(repo, collection)] = unwritable_line(repo, collection, who, str(exc))
    writers, exist = _reviewers(forge, config, actions)
    if known is not None and writers is None:
        writers, exist = known.writers, known.reviewers_exist
    names = _labels(config, actions, snapshot, known.labels if known else frozenset(), labels)
    return ForgeFacts(empty=empty, ops_branches=branches, labels=names, refused=refused,
                      writers=writers, reviewers_exist=exist, probed=frozenset(probed))


def _ops_branches(forge: Forge, config: ProjectConfig, actions: Sequence[Action],
                  snapshot: Snapshot) -> frozenset[str] | None:
    """The ops repo's branches as far as a pitch needs them; None when nothing needs them."""
    primary = config.primary_branch
    if not any(a.pitches for a in actions):
        return None
    if any(sprint.pr.base.ref == primary for sprint in snapshot.sprints):
        return frozenset({primary})
    return ops_branches(forge, config)


def ops_branches(forge: Forge, config: ProjectConfig) -> frozenset[str]:
    """`primary_branch` when it exists (one request), else every branch of the ops repo:
    none when the repo has no commit."""
    primary = config.primary_branch
    if forge.get_branch(config.ops_repo, primary) is not None:
        return frozenset({primary})
    return frozenset(forge.list_branches(config.ops_repo))


def _labels(config: ProjectConfig, actions: Sequence[Action], snapshot: Snapshot,
            known: frozenset[str], labels: Callable[[], list[Label]]) -> frozenset[str]:
    needed = {label for action in actions for label in action.labels(config.architect)}
    seen = known | {name for vision in snapshot.visions for name in vision.label_names}
    if needed <= seen:
        return seen
    return seen | {label.name for label in labels()}


def _reviewers(forge: Forge, config: ProjectConfig,
               actions: Sequence[Action]) -> tuple[frozenset[str] | None, frozenset[str]]:
    reviewers = config.architect.reviewers
    if not reviewers or not any(a.pitches for a in actions):
        return None, frozenset()
    writers = frozenset(u.login for u in forge.list_assignees(config.ops_repo))
    if set(reviewers) & writers:
        return writers, frozenset()
    return writers, frozenset(r for r in reviewers[:1] if forge.get_user(r) is not None)


def missing_vision_label(forge: Forge, config: ProjectConfig) -> list[str]:
    """With nothing on the forge to work on, one read says whether the label is the reason:
    the forge ignores an unknown label in a filter, so no vision is ever found."""
    label = config.architect.vision_label
    if any(found.name == label for found in forge.list_labels(config.repo)):
        return []
    return [missing_label_line(config.repo, label)]


def with_writers(forge: Forge, config: ProjectConfig, steering: Steering) -> Steering:
    """`steering` knowing who writes on the ops repo (who may steer when `reviewers` is
    empty). The assignees are exactly the users with write access, and unlike other users'
    permissions any reader of the repo may list them: one request, no admin right."""
    writers = frozenset(u.login for u in forge.list_assignees(config.ops_repo))
    return replace(steering, writers=writers)
