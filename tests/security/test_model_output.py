"""Broken model output: a clear log line and one note where a human must act; no crash,
no half-applied action, and no model call every tick forever.

The model is a `ScriptedRunner` whose raw strings go through the same parsing
and validation as the real runners; modes without a script fall back to the
offline planner.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import httpx
import pytest

from architect.core import markers
from architect.errors import RunnerFailed
from architect.runners.base import Mode
from architect.runners.offline import OfflinePlanner
from architect.runners.scripted import ScriptedRunner
from tests.reliability.harness import Fault, FaultKind, FaultyTransport
from tests.shell.test_tick_requests import Recorder
from tests.world import BOT, OPS, PROJECT, World, make_world

NOT_JSON = "Sure! Here are some thoughtful design questions for your sprint."
WRONG_JSON = json.dumps({"forks": "many", "questions": [1, 2, 3]})


def world_with(tmp_path: Path, script: dict[Mode, list[object]]) -> tuple[World, ScriptedRunner]:
    runner = ScriptedRunner(script, fallback=OfflinePlanner())
    return make_world(tmp_path, runner=runner), runner


def accept(world: World) -> int:
    world.vision("Wishlists")
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="open")
    world.comment(pr.number, "ACCEPT")
    return pr.number


def notes(world: World, number: int, repo: str = OPS) -> list[str]:
    return [body for body in world.bot_comments(number, repo)
            if any(m.kind == "model-error" for m in markers.parse_markers(body))]


def sub(i: int, **extra: Any) -> dict[str, Any]:
    return {"id": f"s{i}", "title": f"Part {i}", "problem": "p", "proposed_solution": "s",
            "acceptance_criteria": ["works"], **extra}


@pytest.mark.parametrize("bad", [NOT_JSON, WRONG_JSON, "```json\n{\"forks\": 3}\n```",
                                 "<think>the user wants JSON</think>"])
def test_invalid_questions_post_one_note_then_wait_for_a_human(
        tmp_path: Path, bad: str, caplog: pytest.LogCaptureFixture) -> None:
    world, runner = world_with(tmp_path, {Mode.QUESTIONS: [bad, bad]})
    number = accept(world)
    body_before = world.bot.get_pull(OPS, number).body
    with caplog.at_level(logging.INFO, logger="architect"):
        report = world.tick()
    assert not report.ok  # the action failed, and said so …
    assert "the model's questions answer was invalid twice" in caplog.text
    (note,) = notes(world, number)  # … once, on the PR
    assert note.startswith("The architect could not propose the design questions")
    assert "Reply here" in note
    assert world.bot.get_pull(OPS, number).body == body_before  # nothing half-applied
    assert not any("**Q1:**" in c for c in world.bot_comments(number))

    calls = runner.calls
    for _ in range(3):
        report = world.tick()
        assert report.decision.actions == () and report.ok
    assert runner.calls == calls  # no model call every tick
    assert len(notes(world, number)) == 1
    assert any("model failed; waiting for a human" in n for n in report.decision.notes)

    world.comment(number, "Please try again.")
    world.tick()  # the script is used up: the offline planner answers this time
    assert "**Q1:** Where are wishlists kept?" in world.bot_comments(number)[-1]


def test_json_in_fences_or_after_thinking_is_read(tmp_path: Path) -> None:
    forks = {"forks": [{"question": "Where?", "recommended": "A",
                        "options": [{"letter": "A", "text": "DB"},
                                    {"letter": "B", "text": "Cookie"}]}]}
    wrapped = f"<think>\nThey want one fork.\n</think>\nHere you go:\n```json\n" \
              f"{json.dumps(forks)}\n```\n"
    world, _ = world_with(tmp_path, {Mode.QUESTIONS: [wrapped]})
    number = accept(world)
    assert world.tick().ok
    assert "**Q1:** Where?" in world.bot_comments(number)[-1]


def test_an_invalid_pitch_is_noted_on_the_vision_and_retried_after_an_edit(
        tmp_path: Path) -> None:
    world, runner = world_with(tmp_path, {Mode.PITCH: [NOT_JSON, WRONG_JSON]})
    vision = world.vision("Wishlists")
    assert not world.tick().ok
    (note,) = notes(world, vision, PROJECT)
    assert "could not write the sprint pitch" in note and "Edit this issue" in note
    assert world.bot.list_pulls(OPS, state="all") == []
    assert world.bot.get_branch(OPS, "architect/sprint-vision-1") is None
    calls = runner.calls
    for _ in range(2):
        assert world.tick().ok
    assert runner.calls == calls and len(notes(world, vision, PROJECT)) == 1
    world.setup.edit_issue(PROJECT, vision, token=world.tokens["alice"],
                           body="Let shoppers keep a wishlist, stored in the database.")
    world.tick()
    assert len(world.bot.list_pulls(OPS, state="open")) == 1


@pytest.mark.parametrize("said", ["", "Keep it small, please."])
def test_the_pitch_note_reads_the_visions_comments_from_the_snapshot(
        tmp_path: Path, said: str) -> None:
    """The note's `after=` is the newest comment not the filer's; the snapshot read the
    comments when there were any, so the failing tick reads them no more than it did."""
    world, _ = world_with(tmp_path, {Mode.PITCH: [NOT_JSON, NOT_JSON]})
    vision = world.vision("Wishlists")
    human = world.comment(vision, said, repo=PROJECT) if said else 0
    edit = int(world.bot.get_issue(PROJECT, vision).updated_at.timestamp())
    recorder = Recorder(world)
    assert not world.tick(transport=recorder).ok
    comments = world.bot.list_comments(PROJECT, vision)
    (note,) = [m for _, m in markers.marks_of(markers.ModelErrorMark, comments, BOT)]
    assert note == markers.ModelErrorMark("pitch", human, edit)
    reads = recorder.seen.count(("GET", f"/repos/{PROJECT}/issues/{vision}/comments"))
    assert reads == (1 if said else 0)


def test_unreadable_free_text_closes_the_round_with_what_the_grammar_read(
        tmp_path: Path) -> None:
    world, runner = world_with(tmp_path, {Mode.ANSWERS: [NOT_JSON, NOT_JSON]})
    number = accept(world)
    world.tick()
    world.comment(number, "Q1: B\nAnd sharing should work like in the old shop.")
    world.tick()
    ack = world.bot_comments(number)[-1]
    assert "Q1: B) In the database (@alice)" in ack
    # Q1 was read from that comment: the model failed on the rest of it, not on all of it.
    assert "The model could not read the rest of the comment of @alice" in ack
    assert "`Q<n>: <letter>`" in ack
    calls = runner.calls
    assert world.tick().decision.actions == ()
    assert runner.calls == calls
    world.comment(number, "Q2: B")
    world.tick()
    assert world.bot.get_pull(OPS, number).merged


@pytest.mark.parametrize(("plan", "problem"), [
    ({"sub_issues": [sub(i) for i in range(50)]}, "50 sub-issues were proposed; at most 10"),
    ({"sub_issues": [sub(1, depends_on=["s2"]), sub(2, depends_on=["s3"]),
                     sub(3, depends_on=["s1"])]}, "The dependencies form a cycle"),
    ({"sub_issues": [sub(1, labels=["urgent", "backlog"])]}, "the label `urgent` does not exist"),
    ({"sub_issues": [sub(1, title="T" * 10_000)]}, "the title is 10000 characters"),
    ({"sub_issues": []}, "The plan has no sub-issues."),
])
def test_a_plan_that_fails_the_filing_check_files_nothing_and_says_why(
        tmp_path: Path, plan: dict[str, Any], problem: str) -> None:
    world, runner = world_with(tmp_path, {Mode.FILE: [json.dumps(plan)]})
    number = accept(world)
    world.tick()
    world.comment(number, "yes")
    world.tick()
    check = world.bot_comments(number)[-1]
    assert check.startswith("Nothing was filed: the proposed sub-issues failed the filing check")
    assert problem in check
    assert world.bot.list_issues(PROJECT, state="all", labels=["backlog"]) == []
    assert world.bot.get_pull(OPS, number).state == "open"
    calls = runner.calls
    assert world.tick().decision.actions == ()
    assert runner.calls == calls
    world.comment(number, "Three sub-issues, as in the vision, please.")
    world.tick()  # the offline planner plans this time
    assert world.bot.get_pull(OPS, number).merged
    assert len(world.bot.list_issues(PROJECT, state="all", labels=["backlog"])) == 3


def test_a_model_that_fails_to_run_is_retried_next_tick_without_a_note(tmp_path: Path) -> None:
    world, _ = world_with(tmp_path, {Mode.QUESTIONS: [RunnerFailed("HTTP 529: overloaded")]})
    number = accept(world)
    assert not world.tick().ok
    assert notes(world, number) == []
    world.tick()
    assert "**Q1:**" in world.bot_comments(number)[-1]


def test_a_note_whose_answer_was_lost_is_not_posted_twice(tmp_path: Path) -> None:
    world, runner = world_with(tmp_path, {Mode.QUESTIONS: [NOT_JSON, NOT_JSON]})
    number = accept(world)
    probe = FaultyTransport(httpx.WSGITransport(app=world.forge.wsgi))
    world.tick(transport=probe)
    (note,) = notes(world, number)
    # Again, with the note's POST applied but its answer lost.
    (tmp_path / "again").mkdir()
    world, runner = world_with(tmp_path / "again", {Mode.QUESTIONS: [NOT_JSON, NOT_JSON]})
    number = accept(world)
    at = probe.log.index(f"POST /api/v1/repos/{OPS}/issues/{number}/comments") + 1
    world.tick(transport=FaultyTransport(httpx.WSGITransport(app=world.forge.wsgi),
                                         Fault(at, FaultKind.LOST)))
    calls = runner.calls
    world.tick()
    assert notes(world, number) == [note]
    assert runner.calls == calls
    assert world.bot_comments(number)[-1] == note
    assert BOT in {c.user.login for c in world.bot.list_comments(OPS, number)}


def test_a_vision_whose_pitch_failed_does_not_hold_up_the_next_one(tmp_path: Path) -> None:
    runner = ScriptedRunner({Mode.PITCH: [NOT_JSON, NOT_JSON]}, fallback=OfflinePlanner())
    world = make_world(tmp_path, runner=runner, max_open_pitches=1)
    world.vision("Wishlists")
    world.vision("Gift cards")
    world.tick()
    world.tick()
    assert [p.title for p in world.bot.list_pulls(OPS, state="open")] == [
        "architect: Gift cards"]
