"""What `architect status` says above the table (`app.status_notes`): why ticks may not do
their work, read from the state dir and one forge request."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from architect.app.status_notes import ProjectNotes, json_time, lock_holder, project_notes, short
from tests.world import PROJECT, make_world

WHEN = datetime(2026, 11, 25, 9, 30, 15, tzinfo=UTC)


def test_a_disabled_paused_project_with_a_missing_label_says_each_in_one_line(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    notes = ProjectNotes(active=False, missing_labels=("backlog",), lock=None,
                         disabled_since=WHEN, paused_since="2026-11-25T10:00Z")
    assert notes.lines(world.config) == [
        "shop is disabled since 2026-11-25 09:30 UTC: ticks skip it and send the forge nothing "
        "(run `architect enable`)",
        "shop is paused from the dashboard since 2026-11-25T10:00Z: ticks read only the "
        "dashboard (tick \"resume the architect\" there)",
        f"{PROJECT}: label 'backlog' is missing: run `architect init` to create it"]
    assert ProjectNotes(False, (), None).lines(world.config) == [
        "shop is disabled: ticks skip it (run `architect enable`)"]
    assert notes.as_dict()["disabled_since"] == "2026-11-25T09:30:15Z"


def test_the_notes_read_the_forges_labels_and_the_state_dir(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    notes = project_notes(world.bot, world.config)
    assert notes.missing_labels == () and notes.lock is None
    assert lock_holder(world.config) is None  # nobody runs a tick


def test_times_for_eyes_and_for_programs() -> None:
    assert short(WHEN) == "2026-11-25 09:30 UTC"
    assert json_time(WHEN) == "2026-11-25T09:30:15Z" and json_time(None) is None
