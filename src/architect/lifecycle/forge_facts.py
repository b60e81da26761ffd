"""Read the `ForgeFacts` a tick's preconditions need: a few requests, only when it has actions."""

from __future__ import annotations

from collections.abc import Sequence

from architect.config import ProjectConfig
from architect.errors import ForgePermissionError
from architect.forge.protocol import Forge
from architect.lifecycle.actions import Action, OpenPitch
from architect.lifecycle.preconditions import ForgeFacts, writes_of
from architect.setup_lines import Collection, unwritable_line


def read_facts(forge: Forge, filer: Forge, config: ProjectConfig, actions: Sequence[Action], *,
               bot: str, probe: bool) -> ForgeFacts:
    """`probe`: prove each write with a refused-body request (not in a dry run, which only
    reads the account's permission). `filer` writes on the project repo (FORGE_FILER_TOKEN)."""
    ops = forge.get_repo(config.ops_repo)
    branches: frozenset[str] | None = None
    if not ops.empty:
        has_primary = forge.get_branch(config.ops_repo, config.primary_branch) is not None
        branches = (frozenset({config.primary_branch}) if has_primary
                    else frozenset(forge.list_branches(config.ops_repo)))
    refused: dict[tuple[str, Collection], str] = {}
    if ops.permissions is not None and not ops.permissions.push:
        for collection in ("branches", "labels"):
            refused[(config.ops_repo, collection)] = unwritable_line(
                config.ops_repo, collection, bot, "")
    if probe:
        for repo, collection in writes_of(actions, config):
            if (repo, collection) in refused or (repo == config.ops_repo and ops.empty):
                continue
            try:
                (filer if repo == config.repo else forge).probe_write(repo, collection)
            except ForgePermissionError as exc:
                refused[(repo, collection)] = unwritable_line(repo, collection, bot, str(exc))
    writers, exist = _reviewers(forge, config, actions)
    return ForgeFacts(empty=frozenset({config.ops_repo} if ops.empty else ()),
                      ops_branches=branches,
                      labels=frozenset(label.name for label in forge.list_labels(config.repo)),
                      refused=refused, writers=writers, reviewers_exist=exist)


def _reviewers(forge: Forge, config: ProjectConfig,
               actions: Sequence[Action]) -> tuple[frozenset[str] | None, frozenset[str]]:
    reviewers = config.architect.reviewers
    if not reviewers or not any(isinstance(a, OpenPitch) for a in actions):
        return None, frozenset()
    writers = frozenset(u.login for u in forge.list_assignees(config.ops_repo))
    if set(reviewers) & writers:
        return writers, frozenset()
    return writers, frozenset(r for r in reviewers[:1] if forge.get_user(r) is not None)
