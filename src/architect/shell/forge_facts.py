"""Read the `ForgeFacts` a tick's preconditions need: from the snapshot first, then the few
requests it cannot answer, only for the actions it has.

An open sprint PR based on `primary_branch` shows the branch exists; a vision
wearing a label shows the label exists. Writes are proved by a request the
forge refuses for its empty body (`Forge.probe_write`), not in a dry run.
"""

from __future__ import annotations

from collections.abc import Sequence

from architect.config import ProjectConfig
from architect.core.actions import Action, CompletePitch, FileSprint, OpenPitch
from architect.core.preconditions import ForgeFacts, writes_of
from architect.core.setup_lines import Collection, missing_label_line, unwritable_line
from architect.core.snapshot import Snapshot
from architect.errors import ForgePermissionError
from architect.forge.protocol import Forge


def read_facts(forge: Forge, filer: Forge, config: ProjectConfig, actions: Sequence[Action],
               snapshot: Snapshot, *, probe: bool) -> ForgeFacts:
    """`filer` writes on the project repo (FORGE_FILER_TOKEN); `probe` proves the writes."""
    branches = _ops_branches(forge, config, actions, snapshot)
    empty = frozenset({config.ops_repo}) if branches == frozenset() else frozenset()
    refused: dict[tuple[str, Collection], str] = {}
    for repo, collection in writes_of(actions, config) if probe else ():
        if repo in empty:
            continue  # said already, and the forge would refuse a branch for that reason
        writer, login = (filer, None) if repo == config.repo else (forge, snapshot.bot.login)
        try:
            writer.probe_write(repo, collection)
        except ForgePermissionError as exc:
            who = login or writer.current_user().login
            refused[(repo, collection)] = unwritable_line(repo, collection, who, str(exc))
    writers, exist = _reviewers(forge, config, actions)
    return ForgeFacts(empty=empty, ops_branches=branches,
                      labels=_labels(forge, config, actions, snapshot), refused=refused,
                      writers=writers, reviewers_exist=exist)


def _ops_branches(forge: Forge, config: ProjectConfig, actions: Sequence[Action],
                  snapshot: Snapshot) -> frozenset[str] | None:
    """The ops repo's branches as far as a pitch needs them; None when nothing needs them."""
    primary = config.primary_branch
    if not any(isinstance(a, OpenPitch) for a in actions):
        return None
    if any(sprint.pr.base.ref == primary for sprint in snapshot.sprints):
        return frozenset({primary})
    if forge.get_branch(config.ops_repo, primary) is not None:
        return frozenset({primary})
    return frozenset(forge.list_branches(config.ops_repo))  # empty: the repo has no commit


def _labels(forge: Forge, config: ProjectConfig, actions: Sequence[Action],
            snapshot: Snapshot) -> frozenset[str]:
    s = config.architect
    needed = set()
    for action in actions:
        if isinstance(action, OpenPitch | CompletePitch):
            needed.add(s.in_progress_label)
        elif isinstance(action, FileSprint):
            needed.add(s.backlog_label)
    seen = frozenset(name for vision in snapshot.visions for name in vision.label_names)
    if needed <= seen:
        return seen
    return seen | {label.name for label in forge.list_labels(config.repo)}


def _reviewers(forge: Forge, config: ProjectConfig,
               actions: Sequence[Action]) -> tuple[frozenset[str] | None, frozenset[str]]:
    reviewers = config.architect.reviewers
    if not reviewers or not any(isinstance(a, OpenPitch) for a in actions):
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
