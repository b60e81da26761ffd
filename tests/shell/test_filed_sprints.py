"""What was said on merged sprints since their merge: nothing read while nobody wrote; the
comments when someone did; the sub-issues, and the work started on them, only when a
request to re-plan needs them."""

from __future__ import annotations

from pathlib import Path

import httpx

from architect.core.facts import MergedSprint
from architect.core.steering import Steering
from architect.forge.models import Issue
from architect.shell.filed_sprints import read_filed, read_subs
from architect.shell.story import read_merged
from tests.shell.steps.helpers import filed
from tests.world import BASE, BOT, PROJECT, World, make_world


def _read(world: World) -> tuple[tuple[Issue, ...], tuple[MergedSprint, ...]]:
    visions = tuple(world.bot.list_issues(PROJECT, state="open", labels=["vision"],
                                          type="issues"))
    merged = read_merged(world.bot, world.config, world.bot.current_user(), visions, (), ())
    return visions, merged


def _requests(world: World) -> int:
    return sum(world.bot.stats.by_method.values())


def test_a_merged_sprint_nobody_wrote_on_since_costs_no_request(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    filed(world)
    visions, merged = _read(world)
    before = _requests(world)
    found, _ = read_filed(world.bot, world.config, visions, merged, Steering(bot_login=BOT))
    assert found == () and _requests(world) == before


def test_a_comment_since_the_merge_is_read_without_the_sub_issues(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    pr = filed(world)
    world.comment(pr, "Nice plan.", by="bob")
    visions, merged = _read(world)
    (sprint,), steering = read_filed(world.bot, world.config, visions, merged,
                                     Steering(bot_login=BOT))
    assert sprint.number == pr and sprint.comments[-1].body == "Nice plan."
    assert sprint.subs is None and sprint.vision_comments == ()
    assert steering.writers is not None and "bob" in steering.writers  # bob's say was judged


def test_a_replan_request_reads_the_sub_issues_and_which_have_work_started(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    pr = filed(world)
    _, (merged,) = _read(world)
    first, second, third = merged.filed
    world.setup.put_file(PROJECT, "fix.md", "x\n", branch=f"{second}-wishlist-api")
    world.comment(pr, "REPLAN: drop the wishlist page")
    visions, merged_now = _read(world)
    (sprint,), _ = read_filed(world.bot, world.config, visions, merged_now,
                              Steering(bot_login=BOT))
    assert sprint.subs is not None
    linked = {sub.issue.number: sub.linked for sub in sprint.subs}
    assert linked == {first: False, second: True, third: False}


def test_a_deleted_sub_issue_is_left_out(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    filed(world)
    _, (merged,) = _read(world)
    http = httpx.Client(transport=httpx.WSGITransport(app=world.forge.wsgi), base_url=BASE)
    gone = http.delete(f"/api/v1/repos/{PROJECT}/issues/{merged.filed[0]}",
                       headers={"Authorization": f"token {world.tokens['acme']}"})
    assert gone.status_code == 204
    subs = read_subs(world.bot, world.config, merged.filed, frozenset({merged.filed[2]}))
    assert [(s.issue.number, s.linked) for s in subs] == [
        (merged.filed[1], False), (merged.filed[2], True)]
