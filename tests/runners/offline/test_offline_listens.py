"""The offline planner listens, end to end on the embedded forge through the real client.

A request for changes ends up in the filed sub-issues, an ACCEPT cannot make a
plan out of an empty vision, a checklist larger than one sprint is pitched as
NO-GO with a split, and a vision that names itself in "Decomposed from" is
still pitched. Every tick is a fresh run on the forge's state, as after a
restart.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from architect.forge.models import Issue, PullRequest
from tests.world import OPS, PROJECT, World, make_world


def only_pr(world: World) -> PullRequest:
    (pr,) = world.bot.list_pulls(OPS, state="all")
    return pr


def sub_issues(world: World, vision: int) -> list[Issue]:
    found = world.bot.list_issues(PROJECT, state="all", type="issues")
    return [i for i in found if f"Decomposed from #{vision} (sprint PR" in i.body]


def forge_state(world: World) -> dict[str, object]:
    bot = world.bot
    pulls = bot.list_pulls(OPS, state="all")
    return {
        "pulls": [(p.number, p.state, p.merged, p.body) for p in pulls],
        "comments": {p.number: [c.body for c in bot.list_comments(OPS, p.number)] for p in pulls},
        "issues": [(i.number, i.state, i.body, sorted(i.label_names))
                   for i in bot.list_issues(PROJECT, state="all")],
    }


def accept_and_answer(world: World, pr: int) -> None:
    world.comment(pr, "ACCEPT")
    world.tick()
    world.comment(pr, "Q1: B\nQ2: B")
    world.tick()


def test_a_request_for_changes_becomes_a_sub_issue_of_its_own(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    vision = world.vision("Wishlists")
    world.tick()
    pr = only_pr(world).number
    world.review(pr, "REQUEST_CHANGES", "also cover keyboard shortcuts", by="bob")
    world.tick()
    revised = world.bot_comments(pr)[-1]
    assert "- “also cover keyboard shortcuts” — kept: listed in Risks" in revised
    assert "Next: reply `ACCEPT` to go on with the plan as revised" in revised
    assert "- Raised in review: also cover keyboard shortcuts" in world.bot.get_pull(OPS, pr).body

    accept_and_answer(world, pr)

    filed = {i.title: i for i in sub_issues(world, vision)}
    assert set(filed) == {"Store wishlist items", "Wishlist API endpoints", "Wishlist page",
                          "Cover keyboard shortcuts"}
    asked = filed["Cover keyboard shortcuts"].body
    assert "The review of the sprint pitch for vision #1 asked for it: “also cover keyboard " \
           "shortcuts”. No task of the vision's checklist covers it." in asked
    assert "- [ ] Asked in review: also cover keyboard shortcuts" in asked
    assert "backlog" in filed["Cover keyboard shortcuts"].label_names
    assert only_pr(world).merged
    before = forge_state(world)
    world.tick()
    assert forge_state(world) == before


def test_every_review_shapes_the_task_it_names_and_survives_later_revisions(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    vision = world.vision("Wishlists")
    world.tick()
    pr = only_pr(world).number
    world.review(pr, "REQUEST_CHANGES", "- the page needs a share button\n- also cover emails")
    world.tick()
    world.review(pr, "REQUEST_CHANGES", "The endpoints must return JSON errors", by="bob")
    world.tick()
    assert "The 2 points of earlier reviews stay in the plan." in world.bot_comments(pr)[-1]

    accept_and_answer(world, pr)

    filed = {i.title: i.body for i in sub_issues(world, vision)}
    assert "- [ ] Asked in review: the page needs a share button" in filed["Wishlist page"]
    assert "- [ ] Asked in review: The endpoints must return JSON errors" in filed[
        "Wishlist API endpoints"]
    assert "Asked in review" not in filed["Store wishlist items"]
    assert "- [ ] Asked in review: also cover emails" in filed["Cover emails"]
    assert len(filed) == 4


def test_accept_on_the_no_go_pitch_of_an_empty_vision_asks_for_a_real_vision(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    vision = world.vision("Someday", "")
    world.tick()
    pr = only_pr(world).number
    assert "**NO-GO** — Not worth a sprint yet: the vision has no checklist to plan from" in \
        world.bot.get_pull(OPS, pr).body

    world.comment(pr, "ACCEPT")
    world.tick()

    said = "\n".join(world.bot_comments(pr))
    assert "specific enough to file as written" not in said
    assert ("vision #1 has no checklist to plan from, so there is nothing to file. The pitch "
            "said NO-GO for this reason, and an ACCEPT does not change it. To go on, write the "
            "vision first on #1: its goal, and its tasks as `- [ ]` items, then reply on this "
            "PR") in said
    assert sub_issues(world, vision) == []
    assert only_pr(world).state == "open"
    before = forge_state(world)
    world.tick()
    assert forge_state(world) == before

    world.client("alice").edit_issue(PROJECT, vision, body="Ship it.\n\n- [ ] Write the page\n")
    world.comment(pr, "The vision has its task now.")
    world.tick()
    # The plan changed after the approval: it is shown again and asked for, not filed.
    assert ("The vision changed since you approved: added the task “Write the page”."
            in world.bot_comments(pr)[-1])
    assert sub_issues(world, vision) == []
    world.comment(pr, "ACCEPT")
    world.tick()
    assert [i.title for i in sub_issues(world, vision)] == ["Write the page"]


def checklist(count: int) -> str:
    tasks = "\n".join(f"- [ ] Task number {n}" for n in range(1, count + 1))
    return f"Do many things.\n\n## Tasks\n{tasks}\n"


def test_a_checklist_beyond_max_sub_issues_is_pitched_as_too_large_with_a_split(
        tmp_path: Path) -> None:
    world = make_world(tmp_path, extra="max_sub_issues = 4")
    body = checklist(9).replace("- [ ] Task number 9", "- [ ] Task number 9 (after: task-number-2)")
    world.vision("Everything", body)
    world.tick()
    pitch = world.bot.get_pull(OPS, only_pr(world).number).body

    assert ("**NO-GO** — Not worth a sprint yet: the checklist has 9 open tasks, and one sprint "
            "files at most 4 sub-issues (`max_sub_issues`); split it first.") in pitch
    assert textwrap.dedent("""\
        A proposed split into 3 visions of at most 3 tasks each, in checklist order:
        - Part 1, tasks 1–3: “Task number 1” to “Task number 3”
        - Part 2, tasks 4–6: “Task number 4” to “Task number 6”
        - Part 3, tasks 7–9: “Task number 7” to “Task number 9” (builds on part 1)""") in pitch


def test_a_thousand_tasks_are_no_go_and_the_split_is_shown_in_short(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.vision("Everything", checklist(1000))
    world.tick()
    pitch = world.bot.get_pull(OPS, only_pr(world).number).body

    assert "**NO-GO** — Not worth a sprint yet: the checklist has 1,000 or more open tasks" in pitch
    assert "A proposed split into 100 visions of at most 10 tasks each" in pitch
    assert "- Part 8, tasks 71–80: “Task number 71” to “Task number 80”" in pitch
    assert "- … and 92 more parts cut the same way" in pitch
    assert "Part 9," not in pitch


def test_accept_on_a_too_large_vision_without_questions_says_the_filing_check_stops_it(
        tmp_path: Path) -> None:
    world = make_world(tmp_path, extra="max_sub_issues = 4")
    vision = world.vision("Everything", checklist(5))
    world.tick()
    pr = only_pr(world).number
    world.comment(pr, "ACCEPT")
    world.tick()

    said = "\n".join(world.bot_comments(pr))
    assert "specific enough to file as written" not in said
    assert ("the vision asks none, but the checklist has 5 open tasks, and one sprint files at "
            "most 4 sub-issues (`max_sub_issues`); split it first.") in said
    assert "5 sub-issues were proposed; at most 4 may be filed" in said
    assert sub_issues(world, vision) == []


def test_the_pitch_of_a_small_vision_reads_as_english(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.vision("Dark mode", "Offer a dark theme.\n\n- [ ] Add a dark theme\n\n"
                              "## Open questions\n- Which shade of grey?\n")
    world.tick()
    pitch = world.bot.get_pull(OPS, only_pr(world).number).body

    assert ("**S** — 1 task, no open questions, no dependencies between tasks, no files named."
            in pitch)
    assert "- 1 task names no file; its size is a guess." in pitch
    assert ("- A question without lettered options cannot be asked: “Which shade of grey?” — "
            "add `- A) ...` lines under it.") in pitch


def test_a_vision_that_names_itself_in_decomposed_from_is_still_pitched(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    body = "Split out of the old roadmap (Decomposed from #1).\n\n- [ ] Add a dark theme\n"
    vision = world.vision("Dark mode", body)
    assert vision == 1
    world.tick()

    pr = only_pr(world)
    assert pr.title == "architect: Dark mode" and pr.state == "open"
    assert "in-progress" in world.bot.get_issue(PROJECT, vision).label_names


def test_a_real_open_sub_issue_still_holds_the_pitch(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    body = "Split out of the old roadmap (Decomposed from #1).\n\n- [ ] Add a dark theme\n"
    vision = world.vision("Dark mode", body)
    world.setup.create_issue(PROJECT, "Theme tokens", f"Decomposed from #{vision}",
                             token=world.tokens["alice"])
    world.tick()

    assert world.bot.list_pulls(OPS, state="all") == []
