"""Between full reads the cursor carries the open visions and the dashboard (issue 20.7):
a tick that reads because something changed lays the look's page over them instead of
listing them again. What it carries must be what a fresh list would give, whatever
people did to the visions; `full_read_every` still lists them afresh.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

import pytest

from architect.forge.models import Issue
from architect.runners.offline import OfflinePlanner
from architect.shell.changes import Changes
from architect.shell.tick import run_tick
from tests.shell.test_changes import T0, as_owner, settle, tick
from tests.shell.test_tick_requests import Recorder
from tests.world import BOT, OPS, PROJECT, World, make_world

VISION_LIST = "labels=vision"


@pytest.fixture
def world(tmp_path: Path, dialect: str) -> World:
    """One accepted sprint (the only pitch slot taken) and four more visions, on each
    forge API the architect speaks."""
    world = make_world(tmp_path, max_open_pitches=1, dialect=dialect)
    world.accepted()
    for title in ("Gift cards", "Reviews", "Search", "Returns"):
        world.vision(title)
    settle(world)
    return world


def fresh_visions(world: World) -> list[tuple[int, str, str, frozenset[str]]]:
    return [described(v) for v in world.bot.list_issues(PROJECT, state="open", labels=["vision"],
                                                         type="issues")]


def carried(world: World) -> list[tuple[int, str, str, frozenset[str]]]:
    cursor = Changes.of(world.config).load()
    assert cursor is not None and cursor.visions is not None
    return [described(v) for v in cursor.visions]


def described(issue: Issue) -> tuple[int, str, str, frozenset[str]]:
    return issue.number, issue.title, issue.state, issue.label_names


def lists_visions(recorder: Recorder) -> bool:
    """Whether the tick listed the open visions (a search among them, `q=`, is no list)."""
    return any(VISION_LIST in q and "q=" not in q
               for q in recorder.listings(f"/repos/{PROJECT}/issues"))


Change = Callable[[World, random.Random], None]


def _others(world: World) -> list[int]:
    """The visions people may play with: not the one the sprint PR is on."""
    (pr,) = world.bot.list_pulls(OPS, state="open")
    sprint_vision = int(pr.head.ref.rsplit("-", 1)[1])
    return [n for n, *_ in fresh_visions(world) if n != sprint_vision]


def new_vision(world: World, rng: random.Random) -> None:
    world.vision(f"Idea {rng.randrange(10_000)}")


def plain_issue(world: World, rng: random.Random) -> None:
    world.client("alice").create_issue(PROJECT, title=f"Bug {rng.randrange(10_000)}", body="x")


def labelled_later(world: World, rng: random.Random) -> None:
    issue = world.client("alice").create_issue(PROJECT, title="Later a vision", body="x")
    world.client("alice").add_issue_labels(PROJECT, issue.number, ["vision"])


def unlabelled(world: World, rng: random.Random) -> None:
    if others := _others(world):
        world.client("alice").remove_issue_label(PROJECT, rng.choice(others), "vision")


def closed(world: World, rng: random.Random) -> None:
    if others := _others(world):
        world.client("alice").edit_issue(PROJECT, rng.choice(others), state="closed")


def reopened(world: World, rng: random.Random) -> None:
    gone = [i.number for i in world.bot.list_issues(PROJECT, state="closed", type="issues")
            if "vision" in i.label_names]
    if gone:
        world.client("alice").edit_issue(PROJECT, rng.choice(gone), state="open")


def retitled(world: World, rng: random.Random) -> None:
    if others := _others(world):
        world.client("alice").edit_issue(PROJECT, rng.choice(others),
                                         title=f"Renamed {rng.randrange(10_000)}")


def commented(world: World, rng: random.Random) -> None:
    if others := _others(world):
        world.comment(rng.choice(others), "What about mobile?", repo=PROJECT)


CHANGES: tuple[Change, ...] = (new_vision, plain_issue, labelled_later, unlabelled, closed,
                               reopened, retitled, commented)


@pytest.mark.parametrize("seed", range(3))
def test_the_carried_visions_are_what_a_fresh_list_gives_whatever_people_do(
        world: World, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(10):
        for change in rng.sample(CHANGES, 2):
            change(world, rng)
        recorder = Recorder(world)
        report = tick(world, recorder=recorder)
        assert not report.incremental  # something changed: the tick read
        assert not lists_visions(recorder), "the visions were listed again"
        assert carried(world) == fresh_visions(world)


def test_full_read_every_lists_the_visions_afresh(world: World) -> None:
    world.vision("Loyalty points")
    recorder = Recorder(world)
    tick(world, recorder=recorder)
    assert not lists_visions(recorder)
    world.vision("Gift wrap")
    later = Recorder(world)
    tick(world, T0 + timedelta(hours=7), recorder=later)  # the interval (6h) has passed
    assert lists_visions(later)
    assert carried(world) == fresh_visions(world)


def test_another_vision_label_lists_the_visions_afresh(world: World) -> None:
    world.setup.create_label(PROJECT, "idea", "5319e7")
    idea = world.client("alice").create_issue(PROJECT, title="An idea", body="x")
    world.client("alice").add_issue_labels(PROJECT, idea.number, ["idea"])
    config = world.config.model_copy(update={
        "architect": world.config.architect.model_copy(update={"vision_label": "idea"})})
    recorder = Recorder(world)
    run_tick(world.client(BOT, recorder), OfflinePlanner(), config, lambda: T0,
             changes=Changes.of(config))
    assert any("labels=idea" in q for q in recorder.listings(f"/repos/{PROJECT}/issues"))
    cursor = Changes.of(config).load()
    assert cursor is not None and cursor.visions is not None
    assert [v.number for v in cursor.visions] == [idea.number]


def test_a_ticked_box_is_read_from_the_look_without_listing_the_dashboard(
        world: World) -> None:
    (board,) = [i for i in world.bot.list_issues(OPS, state="open", type="issues",
                                                 labels=["architect"])]
    world.client("alice").edit_issue(OPS, board.number, body=board.body.replace(
        "- [ ] pause the architect ", "- [x] pause the architect ", 1))
    recorder = Recorder(world)
    tick(world, recorder=recorder)
    assert not any("labels=architect" in q for q in recorder.listings(f"/repos/{OPS}/issues"))
    after = world.bot.get_issue(OPS, board.number).body
    assert "- [ ] resume the architect" in after, after


def test_a_dashboard_deleted_since_is_made_again_once(world: World) -> None:
    (board,) = [i for i in world.bot.list_issues(OPS, state="open", type="issues",
                                                 labels=["architect"])]
    with as_owner(world) as owner:
        assert owner.delete(f"/repos/{OPS}/issues/{board.number}").status_code == 204
    world.vision("Loyalty points")  # a change: the next tick reads, the dashboard carried
    tick(world)
    boards = [i for i in world.bot.list_issues(OPS, state="all", type="issues",
                                               labels=["architect"])]
    assert len(boards) == 1 and boards[0].number != board.number
    assert "Loyalty points" in boards[0].body
    settle(world)
    assert len(world.bot.list_issues(OPS, state="all", type="issues", labels=["architect"])) == 1
