"""`architect init`'s checks (app/setup_check.py), as `prove_setup` runs them on the
embedded forge: what is proved, warned and refused, in the words `init` prints."""

from __future__ import annotations

from pathlib import Path

from architect.app.setup_forge import prove_setup
from architect.config import Secrets
from tests.world import OPS, World, make_world


def _said(world: World) -> tuple[list[str], list[str]]:
    said: list[str] = []
    found = prove_setup(world.bot, world.config, Secrets(), webhook_url=None, write=False,
                        runner_ready=lambda: None, say=said.append)
    assert found.problems == []
    return said, found.warnings


def test_with_reviewers_empty_init_names_who_may_steer(tmp_path: Path) -> None:
    said, _ = _said(make_world(tmp_path))
    # The ops repo's writers but the bots (architect-bot itself, deploy-bot by `*-bot`).
    assert (f"ok: who may steer: @acme, @alice, @bob (writers on {OPS}; set `reviewers` to "
            "choose others)") in said


def test_with_reviewers_set_each_is_proved_and_no_writer_list_is_printed(
        tmp_path: Path) -> None:
    said, _ = _said(make_world(tmp_path, reviewers=("alice",)))
    assert f"ok: reviewer 'alice' writes on {OPS}" in said
    assert not any("who may steer" in line for line in said)


def test_when_every_writer_is_a_bot_init_warns_that_nobody_may_steer(tmp_path: Path) -> None:
    said, warnings = _said(make_world(tmp_path, extra='bot_accounts = ["*"]'))
    assert not any("who may steer" in line for line in said)
    assert (f"nobody may steer: {OPS} has no writer but bots; give a person write access "
            "there, or list the people in `reviewers`") in warnings
