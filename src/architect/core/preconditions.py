"""What must hold on the forge before an action may ask the model (pure).

A model call is paid for; a result the forge then refuses is thrown away. So a
tick checks the cheap preconditions of each action first: the branch a pitch
branches from, the labels it will set, the rights on the repos it will write,
someone who may accept it. `blocker` returns the precise reason, worded as
`architect init` words it, or None.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from architect.core.actions import Action, Repo
from architect.core.setup_lines import (
    Collection,
    empty_repo_line,
    missing_branch_line,
    missing_label_line,
    reviewer_line,
)

if TYPE_CHECKING:
    # The settings' type only: the core reads values, never a file.
    from architect.config import ProjectConfig


@dataclass(frozen=True)
class ForgeFacts:
    """What the forge said about the repos, read once per tick that has actions."""

    empty: frozenset[str]  # repos without a commit
    ops_branches: frozenset[str] | None  # None: not read (no action branches from it)
    labels: frozenset[str]  # of the project repo
    refused: Mapping[tuple[str, Collection], str]  # (repo, what) → the line saying why
    writers: frozenset[str] | None = None  # of the ops repo; None when not read
    reviewers_exist: frozenset[str] = frozenset()
    probed: frozenset[tuple[str, Collection]] = frozenset()  # the writes proved or refused


def blocker(action: Action, facts: ForgeFacts, config: ProjectConfig) -> str | None:
    """The first precondition of `action` that does not hold, in words; None when all do."""
    checks: list[str | None] = []
    if action.pitches:
        checks.append(_ops_branch(facts, config))
    checks += [_label(facts, config, label) for label in action.labels(config.architect)]
    if action.pitches:
        checks.append(_reviewers(facts, config))
    checks += [facts.refused.get(key) for key in _writes(action, config)]
    return next((reason for reason in checks if reason), None)


def _writes(action: Action, config: ProjectConfig) -> list[tuple[str, Collection]]:
    """What the action's repos stand for: the vision's labels; the ops repo's branches
    and labels (the collection each write is proved on)."""
    places: dict[Repo, list[tuple[str, Collection]]] = {
        Repo.PROJECT: [(config.repo, "labels")],
        Repo.OPS: [(config.ops_repo, "branches"), (config.ops_repo, "labels")]}
    return [key for repo in action.writes for key in places[repo]]


def writes_of(actions: Sequence[Action], config: ProjectConfig) -> list[tuple[str, Collection]]:
    """Where the actions will write, each place once: what a tick proves it may write."""
    return list(dict.fromkeys(key for action in actions for key in _writes(action, config)))


def _ops_branch(facts: ForgeFacts, config: ProjectConfig) -> str | None:
    if config.ops_repo in facts.empty:
        return empty_repo_line(config.ops_repo)
    branches = facts.ops_branches
    if branches is not None and config.primary_branch not in branches:
        return missing_branch_line(config.ops_repo, config.primary_branch, branches)
    return None


def _label(facts: ForgeFacts, config: ProjectConfig, label: str) -> str | None:
    return None if label in facts.labels else missing_label_line(config.repo, label)


def _reviewers(facts: ForgeFacts, config: ProjectConfig) -> str | None:
    """A pitch nobody may accept is wasted: at least one configured reviewer must write."""
    reviewers = config.architect.reviewers
    if not reviewers or facts.writers is None or set(reviewers) & facts.writers:
        return None
    login = reviewers[0]
    return reviewer_line(login, config.ops_repo, facts.writers,
                         exists=login in facts.reviewers_exist)
