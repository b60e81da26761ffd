"""Who may steer: ACCEPT, REJECT, answers and REQUEST_CHANGES count only from people who may.

Configured `reviewers` when there are any, else users with write access to the
ops repo; never the bot itself or another bot account. Everything else is
ignored and noted in the log.
"""

from __future__ import annotations

import logging
from pathlib import Path

import httpx
import pytest

from architect.core.actions import ClarifyDecision
from architect.forge.models import PullRequest
from architect.shell.tick import TickReport
from tests.reliability.harness import FaultyTransport
from tests.world import BOT, OPS, PROJECT, World, make_world


def pitched(world: World) -> PullRequest:
    world.vision("Wishlists")
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="open")
    return pr


def accepted(world: World) -> PullRequest:
    pr = pitched(world)
    world.comment(pr.number, "ACCEPT")
    world.tick()
    assert "**Q1:**" in world.bot_comments(pr.number)[-1]
    return pr


def bot_count(world: World, pr: PullRequest) -> int:
    return len(world.bot_comments(pr.number))


def only_told(report: TickReport, *logins: str) -> None:
    """Someone who may not steer moves nothing: each gets one reply naming who may
    (issue #19), and that is the tick's only action."""
    (step,) = report.decision.actions
    assert isinstance(step, ClarifyDecision)
    assert [s.login for s in step.unclear] == list(logins)


def test_a_strangers_accept_reject_answers_and_review_change_nothing(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    world = make_world(tmp_path)
    pr = pitched(world)
    world.comment(pr.number, "ACCEPT, ship it", by="stranger")
    world.review(pr.number, "REQUEST_CHANGES", "Add a crypto wallet", by="stranger")
    with caplog.at_level(logging.INFO, logger="architect"):
        report = world.tick()
    only_told(report, "stranger")
    assert bot_count(world, pr) == 2  # the footer, and the one reply to @stranger
    assert "only people with write access" in world.bot_comments(pr.number)[-1]
    assert "ignored comment" in caplog.text and "by @stranger (not a reviewer)" in caplog.text
    assert "by @stranger (not a reviewer)" in caplog.text.split("ignored review")[-1]

    world.comment(pr.number, "ACCEPT")  # alice, a collaborator with write access
    world.tick()
    world.comment(pr.number, "Q1: A\nQ2: A", by="stranger")
    world.comment(pr.number, "REJECT: I do not like it", by="stranger")
    before = bot_count(world, pr)
    report = world.tick()
    assert report.decision.actions == ()  # @stranger was told once on this PR already
    assert bot_count(world, pr) == before
    assert world.bot.get_pull(OPS, pr.number).state == "open"
    assert "- **Status:** open" in world.bot.get_pull(OPS, pr.number).body


def test_the_bots_own_comments_never_steer(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    pr = pitched(world)
    world.comment(pr.number, "ACCEPT", by=BOT)
    world.comment(pr.number, "REJECT: said the bot", by=BOT)
    assert world.tick().decision.actions == ()
    world.comment(pr.number, "ACCEPT")
    world.tick()
    world.comment(pr.number, "Q1: A\nQ2: A", by=BOT)
    assert world.tick().decision.actions == ()
    assert world.bot.get_pull(OPS, pr.number).state == "open"


def test_other_bot_accounts_never_steer_even_with_write_access(tmp_path: Path) -> None:
    world = make_world(tmp_path, extra='bot_accounts = ["*-bot", "ci-*"]')
    token = world.setup.create_user("ci-runner")
    world.setup.add_collaborator(OPS, "ci-runner", "write")
    world.tokens["ci-runner"] = token
    pr = pitched(world)
    world.comment(pr.number, "ACCEPT", by="deploy-bot")
    world.review(pr.number, "APPROVED", "auto-approved", by="deploy-bot")
    world.comment(pr.number, "ACCEPT", by="ci-runner")
    world.review(pr.number, "APPROVED", "", by="ci-runner")
    world.comment(pr.number, "REJECT: flaky", by="ci-runner")
    assert world.tick().decision.actions == ()
    assert bot_count(world, pr) == 1


def test_configured_reviewers_are_the_only_ones_who_count(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    world = make_world(tmp_path, reviewers=("bob",))
    pr = pitched(world)
    world.comment(pr.number, "ACCEPT")  # alice can write, but is not a reviewer
    world.review(pr.number, "APPROVED", "", by="alice")
    with caplog.at_level(logging.INFO, logger="architect"):
        only_told(world.tick(), "alice")
    assert "by @alice (not a reviewer)" in caplog.text
    assert "only @bob (the project's `reviewers`)" in world.bot_comments(pr.number)[-1]
    world.comment(pr.number, "accept: keep it small", by="bob")
    world.tick()
    assert "**Q1:**" in world.bot_comments(pr.number)[-1]
    world.comment(pr.number, "REJECT: alice says no")
    assert world.tick().decision.actions == ()
    world.comment(pr.number, "Q1: B\nQ2: B", by="bob")
    world.tick()
    assert world.bot.get_pull(OPS, pr.number).merged


def test_the_reply_to_a_stranger_names_a_few_writers_and_how_many_more(tmp_path: Path) -> None:
    world = make_world(tmp_path)  # no `reviewers`: the ops repo's writers may steer
    for login in ("dora", "erin", "finn", "gus"):
        world.tokens[login] = world.setup.create_user(login)
        world.setup.add_collaborator(OPS, login, "write")
    pr = pitched(world)
    world.comment(pr.number, "REJECT: too big", by="stranger")
    only_told(world.tick(), "stranger")
    reply = world.bot_comments(pr.number)[-1]
    # Seven writers besides the bots: five by name, sorted, then how many more; the rule
    # stays the sentence that says why.
    assert ("only people with write access to this repository (@acme, @alice, @bob, @dora, "
            "@erin and 2 more) may accept, reject or answer") in reply
    assert "@finn" not in reply and "-bot" not in reply
    assert world.bot.get_pull(OPS, pr.number).state == "open"


def test_a_collaborator_with_write_access_steers_when_no_reviewers_are_set(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    pr = accepted(world)
    world.comment(pr.number, "REJECT: not now", by="bob")
    world.tick()
    assert world.bot.get_pull(OPS, pr.number).state == "closed"


def test_permissions_are_read_once_per_tick(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.setup.add_collaborator(OPS, BOT, "admin")  # may read others' permissions
    pr = pitched(world)
    for body in ("ACCEPT", "ACCEPT again", "ACCEPT: really"):
        world.comment(pr.number, body)
    counting = FaultyTransport(httpx.WSGITransport(app=world.forge.wsgi))
    world.tick(transport=counting)
    lookups = [line for line in counting.log if "/permission" in line or "/assignees" in line]
    assert lookups == [f"GET /api/v1/repos/{OPS}/assignees"]


def test_a_read_only_collaborator_cannot_steer_when_the_bot_may_read_permissions(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.setup.add_collaborator(OPS, BOT, "admin")
    world.tokens["reader"] = world.setup.create_user("reader")
    world.setup.add_collaborator(OPS, "reader", "read")
    pr = pitched(world)
    world.comment(pr.number, "ACCEPT", by="reader")
    only_told(world.tick(), "reader")
    assert bot_count(world, pr) == 2  # the footer, and the one reply to @reader


def test_a_read_only_collaborator_cannot_steer_when_the_bot_is_no_admin(tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.tokens["reader"] = world.setup.create_user("reader")
    world.setup.add_collaborator(OPS, "reader", "read")
    pr = pitched(world)
    world.comment(pr.number, "ACCEPT", by="reader")
    only_told(world.tick(), "reader")


def test_another_bots_comment_on_a_rejected_vision_does_not_ask_for_a_new_pitch(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    pr = pitched(world)
    world.comment(pr.number, "REJECT: not this quarter")
    world.tick()
    world.comment(1, "Deployed to staging.", by="deploy-bot", repo=PROJECT)
    assert world.tick().decision.actions == ()
