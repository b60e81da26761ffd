"""Each action states its own facts (which repos it writes, whether it opens a sprint PR
or asks the model, where a failure note goes, what it is about): the preconditions, the
failure note and `run --json` read them, never the action's type."""

from __future__ import annotations

import ast
from dataclasses import dataclass, replace
from pathlib import Path
from typing import ClassVar, get_args

import pytest

from architect.app.tick_json import action_document
from architect.core.actions import (
    Action,
    ActionFacts,
    CompleteVision,
    FailureNote,
    RepairMerged,
    Repo,
    Subject,
)
from architect.core.facts import MergedSprint
from architect.core.preconditions import blocker, writes_of
from architect.core.table import SprintState
from tests.builders import OPS, PROJECT, a_pull
from tests.core.test_preconditions import FINE, PITCH, action_in, config

SRC = Path(__file__).resolve().parents[2] / "src" / "architect"
ACTIONS = get_args(Action)


@pytest.mark.parametrize("kind", ACTIONS, ids=lambda k: k.__name__)
def test_every_action_states_its_facts(kind: type) -> None:
    assert isinstance(kind.subject, property)
    assert kind.writes and set(kind.writes) <= set(Repo)
    assert issubclass(kind, ActionFacts)


def test_where_a_failure_note_goes() -> None:
    assert PITCH.asks_model and PITCH.failure_note() == FailureNote(Repo.PROJECT, 1)
    answers = action_in(SprintState.ANSWERS_PENDING)
    note = answers.failure_note()
    assert answers.asks_model and note is not None
    assert (note.repo, note.number, note.comments) == (
        Repo.OPS, answers.subject.pr, answers.sprint.comments)
    rejected = action_in(SprintState.REJECTED)
    assert not rejected.asks_model and rejected.failure_note() is None


def test_the_writes_a_tick_proves_follow_the_actions_repos(tmp_path: Path) -> None:
    project = config(tmp_path)
    vision_and_ops = [(PROJECT, "labels"), (OPS, "branches"), (OPS, "labels")]
    assert writes_of([PITCH], project) == vision_and_ops
    assert writes_of([action_in(SprintState.FILED)], project) == vision_and_ops
    assert writes_of([action_in(SprintState.ANSWERS_PENDING)], project) == vision_and_ops[1:]


@dataclass(frozen=True)
class _Hold(ActionFacts):
    """An action no module outside `core/actions.py` has heard of."""

    vision: int
    writes: ClassVar[tuple[Repo, ...]] = (Repo.PROJECT,)

    @property
    def subject(self) -> Subject:
        return Subject(self.vision)

    def labels(self, settings: object) -> tuple[str, ...]:
        return ("on-hold",)

    def describe(self) -> str:
        return "hold"


def test_a_new_action_is_checked_by_what_it_states_alone(tmp_path: Path) -> None:
    project = config(tmp_path)
    assert blocker(_Hold(4), FINE, project) == (  # type: ignore[arg-type]
        f"{PROJECT}: label 'on-hold' is missing: run `architect init` to create it")
    labelled = replace(FINE, labels=FINE.labels | {"on-hold"},
                       refused={(PROJECT, "labels"): "no write:issue on the project"})
    assert blocker(_Hold(4), labelled, project) == "no write:issue on the project"  # type: ignore[arg-type]
    assert action_document(_Hold(4)) == {"kind": "_Hold", "describe": "hold",  # type: ignore[arg-type]
                                         "vision": 4}


def test_run_json_names_what_each_action_is_about() -> None:
    merged = MergedSprint(7, a_pull(7, number=12, state="closed", merged=True), (31,), (),
                          None, branch_left=False)
    answers = action_in(SprintState.ANSWERS_PENDING)
    assert {k: v for k, v in action_document(answers).items() if k in ("pr", "vision")} == {
        "pr": answers.subject.pr, "vision": answers.subject.vision}
    assert "pr" not in action_document(PITCH) and action_document(PITCH)["vision"] == 1
    assert "pr" not in action_document(RepairMerged(7, 12, label=True, branch=False))
    document = action_document(CompleteVision(merged, close=False))
    assert (document["pr"], document["vision"]) == (12, 7)


def test_no_module_sorts_actions_by_their_type() -> None:
    """Outside `core/actions.py` (the actions) no module asks an action what class it is:
    `shell/apply.py` finds each action's step by its type in the registry, no `isinstance`."""
    names = {kind.__name__ for kind in ACTIONS}
    found = []
    for path in SRC.rglob("*.py"):
        if path == SRC / "core" / "actions.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "isinstance" and len(node.args) == 2
                    and names & {n.id for n in ast.walk(node.args[1])
                                 if isinstance(n, ast.Name)}):
                found.append(f"{path.relative_to(SRC)}:{node.lineno}")
    assert found == []
