"""Human edits are never overwritten and never cause a duplicate, end to end.

A person edits a filed sub-issue, the PR description or the sprint file while
the architect works; the next write keeps what they wrote and a retried filing
files only what is missing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from architect.runners.base import Mode, ModelRequest, ModelResult, T
from architect.runners.offline import OfflinePlanner
from tests.world import OPS, PROJECT, SETTINGS_VISION, World, make_world


@pytest.fixture
def world(tmp_path: Path, dialect: str) -> World:
    return make_world(tmp_path, dialect=dialect)


@dataclass
class FailingCreate(httpx.BaseTransport):
    """The forge, except that creating issue number `fail_at` on the project fails (a 500)."""

    inner: httpx.BaseTransport
    fail_at: int
    created: int = 0

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        if request.method == "POST" and request.url.path.endswith(f"/repos/{PROJECT}/issues"):
            self.created += 1
            if self.created == self.fail_at:
                return httpx.Response(500, json={"message": "injected"}, request=request)
        return self.inner.handle_request(request)


def backlog(world: World) -> list[tuple[int, str]]:
    return sorted((i.number, i.title)
                  for i in world.bot.list_issues(PROJECT, state="all", labels=["backlog"]))


def test_a_retried_filing_files_only_what_is_missing_though_a_body_was_rewritten(
        world: World) -> None:
    number = world.accepted()
    world.comment(number, "Q1: B\nQ2: recommended")
    failing = FailingCreate(httpx.WSGITransport(app=world.wsgi), fail_at=3)
    world.tick(transport=failing)
    first_two = backlog(world)
    assert len(first_two) == 2 and not world.bot.get_pull(OPS, number).merged
    plan = next(c for c in world.bot_comments(number) if c.startswith("Filing 3 sub-issues"))
    assert all(f"→ {PROJECT}#{n}" in plan for n, _ in first_two)

    # A person rewrites a filed sub-issue; the provenance marker goes with the old body.
    rewritten = first_two[0][0]
    world.client("alice").edit_issue(PROJECT, rewritten, body="Rewritten by alice.")
    plan_before = world.bot_comments(number)
    dry = world.tick(dry_run=True)
    assert dry.ok and backlog(world) == first_two and world.bot_comments(number) == plan_before
    world.tick()

    filed = backlog(world)
    assert len(filed) == 3
    assert len({title for _, title in filed}) == 3
    assert filed[:2] == first_two
    assert world.bot.get_issue(PROJECT, rewritten).body == "Rewritten by alice."
    assert world.bot.get_pull(OPS, number).merged
    (said,) = [c for c in world.bot_comments(number) if c.startswith("Sprint filed:")]
    assert said.startswith("Sprint filed:\n\n" + "\n".join(f"- {PROJECT}#{n} — {t}"
                                                             for n, t in filed) + "\n\n")
    assert said.endswith(f"<!-- architect: filed numbers={','.join(str(n) for n, _ in filed)} -->")
    assert world.tick().decision.actions == ()
    assert backlog(world) == filed


class EditsWhileThinking(OfflinePlanner):
    """The offline planner; a person edits the PR while it thinks about `mode`."""

    def __init__(self, world: World, pr: int, mode: Mode, edit: Callable[[str], str]) -> None:
        super().__init__()
        self.world, self.pr, self.mode, self.edit = world, pr, mode, edit
        self.edited = False

    def run(self, request: ModelRequest[T]) -> ModelResult[T]:
        if request.mode is self.mode and not self.edited:
            self.edited = True
            client = self.world.client("alice")
            client.edit_pull(OPS, self.pr, body=self.edit(client.get_pull(OPS, self.pr).body))
        return super().run(request)


HUMAN = "## Notes from alice\n\nTalk to the payments team first."


def test_a_description_edited_while_the_model_thinks_keeps_the_human_text(
        world: World) -> None:
    world.vision("Wishlists")
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="all")
    world.comment(pr.number, "ACCEPT")
    world.tick(runner=EditsWhileThinking(world, pr.number, Mode.QUESTIONS,
                                         lambda body: f"{body}\n\n{HUMAN}\n"))

    body = world.bot.get_pull(OPS, pr.number).body
    assert HUMAN in body
    assert body.count("## Design forks") == 1
    assert "### Q1: Where are wishlists kept?" in body
    before = (world.comments(pr.number), body)
    assert world.tick().decision.actions == ()
    assert (world.comments(pr.number), world.bot.get_pull(OPS, pr.number).body) == before


@dataclass
class PushesFirst(httpx.BaseTransport):
    """The forge; right before the bot's first write of `path`, a person pushes to it."""

    inner: httpx.BaseTransport
    world: World
    path: str
    note: str
    pushed: int = 0

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        if (request.method == "PUT" and request.url.path.endswith(f"/contents/{self.path}")
                and not self.pushed):
            self.pushed += 1
            alice = self.world.client("alice")
            branch = "architect/sprint-vision-1"
            found = alice.get_file(OPS, self.path, ref=branch)
            assert found is not None
            alice.update_file(OPS, self.path, found.text + self.note, sha=found.sha,
                              branch=branch, message="a note")
        return self.inner.handle_request(request)


def test_a_push_to_the_sprint_file_meanwhile_is_read_again_and_kept(world: World) -> None:
    number = world.accepted()
    world.comment(number, "Q1: B")
    note = "\n## Notes from alice\n\nKeep it small.\n"
    pushing = PushesFirst(httpx.WSGITransport(app=world.wsgi), world,
                          "sprints/1-wishlists.md", note)
    world.tick(transport=pushing)
    assert pushing.pushed == 1
    text = world.bot.get_file(OPS, "sprints/1-wishlists.md", ref="architect/sprint-vision-1")
    assert text is not None
    assert "## Notes from alice\n\nKeep it small." in text.text
    assert "- **Answered by:** @alice" in text.text
    assert text.text.count("## Design forks") == 1
    assert world.tick().decision.actions == ()


def test_a_revision_keeps_what_a_person_added_to_the_description(world: World) -> None:
    world.vision("Wishlists")
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="all")
    world.review(pr.number, "REQUEST_CHANGES", "Also cover keyboard shortcuts.")
    world.tick(runner=EditsWhileThinking(world, pr.number, Mode.REVISE,
                                         lambda body: f"{body}\n\n{HUMAN}\n"))
    body = world.bot.get_pull(OPS, pr.number).body
    assert HUMAN in body
    assert "- Raised in review: Also cover keyboard shortcuts." in body
    assert world.bot_comments(pr.number)[-1].startswith("Revised the pitch after the review")
    text = world.bot.get_file(OPS, "sprints/1-wishlists.md", ref="architect/sprint-vision-1")
    assert text is not None and "- Raised in review: Also cover keyboard shortcuts." in text.text
    assert body.count("<!-- architect: vision=#1 -->") == 1


# -- answers: an edited comment, a changed answer ------------------------------------------

SETTINGS = SETTINGS_VISION


def settings_asked(world: World) -> int:
    world.vision("Settings", SETTINGS)
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="all")
    world.comment(pr.number, "ACCEPT")
    world.tick()
    return pr.number


def assert_quiet(world: World, number: int) -> None:
    before = (world.comments(number), world.bot.get_pull(OPS, number).body)
    assert world.tick().decision.actions == ()
    assert (world.comments(number), world.bot.get_pull(OPS, number).body) == before


def test_an_edited_answer_is_read_again_and_the_ledger_follows_it(world: World) -> None:
    number = settings_asked(world)
    answer = world.comment(number, "Q1: A")
    world.tick()
    assert "- **Answer:** A) In browser localStorage" in world.bot.get_pull(OPS, number).body

    world.client("alice").edit_comment(OPS, answer, "Q1: B")
    world.tick()
    ack = world.bot_comments(number)[-1]
    url = next(c.html_url for c in world.bot.list_comments(OPS, number) if c.id == answer)
    assert "Recorded:\n- Q1: B) On the server (@alice)" in ack
    assert f"Read again: [the comment by @alice]({url}), edited since it was read." in ack
    assert "could not read" not in ack
    # The new option's follow-up is asked.
    assert "**Q3:** How are settings synced?" in ack
    body = world.bot.get_pull(OPS, number).body
    assert "- **Answer:** B) On the server" in body
    assert f"- **Answered by:** @alice ([comment]({url}))" in body
    assert "### Q3: How are settings synced?" in body
    assert_quiet(world, number)


def test_an_edit_after_the_filing_started_changes_nothing(world: World) -> None:
    number = settings_asked(world)
    answer = world.comment(number, "Q1: A\nQ2: A")
    failing = FailingCreate(httpx.WSGITransport(app=world.wsgi), fail_at=1)
    world.tick(transport=failing)  # the plan is posted, nothing is filed yet
    assert any(c.startswith("Filing ") for c in world.bot_comments(number))
    said = world.bot_comments(number)
    world.client("alice").edit_comment(OPS, answer, "Q1: B")
    world.tick()
    assert world.bot.get_pull(OPS, number).merged
    after = world.bot_comments(number)
    assert not any("Read again" in c for c in after)
    # The plan comment, its filing done, became the one that says what was filed.
    assert len(after) == len(said) and after[-1].startswith("Sprint filed:")
    on_main = world.bot.get_file(OPS, "sprints/1-settings.md", ref="main")
    assert on_main is not None and "- **Answer:** A) In browser localStorage" in on_main.text


def test_a_changed_answer_asks_the_follow_ups_of_the_new_option(world: World) -> None:
    number = settings_asked(world)
    world.comment(number, "Q1: A")
    world.tick()
    assert "Q3" not in world.bot.get_pull(OPS, number).body
    world.comment(number, "Actually, Q1: B")
    world.tick()
    ack = world.bot_comments(number)[-1]
    assert "Recorded:\n- Q1: B) On the server (@alice)" in ack
    assert "**Q3:** How are settings synced?" in ack
    assert "Still open: Q2, Q3." in ack
    body = world.bot.get_pull(OPS, number).body
    assert "- **Status:** open (a follow-up of Q1: B)" in body
    assert_quiet(world, number)
