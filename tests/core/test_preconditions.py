"""The preconditions of an action, checked before any model call (pure).

`blocker` reads what the forge said (`ForgeFacts`) and the action; it names
the first precondition that fails, in the words `architect init` uses.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from architect.config import ArchitectConfig, ProjectConfig
from architect.core.actions import Action, OpenPitch
from architect.core.preconditions import ForgeFacts, blocker
from architect.core.table import SprintState
from tests.builders import OPS, PROJECT, a_sprint_pr, settings
from tests.core.test_decide import only_action, tick

FINE = ForgeFacts(empty=frozenset(), ops_branches=frozenset({"main"}),
                  labels=frozenset({"vision", "in-progress", "backlog"}), refused={},
                  writers=frozenset({"alice", "architect-bot"}))
PITCH = OpenPitch(1, "Wishlists", "1-wishlists")


def config(tmp_path: Path, **architect: object) -> ProjectConfig:
    return ProjectConfig(name="shop", repo=PROJECT, ops_repo=OPS, forge_url="http://127.0.0.1:9",
                         architect=ArchitectConfig(state_dir=tmp_path, **architect))  # type: ignore[arg-type]


def action_in(state: SprintState) -> Action:
    return only_action(tick(a_sprint_pr(state), config=settings()))


def test_a_sound_setup_blocks_nothing(tmp_path: Path) -> None:
    for action in (PITCH, action_in(SprintState.READY_TO_FILE), action_in(SprintState.FILED),
                   action_in(SprintState.ANSWERS_PENDING)):
        assert blocker(action, FINE, config(tmp_path)) is None, action


def test_a_pitch_needs_the_ops_branch_and_the_in_progress_label(tmp_path: Path) -> None:
    trunk = replace(FINE, ops_branches=frozenset({"trunk"}))
    assert blocker(PITCH, trunk, config(tmp_path)) == (
        f"{OPS}: no branch 'main' (primary_branch); its branches: 'trunk': set "
        "primary_branch = \"trunk\" in the project file, or create 'main'")
    empty = replace(FINE, empty=frozenset({OPS}), ops_branches=None)
    assert "the repository is empty" in (blocker(PITCH, empty, config(tmp_path)) or "")
    unlabelled = replace(FINE, labels=frozenset({"vision", "backlog"}))
    assert blocker(PITCH, unlabelled, config(tmp_path)) == (
        f"{PROJECT}: label 'in-progress' is missing: run `architect init` to create it")


def test_filing_needs_the_backlog_label_and_answers_need_no_label(tmp_path: Path) -> None:
    no_backlog = replace(FINE, labels=frozenset({"vision", "in-progress"}))
    assert "label 'backlog' is missing" in (
        blocker(action_in(SprintState.READY_TO_FILE), no_backlog, config(tmp_path)) or "")
    assert blocker(action_in(SprintState.ANSWERS_PENDING), no_backlog, config(tmp_path)) is None


def test_a_refused_write_blocks_the_actions_that_write_there(tmp_path: Path) -> None:
    refused = replace(FINE, refused={(PROJECT, "labels"): "no write:issue on the project"})
    assert blocker(PITCH, refused, config(tmp_path)) == "no write:issue on the project"
    # Answers are written on the ops repo only.
    assert blocker(action_in(SprintState.ANSWERS_PENDING), refused, config(tmp_path)) is None


def test_a_pitch_nobody_may_accept_is_not_written(tmp_path: Path) -> None:
    typo = config(tmp_path, reviewers=["alcie"])
    assert blocker(PITCH, FINE, typo) == (
        "reviewer 'alcie' is not a user of this forge: fix `reviewers` in the project file; "
        "did you mean 'alice'?")
    known = replace(FINE, reviewers_exist=frozenset({"alcie"}))
    assert "may not write on acme/shop-ops" in (blocker(PITCH, known, typo) or "")
    assert blocker(PITCH, FINE, config(tmp_path, reviewers=["alcie", "alice"])) is None

