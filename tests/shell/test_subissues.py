"""A vision's open sub-issues, found on any issue indexer and despite its delay (issue 13.2).

The embedded forge searches as Forgejo does (bleve by default, or the database
indexer) and indexes a change only after a delay: these tests run with a delay
longer than the whole test, so a search never finds what was filed during it.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from urllib.parse import parse_qs

import pytest

from architect.emulator.store import Settings
from architect.shell.pr_history import SprintPRHistory
from architect.shell.subissues import PHRASE_QUERIES, QUERY, SubIssueLookup
from tests.shell.test_tick_requests import Recorder
from tests.world import BOT, OPS, PROJECT, World, make_world

HOUR = timedelta(hours=1)


def lagging_world(tmp_path: Path, indexer: str = "bleve") -> World:
    # Every request moves the test clock by a second: an hour is never reached.
    return make_world(tmp_path, settings=Settings(issue_indexer=indexer, index_delay=HOUR,
                                                  merge_check=HOUR))


def file_sprint(world: World, vision: int) -> tuple[int, list[int]]:
    """Pitch, accept and answer: the architect files the sub-issues (the merge must wait)."""
    world.tick()
    pr = next(p for p in world.bot.list_pulls(OPS, state="open"))
    world.comment(pr.number, "ACCEPT")
    world.tick()
    world.comment(pr.number, "Q1: B\nQ2: recommended")
    world.tick()
    filed = sorted(i.number for i in world.bot.list_issues(PROJECT, state="open",
                                                            labels=["backlog"]))
    assert len(filed) == 3
    return pr.number, filed


@pytest.mark.parametrize("indexer", ["bleve", "db"])
def test_the_architects_own_sub_issues_are_known_from_its_marks(tmp_path: Path,
                                                                indexer: str) -> None:
    world = lagging_world(tmp_path, indexer)
    vision = world.vision("Wishlists")
    pr, filed = file_sprint(world, vision)
    if indexer == "bleve":  # the database indexer reads the live rows
        assert world.bot.list_issues(PROJECT, state="open", type="issues", q=QUERY) == []
    client = world.client(BOT)
    lookup = SubIssueLookup(client, world.config, BOT)
    prs = SprintPRHistory(client, world.config, BOT).of(vision)
    assert [p.number for p in prs] == [pr]
    assert lookup.open_for(vision, prs) == tuple(filed)


def test_a_closed_sprint_whose_sub_issues_are_open_is_not_pitched_again(tmp_path: Path) -> None:
    world = lagging_world(tmp_path)
    vision = world.vision("Wishlists")
    pr, filed = file_sprint(world, vision)
    assert not world.bot.get_pull(OPS, pr).merged  # the mergeability check is still running
    alice = world.client("alice")
    alice.edit_pull(OPS, pr, state="closed")
    alice.remove_issue_label(PROJECT, vision, "in-progress")
    alice.edit_issue(PROJECT, vision, body="Let shoppers keep a wishlist, and share it.")
    report = world.tick()
    assert report.decision.actions == ()
    listing = ", ".join(f"{PROJECT}#{n}" for n in filed)
    assert f"vision #{vision}: not pitched: it has open sub-issues ({listing})" in \
        report.decision.notes
    assert [p.number for p in world.sprint_prs()] == [pr]  # type: ignore[attr-defined]


@pytest.mark.parametrize("indexer", ["bleve", "db"])
def test_sub_issues_filed_by_people_cost_a_phrase_each_then_one_search_for_all(tmp_path: Path,
                                                                     indexer: str) -> None:
    world = make_world(tmp_path, max_open_pitches=1,
                       settings=Settings(issue_indexer=indexer))
    visions = [world.vision(f"Vision {n}") for n in range(4)]
    # People split the first three by hand; the third's line names two visions.
    alice = world.client("alice")
    alice.create_issue(PROJECT, title="Part of 0", body=f"Decomposed from #{visions[0]}")
    alice.create_issue(PROJECT, title="Part of 1", body=f"x\n\nDecomposed from #{visions[1]}.")
    both = alice.create_issue(PROJECT, title="Part of 2",
                              body=f"Decomposed from #{visions[2]}\nDecomposed from #{visions[1]}")
    # Near misses: another number, a closed one, a mention that is no such line.
    alice.create_issue(PROJECT, title="Other", body=f"Decomposed from #{visions[3]}0")
    closed = alice.create_issue(PROJECT, title="Done", body=f"Decomposed from #{visions[3]}")
    alice.edit_issue(PROJECT, closed.number, state="closed")
    alice.create_issue(PROJECT, title="Talk", body=f"Not decomposed from #{visions[3]} at all")
    recorder = Recorder(world)
    report = world.tick(transport=recorder)
    pitched = [p.number for p in world.sprint_prs()]  # type: ignore[attr-defined]
    assert len(pitched) == 1
    notes = report.decision.notes
    assert any(f"vision #{visions[1]}: not pitched: it has open sub-issues ({PROJECT}#" in n
               and f"#{both.number})" in n for n in notes)
    assert (f"vision #{visions[2]}: not pitched: it has open sub-issues "
            f"({PROJECT}#{both.number})") in notes
    # A quoted phrase for each of the first visions, then one query for all the others.
    asked = [parse_qs(q)["q"][0] for q in recorder.queries if "q" in parse_qs(q)]
    assert asked == [f'"Decomposed from #{v}"' for v in visions[:PHRASE_QUERIES]] + [QUERY]
    assert world.bot.get_pull(OPS, pitched[0]).title == "architect: Vision 3"
