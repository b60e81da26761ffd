"""Plans that stay true (issue 30), end to end on the embedded forge: the pitch cites
only what exists, and the bot says each thing once."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from architect.app.status import collect_status
from architect.runners.base import Mode
from architect.runners.offline import OfflinePlanner
from architect.runners.scripted import ScriptedRunner
from tests.e2e.test_dashboard_e2e import the_dashboard
from tests.world import OPS, PROJECT, VISION_BODY, World, make_world

TODO_VISION = """\
Let people keep a todo list
in the terminal, with hard line breaks
as a web form keeps them.

## Tasks
- [ ] Store todos (id: model) (files: todo/model.py)
- [ ] Explain the commands (id: docs) (after: model) (files: README.md)
"""


def test_the_offline_pitch_on_a_repo_with_only_a_readme_cites_no_file_it_lacks(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.setup.put_file(PROJECT, "README.md", "# Todo\n")
    world.vision("Todo list", TODO_VISION)
    assert world.tick().ok
    (pr,) = world.bot.list_pulls(OPS, state="open")
    today = pr.body.split("## What exists today", 1)[1].split("\n## ", 1)[0]
    cited = set(re.findall(r"`([^`]+\.\w+)`", today))
    assert cited == {"README.md"}  # todo/model.py is not in the repo: not cited as there
    assert "1 file the tasks name is not in the repo yet" in today
    # The vision's hard line breaks are not copied into the pitch.
    assert ("Let people keep a todo list in the terminal, with hard line breaks as a web "
            "form keeps them.") in pr.body


# -- a revision that revises -------------------------------------------------------

def _backlog_titles(world: World) -> list[str]:
    return sorted(i.title for i in world.bot.list_issues(PROJECT, state="all",
                                                          labels=["backlog"]))


def _accept_and_answer(world: World, pr: int) -> None:
    world.comment(pr, "ACCEPT")
    world.tick()
    world.comment(pr, "Q1: B\nQ2: recommended")
    world.tick()


def test_a_review_that_drops_a_task_removes_it_from_the_plan_and_the_filing(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.vision("Wishlists")
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="open")
    world.review(pr.number, "REQUEST_CHANGES", "Drop the UI part: the CLI is enough for now.")
    world.tick()

    reply = world.bot_comments(pr.number)[-1]
    assert reply.startswith("Revised the pitch after the review by @alice")
    assert ("- “Drop the UI part: the CLI is enough for now.” — changed: dropped `page` "
            "(Wishlist page)") in reply
    assert "Next: reply `ACCEPT` to go on with the plan as revised, `REJECT: <reason>`" in reply
    body = world.bot.get_pull(OPS, pr.number).body
    assert "**S** — 2 tasks" in body or "**M** — 2 tasks" in body  # Complexity follows
    assert "- Dropped in review: `page` — Wishlist page" in body
    assert "drop the UI part" not in body.lower().split("## risks", 1)[1]  # not a "risk"
    assert world.tick().decision.actions == ()  # revised once

    _accept_and_answer(world, pr.number)
    assert world.bot.get_pull(OPS, pr.number).merged
    assert _backlog_titles(world) == ["Store wishlist items", "Wishlist API endpoints"]
    for issue in world.bot.list_issues(PROJECT, state="all", labels=["backlog"]):
        assert "ui part" not in issue.body.lower()


def test_a_comment_asking_a_change_before_the_decision_revises_as_a_review_does(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.vision("Wishlists")
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="open")
    world.comment(pr.number, "Drop the UI part: the CLI is enough for now.")
    world.tick()

    reply = world.bot_comments(pr.number)[-1]
    assert reply.startswith("Revised the pitch after the comment by @alice")
    assert "changed: dropped `page` (Wishlist page)" in reply
    assert "- Dropped in review: `page` — Wishlist page" in world.bot.get_pull(
        OPS, pr.number).body
    assert world.tick().decision.actions == ()  # revised once
    _accept_and_answer(world, pr.number)
    assert _backlog_titles(world) == ["Store wishlist items", "Wishlist API endpoints"]


@pytest.mark.parametrize("text", ["Meh, skip this one.", "I'd drop it.",
                                  "Can we drop the UI part?"])
def test_a_refusal_or_a_question_is_no_change_request(tmp_path: Path, text: str) -> None:
    world = make_world(tmp_path)
    world.vision("Wishlists")
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="open")
    world.comment(pr.number, text)
    world.tick()
    assert not any(c.startswith("Revised the pitch") for c in world.bot_comments(pr.number))


def test_a_review_point_the_offline_planner_cannot_act_on_is_declined_plainly(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.vision("Wishlists")
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="open")
    world.review(pr.number, "REQUEST_CHANGES", "- Drop the mobile app\n- Mention the GDPR impact")
    world.tick()
    reply = world.bot_comments(pr.number)[-1]
    assert ("- “Drop the mobile app” — not changed: no task of the plan is about “mobile app”"
            in reply)
    assert "- “Mention the GDPR impact” — kept: listed in Risks" in reply
    assert "3 tasks" in world.bot.get_pull(OPS, pr.number).body



def _issue_body(world: World, title: str) -> str:
    (found,) = [i for i in world.bot.list_issues(PROJECT, state="all", labels=["backlog"])
                if i.title == title]
    return found.body


def test_a_review_that_narrows_a_task_keeps_it_with_the_scope_the_review_set(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.vision("Wishlists")
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="open")
    world.review(pr.number, "REQUEST_CHANGES", "The UI part: just a read-only page.")
    world.tick()

    reply = world.bot_comments(pr.number)[-1]
    assert ("- “The UI part: just a read-only page.” — changed: narrowed `page` (Wishlist "
            "page) to “just a read-only page”: kept in the plan") in reply
    assert "its title and files stay as the vision words them" in reply  # what it could not
    body = world.bot.get_pull(OPS, pr.number).body
    assert "3 tasks" in body  # not dropped
    assert "- Narrowed in review: `page` — just a read-only page" in body
    assert "Wishlist page — as the review narrowed it: just a read-only page" in body
    assert "Raised in review" not in body  # a narrowing is no risk

    _accept_and_answer(world, pr.number)
    assert _backlog_titles(world) == ["Store wishlist items", "Wishlist API endpoints",
                                      "Wishlist page"]
    page = _issue_body(world, "Wishlist page")
    assert "As the review narrowed it: Just a read-only page." in page
    assert "- [ ] Narrowed in review: just a read-only page" in page
    assert "Asked in review" not in page


EXPORT_VISION = """\
Let people take their todos elsewhere.

## Tasks
- [ ] Store todos (id: store) (files: todo/store.py)
- [ ] Export todos as CSV or PDF (id: export) (after: store) (files: todo/export.py)

## Acceptance criteria
- An export of todos opens in a spreadsheet
- A PDF export of todos prints on one page per list
"""


def test_keep_the_export_but_only_csv_narrows_it_and_leaves_the_pdf_criterion_out(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.vision("Todo export", EXPORT_VISION)
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="open")
    world.review(pr.number, "REQUEST_CHANGES",
                 "- Keep the export but only CSV, no PDF\n- Keep the sync but only hourly")
    world.tick()

    reply = world.bot_comments(pr.number)[-1]
    assert ("- “Keep the export but only CSV, no PDF” — changed: narrowed `export` (Export "
            "todos as CSV or PDF) to “only CSV, no PDF”") in reply
    assert "it leaves out “PDF”" in reply
    assert ("- “Keep the sync but only hourly” — not changed: no one task of the plan is "
            "“the sync”, so nothing was narrowed") in reply
    assert "2 tasks" in world.bot.get_pull(OPS, pr.number).body

    world.comment(pr.number, "ACCEPT")
    world.tick()
    assert world.bot.get_pull(OPS, pr.number).merged
    export = _issue_body(world, "Export todos as CSV or PDF")
    assert "- [ ] Narrowed in review: only CSV, no PDF" in export
    assert "prints on one page" not in export  # the vision's PDF criterion gave way
    assert "opens in a spreadsheet" in export
    assert "only CSV" not in _issue_body(world, "Store todos")


REVISED = {
    "what_this_enables": "Shoppers keep a wishlist, through the API.",
    "what_exists_today": "Nothing of it.",
    "complexity": "**S** — 2 tasks: store, API.",
    "risks": "- None beyond the usual.",
    "cost_new_infra": "None.",
    "verdict": "GO",
    "recommendation": "Worth a sprint without the page.",
    "changes": "- Dropped the wishlist page.",
    "points": [{"point": "Drop the UI part: the CLI is enough for now.", "outcome": "changed",
                "what": "dropped the Wishlist page task"}],
}


def _sub(id_: str, title: str, deps: tuple[str, ...] = ()) -> dict[str, object]:
    return {"id": id_, "title": title, "problem": f"Shoppers need {title.lower()}.",
            "proposed_solution": "As the pitch says.", "affected_files": [],
            "acceptance_criteria": [f"{title} has a test"], "depends_on": list(deps)}


def test_the_scripted_runner_plays_a_revision_that_drops_a_task(tmp_path: Path) -> None:
    runner = ScriptedRunner({
        Mode.REVISE: [REVISED],
        Mode.FILE: [{"sub_issues": [_sub("store", "Store wishlist items"),
                                    _sub("api", "Wishlist API endpoints", ("store",))]}],
    }, fallback=OfflinePlanner())
    world = make_world(tmp_path, runner=runner)
    world.vision("Wishlists")
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="open")
    world.review(pr.number, "REQUEST_CHANGES", "Drop the UI part: the CLI is enough for now.")
    world.tick()
    reply = world.bot_comments(pr.number)[-1]
    assert ("- “Drop the UI part: the CLI is enough for now.” — changed: dropped the Wishlist "
            "page task") in reply
    assert "Worth a sprint without the page." in world.bot.get_pull(OPS, pr.number).body
    (revise,) = [r for r in runner.requests if r.mode is Mode.REVISE]
    assert "Drop the UI part" in revise.inputs.feedback

    _accept_and_answer(world, pr.number)
    assert _backlog_titles(world) == ["Store wishlist items", "Wishlist API endpoints"]


def test_a_revision_that_leaves_a_point_unanswered_is_refused(tmp_path: Path) -> None:
    silent = {**REVISED, "points": []}
    runner = ScriptedRunner({Mode.REVISE: [silent]}, fallback=OfflinePlanner())
    world = make_world(tmp_path, runner=runner)
    world.vision("Wishlists")
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="open")
    before = world.bot.get_pull(OPS, pr.number).body
    world.review(pr.number, "REQUEST_CHANGES", "Drop the UI part: the CLI is enough for now.")
    report = world.tick()
    assert not report.ok
    assert world.bot.get_pull(OPS, pr.number).body == before  # not revised in silence
    assert not any(c.startswith("Revised the pitch") for c in world.bot_comments(pr.number))


# -- a pitch that follows its vision -----------------------------------------------

GIFT_TASK = "- [ ] Gift a wishlist item (id: gift) (after: store)\n"


def _edit_vision(world: World, number: int, body: str) -> None:
    world.client("alice").edit_issue(PROJECT, number, body=body)


def test_an_edit_before_the_decision_refreshes_the_pitch_with_one_comment(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    vision = world.vision("Wishlists")
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="open")
    assert "Gift a wishlist item" not in pr.body
    said = world.bot_comments(pr.number)
    _edit_vision(world, vision, VISION_BODY.replace("## Open questions",
                                                    GIFT_TASK + "\n## Open questions"))
    world.tick()

    body = world.bot.get_pull(OPS, pr.number).body
    assert "Gift a wishlist item" in body and "4 tasks" in body
    sprint_file = world.bot.get_file(OPS, "sprints/1-wishlists.md", ref=pr.head.ref)
    assert sprint_file is not None and "Gift a wishlist item" in sprint_file.text
    (note,) = world.bot_comments(pr.number)[len(said):]
    assert note.startswith("The vision changed since this pitch: added the task “Gift a "
                           "wishlist item”.")
    assert world.tick().decision.actions == ()  # refreshed once

    _edit_vision(world, vision, VISION_BODY)  # the task taken out again
    world.tick()
    assert world.bot_comments(pr.number)[-1].startswith(
        "The vision changed since this pitch: removed the task “Gift a wishlist item”.")
    assert "Gift a wishlist item" not in world.bot.get_pull(OPS, pr.number).body


def test_an_edit_after_the_approval_asks_again_and_files_nothing_until_answered(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    vision = world.vision("Wishlists")
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="open")
    world.review(pr.number, "APPROVED")
    world.tick()  # the design questions
    _edit_vision(world, vision, VISION_BODY.replace("## Open questions",
                                                    GIFT_TASK + "\n## Open questions"))
    world.comment(pr.number, "Q1: B\nQ2: recommended")
    world.tick()

    asked = world.bot_comments(pr.number)[-1]
    assert asked.startswith("The vision changed since you approved: added the task “Gift a "
                            "wishlist item”.")
    assert "`ACCEPT` again (or approve the PR again), or `REJECT: <reason>`" in asked
    assert "Gift a wishlist item" in world.bot.get_pull(OPS, pr.number).body  # shown first
    assert _backlog_titles(world) == []
    assert world.tick().decision.actions == ()  # waits, asks once
    assert _backlog_titles(world) == []

    world.comment(pr.number, "ACCEPT")
    world.tick()
    assert world.bot.get_pull(OPS, pr.number).merged
    # What is filed is what was approved again: the task the PR showed.
    assert "Gift a wishlist item" in _backlog_titles(world)
    assert not any(c.startswith("Could not read") or "“ACCEPT”" in c
                   for c in world.bot_comments(pr.number))


# -- each thing said once, in order ------------------------------------------------

def test_resumes_reply_comes_before_the_filing_and_the_merge_it_releases(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    number = world.accepted()
    world.comment(number, "HOLD: legal review")
    world.tick()
    world.comment(number, "Q1: B\nQ2: recommended")
    world.tick()  # kept: one reply, nothing filed
    assert _backlog_titles(world) == []
    said = len(world.bot_comments(number))
    world.comment(number, "RESUME")
    report = world.tick()

    assert [type(a).__name__ for a in report.applied][:2] == ["HoldReplies", "ProcessAnswers"]
    resumed, ack, filed = world.bot_comments(number)[said:]
    assert resumed.startswith("Resumed, @alice: the sprint goes on from where it was.")
    assert ack.startswith("Recorded:") and filed.startswith("Sprint filed:")
    assert world.bot.get_pull(OPS, number).merged


def test_a_pr_closed_without_a_reason_is_not_called_rejected_anywhere(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    vision = world.vision("Wishlists")
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="open")
    world.client("alice").edit_pull(OPS, pr.number, state="closed")
    world.tick()
    world.tick()  # the dashboard shows what the vision waits for

    note = world.bot_comments(vision, repo=PROJECT)[-1]
    assert "was closed by @alice without a `REJECT:` reason" in note
    (row,) = [r for r in collect_status(world.bot, world.config, world.clock.now)
              if r.kind == "vision" and r.number == vision]
    assert "closed without a REJECT: reason; waiting for an edit" in str(row)
    board = the_dashboard(world).body
    assert "closed without a REJECT: reason" in board
    assert "rejected" not in str(row) and "rejected" not in board.lower()


# -- a pitch that follows what it cites ---------------------------------------------

def _cited_world(tmp_path: Path) -> tuple[World, int, int]:
    """A vision citing a file the repo holds and an issue: pitched once."""
    world = make_world(tmp_path)
    world.setup.put_file(PROJECT, "shop/wishlist.py", "WISHLIST = []\n")
    design = world.setup.create_issue(PROJECT, "Design notes", "Keep it small.",
                                      token=world.tokens["alice"])
    world.vision("Wishlists", VISION_BODY.replace(
        "Let shoppers keep a wishlist.", f"Let shoppers keep a wishlist (see #{design})."))
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="open")
    return world, pr.number, design


def test_a_cited_file_edited_before_the_decision_refreshes_the_pitch_with_one_note(
        tmp_path: Path) -> None:
    world, pr, _ = _cited_world(tmp_path)
    said = len(world.bot_comments(pr))
    world.setup.put_file(PROJECT, "README.md", "# Shop\n")  # a file the vision does not cite
    world.tick()
    assert world.bot_comments(pr)[said:] == []  # the new commit recorded, nothing said
    assert world.tick().decision.actions == ()

    world.setup.put_file(PROJECT, "shop/wishlist.py", "WISHLIST: list[str] = []\n")
    world.tick()
    (note,) = world.bot_comments(pr)[said:]
    assert note.startswith("What the pitch was built from changed since this pitch: the "
                           "cited file `shop/wishlist.py` changed.")
    assert "reply `ACCEPT` to proceed" in note
    assert world.tick().decision.actions == ()  # refreshed once


def test_a_cited_issue_closed_before_the_decision_refreshes_the_pitch(tmp_path: Path) -> None:
    world, pr, design = _cited_world(tmp_path)
    said = len(world.bot_comments(pr))
    world.client("alice").edit_issue(PROJECT, design, state="closed")
    world.tick()
    (note,) = world.bot_comments(pr)[said:]
    assert f"the cited issue #{design} changed" in note
    assert world.tick().decision.actions == ()


def test_a_cited_file_edited_after_the_approval_asks_again_and_files_nothing_until_accept(
        tmp_path: Path) -> None:
    world, pr, _ = _cited_world(tmp_path)
    world.review(pr, "APPROVED")
    world.tick()  # the design questions
    world.setup.put_file(PROJECT, "shop/wishlist.py", "WISHLIST: list[str] = []\n")
    world.comment(pr, "Q1: B\nQ2: recommended")
    world.tick()

    asked = world.bot_comments(pr)[-1]
    assert asked.startswith("What the pitch was built from changed since you approved: the "
                            "cited file `shop/wishlist.py` changed.")
    assert "`ACCEPT` again (or approve the PR again), or `REJECT: <reason>`" in asked
    assert _backlog_titles(world) == []
    assert world.tick().decision.actions == ()  # waits, asks once
    assert _backlog_titles(world) == []

    world.comment(pr, "ACCEPT")
    world.tick()
    assert world.bot.get_pull(OPS, pr).merged
    assert _backlog_titles(world) == ["Store wishlist items", "Wishlist API endpoints",
                                      "Wishlist page"]


def test_with_a_checkout_a_cited_file_is_read_from_disk_and_its_edit_refreshes_the_pitch(
        tmp_path: Path) -> None:
    checkout = tmp_path / "checkout"
    (checkout / "shop").mkdir(parents=True)
    (checkout / "shop" / "wishlist.py").write_text("WISHLIST = []\n")
    world = make_world(tmp_path)
    world.config = world.config.model_copy(update={"repo_root": checkout})
    world.vision("Wishlists")
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="open")
    said = len(world.bot_comments(pr.number))
    assert world.tick().decision.actions == ()

    (checkout / "shop" / "wishlist.py").write_text("WISHLIST: list[str] = []\n")
    world.tick()
    (note,) = world.bot_comments(pr.number)[said:]
    assert "the cited file `shop/wishlist.py` changed" in note
    (checkout / "shop" / "wishlist.py").unlink()
    world.tick()
    assert "the cited file `shop/wishlist.py` is gone" in world.bot_comments(pr.number)[-1]
