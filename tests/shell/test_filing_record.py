"""A filing's record on its own PR: the plan comment says which planned sub-issue became
which issue, edited as the filing goes, so a retry reads from the PR what it filed."""

from __future__ import annotations

from pathlib import Path

from architect.core import render
from architect.shell.filing_record import FilingRecord
from tests.builders import a_plan
from tests.world import BOT, OPS, PROJECT, World, make_world


def _record(world: World, filed: dict[str, int] | None = None) -> FilingRecord:
    """A sprint PR whose plan comment records `filed`, read back as the filing would."""
    world.setup.put_file(OPS, "sprints/1.md", "pitch\n", branch="architect/sprint-vision-1")
    pr = world.bot.create_pull(OPS, title="architect: Wishlists", body="",
                               head="architect/sprint-vision-1", base="main")
    comment = world.bot.create_comment(OPS, pr.number,
                                       render.plan_comment(a_plan(), filed, repo=PROJECT))
    return FilingRecord(world.bot, OPS, comment, a_plan(), BOT, project=PROJECT)


def test_a_record_written_on_the_pr_is_read_back_by_the_next_filing(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    record = _record(world)
    assert record.done == {} and not record.complete
    record.note({"store": 11})
    (pr,) = world.bot.list_pulls(OPS, state="open")
    (on_pr,) = world.bot.list_comments(OPS, pr.number)
    assert on_pr.body == record.comment.body and f"{PROJECT}#11" in on_pr.body
    again = FilingRecord(world.bot, OPS, on_pr, a_plan(), BOT, project=PROJECT)
    assert again.done == {"store": 11} and not again.complete
    again.note({"api": 12})
    assert again.complete
    last = FilingRecord(world.bot, OPS, world.bot.list_comments(OPS, pr.number)[0], a_plan(),
                        BOT, project=PROJECT)
    assert last.done == {"store": 11, "api": 12} and last.complete


def test_what_the_record_says_stays_and_nothing_new_writes_nothing(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    record = _record(world, {"store": 11})
    before = dict(world.bot.stats.by_method)
    record.note({"store": 99})  # a second create of the same sub-issue does not win
    assert record.done == {"store": 11}
    assert dict(world.bot.stats.by_method) == before


def test_a_record_by_someone_else_or_of_an_unplanned_sub_issue_is_not_believed(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    record = _record(world, {"store": 11})
    (pr,) = world.bot.list_pulls(OPS, state="open")
    forged = world.client("alice").create_comment(OPS, pr.number, record.comment.body)
    assert FilingRecord(world.bot, OPS, forged, a_plan(), BOT, project=PROJECT).done == {}
    only_api = tuple(s for s in a_plan() if s.id == "api")
    assert FilingRecord(world.bot, OPS, record.comment, only_api, BOT, project=PROJECT).done == {}
