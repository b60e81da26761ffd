"""The backlog overlap check before filing, end to end on the embedded forge."""

from __future__ import annotations

import re
from pathlib import Path

from architect.core.inputs import PlannerInputs, VisionInput
from architect.core.schemas import Pitch, SubIssuePlan
from architect.emulator.store import Settings
from architect.prompts import build_request, load_formula
from architect.runners.base import Mode
from tests.shell.test_tick_requests import Recorder
from tests.world import OPS, PROJECT, World, make_world


def accept_and_answer(world: World) -> int:
    number = world.accepted()
    world.comment(number, "Q1: B\nQ2: A")
    world.tick()
    return number


def test_a_near_duplicate_is_listed_with_its_link_and_filing_goes_on(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    old = world.setup.create_issue(PROJECT, "Wishlist API endpoint",
                                   "Endpoints to read and change a wishlist.",
                                   token=world.tokens["bob"])
    pr = accept_and_answer(world)
    # The plan comment, once filed, says what was filed and keeps its near-duplicates.
    (plan,) = [c for c in world.bot_comments(pr) if c.startswith("Sprint filed:")]
    url = world.bot.get_issue(PROJECT, old).html_url
    assert "These look like open issues already" in plan
    assert re.search(rf"- `api` is \d+% like \[#{old}\]\({re.escape(url)}\) Wishlist API "
                     r"endpoint\n", plan), plan
    assert "`store` is" not in plan and "`page` is" not in plan
    assert world.bot.get_issue(PROJECT, old).state == "open"


def test_an_exact_duplicate_title_is_refused_with_the_link(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    old = world.setup.create_issue(PROJECT, "Wishlist page", "A page for the wishlist.",
                                   token=world.tokens["bob"])
    pr = accept_and_answer(world)
    url = world.bot.get_issue(PROJECT, old).html_url
    (check,) = [c for c in world.bot_comments(pr) if c.startswith("Nothing was filed")]
    assert f"Sub-issue `page` has the title of the open issue [#{old}]({url})" in check
    assert not any(c.startswith("Sprint filed:") for c in world.bot_comments(pr))
    assert [i.number for i in world.bot.list_issues(PROJECT, state="all", type="issues")
            if i.title == "Wishlist page"] == [old]
    assert world.bot.get_pull(OPS, pr).state == "open"


def test_a_near_duplicate_among_a_large_backlog_is_found_by_search_not_by_listing_it(
        tmp_path: Path) -> None:
    """Three pages of newer issues share a word with the plan; the old near-duplicate
    shares three and is ranked first. The filing lists no page of the whole backlog."""
    world = make_world(tmp_path)
    old = world.setup.create_issue(PROJECT, "Wishlist API endpoint",
                                   "Endpoints to read and change a wishlist.",
                                   token=world.tokens["bob"])
    for n in range(120):
        world.setup.create_issue(PROJECT, f"Wishlist icon misaligned on screen {n}", "css",
                                 token=world.tokens["bob"])
    pr = world.accepted()
    world.comment(pr, "Q1: B\nQ2: A")
    recorder = Recorder(world)
    world.tick(transport=recorder)
    # The plan comment, once filed, says what was filed and keeps its near-duplicates.
    (plan,) = [c for c in world.bot_comments(pr) if c.startswith("Sprint filed:")]
    assert f"#{old}]" in plan and "Wishlist API endpoint" in plan
    searches = recorder.listings(f"/repos/{PROJECT}/issues")
    assert not [q for q in searches if "state=open" in q and "q=" not in q
                and "labels=" not in q], "the whole backlog was listed"
    # One page for the vision's title, one per planned title (three sub-issues).
    assert len([q for q in searches if "sort=relevance" in q]) == 4


def test_with_the_database_indexer_a_near_duplicate_is_found_by_its_longest_word(
        tmp_path: Path) -> None:
    """Forgejo's database indexer keeps only a query's last word: the longest goes there."""
    world = make_world(tmp_path, settings=Settings(issue_indexer="db"))
    old = world.setup.create_issue(PROJECT, "Wishlist API endpoint",
                                   "Endpoints to read and change a wishlist.",
                                   token=world.tokens["bob"])
    pr = accept_and_answer(world)
    # The plan comment, once filed, says what was filed and keeps its near-duplicates.
    (plan,) = [c for c in world.bot_comments(pr) if c.startswith("Sprint filed:")]
    assert re.search(rf"- `api` is \d+% like \[#{old}\]", plan), plan


def test_the_model_sees_the_open_backlog_titles_when_it_plans() -> None:
    inputs = PlannerInputs(project="shop", vision=VisionInput(1, "Wishlists", "body"),
                           backlog_titles=("Wishlist page", "Fix the cart"))
    formula = load_formula()
    prompt = build_request(Mode.FILE, inputs, formula=formula, schema=SubIssuePlan).prompt
    assert "Open issues of the project already" in prompt
    assert "- Wishlist page\n- Fix the cart" in prompt
    pitch = build_request(Mode.PITCH, inputs, formula=formula, schema=Pitch).prompt
    assert "Open issues of the project already" not in pitch
