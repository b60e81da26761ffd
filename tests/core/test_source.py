"""core/source.py: what a pitch was built from, and the sprint states that follow an
edit of its vision."""

from __future__ import annotations

from architect.core import render, source
from architect.core.markers import AskedAgainMark
from architect.core.sprint import assess
from architect.core.table import SprintState
from architect.forge.models import Issue
from tests.builders import BOT, VISION_TITLE, Conversation, a_steering, a_vision, conversation_in

BODY = "Wishlists.\n\n## Tasks\n- [ ] Store items (id: store) (files: a.py)\n- [x] Done one\n"


def _vision(body: str, title: str = VISION_TITLE) -> Issue:
    return a_vision().model_copy(update={"body": body, "title": title})


def _state(talk: Conversation, vision: Issue) -> SprintState:
    sprint = talk.sprint()
    pr = sprint.pr.model_copy(update={"body": source.with_source(
        sprint.pr.body, source.source_of(VISION_TITLE, BODY))})
    sprint = type(sprint)(pr, sprint.vision_number, sprint.comments, sprint.reviews)
    return assess(sprint, a_steering(), vision_title=VISION_TITLE, vision=vision).state


def test_the_open_tasks_are_read_without_the_planners_notes() -> None:
    assert source.tasks_of(BODY) == ("Store items",)


def test_a_change_says_what_was_added_removed_or_retitled() -> None:
    body = source.with_source("pitch\n\n<!-- architect: vision=#1 -->\n",
                              source.source_of("Old", BODY))
    assert source.change(body, "Old", BODY) is None
    edited = source.change(body, "New", BODY.replace("Store items", "Keep items"))
    assert edited is not None and edited.alters_plan
    assert edited.describe() == ("added the task “Keep items”; removed the task “Store items”; "
                                 "retitled it “New” (was “Old”)")
    words = source.change(body, "Old", BODY.replace("Wishlists.", "Wishlists, at last."))
    assert words is not None and not words.alters_plan
    # One source mark, just before the vision's: written again, it replaces the old one.
    again = source.with_source(body, source.source_of("New", BODY))
    assert again.count("architect: source") == 1 and again.endswith("vision=#1 -->\n")


def test_an_edit_before_the_decision_makes_the_pitch_stale() -> None:
    more = _vision(BODY + "- [ ] Share lists\n")
    assert _state(conversation_in(SprintState.AWAITING_DECISION), more) is \
        SprintState.PITCH_STALE
    assert _state(conversation_in(SprintState.AWAITING_DECISION), _vision(BODY)) is \
        SprintState.AWAITING_DECISION


def test_an_edit_after_the_approval_asks_again_and_waits_for_accept() -> None:
    more = _vision(BODY + "- [ ] Share lists\n")
    talk = conversation_in(SprintState.QUESTIONS_OPEN)
    assert _state(talk, more) is SprintState.APPROVAL_STALE
    change = source.change(source.with_source("", source.source_of(VISION_TITLE, BODY)),
                           VISION_TITLE, more.body)
    assert change is not None
    talk.says(BOT, render.asked_again_comment(change))
    assert AskedAgainMark(change.now.digest).render() in talk.comments[-1].body
    # The body now records the vision as read (the step wrote it): the ask is what waits.
    sprint = talk.sprint()
    pr = sprint.pr.model_copy(update={"body": source.with_source(sprint.pr.body, change.now)})
    asked = type(sprint)(pr, sprint.vision_number, sprint.comments, sprint.reviews)
    view = assess(asked, a_steering(), vision_title=VISION_TITLE, vision=more)
    assert view.state is SprintState.REAPPROVAL_ASKED
    talk.human("ACCEPT")
    again = type(sprint)(pr, sprint.vision_number, tuple(talk.comments), sprint.reviews)
    view = assess(again, a_steering(), vision_title=VISION_TITLE, vision=more)
    assert view.state is SprintState.QUESTIONS_OPEN  # the ACCEPT is no answer


def test_a_cited_file_or_issue_that_changed_is_named_and_alters_the_plan() -> None:
    mark = source.source_of("Old", BODY, {"a.py": "sha1"}, {7: "d7"}, head="c1")
    body = source.with_source("pitch\n", mark)
    assert source.recorded(body) == mark  # read back as written
    same = source.Cited({"a.py": "sha1"}, {7: "d7"}, head="c1")
    assert source.change(body, "Old", BODY, same) is None
    assert source.change(body, "Old", BODY) is None  # not read: taken as recorded
    edited = source.change(body, "Old", BODY, source.Cited({"a.py": "sha2"}, {7: ""}, "c2"))
    assert edited is not None and edited.alters_plan and not edited.record_only
    assert edited.describe() == "the cited file `a.py` changed; the cited issue #7 is gone"
    assert edited.subject == "What the pitch was built from"
    assert edited.now.stamp != mark.stamp  # a note for each state of it, once
    # The branch moved and the cited file did not: only the commit is recorded.
    moved = source.change(body, "Old", BODY, source.Cited({"a.py": "sha1"}, {7: "d7"}, "c2"))
    assert moved is not None and moved.record_only and moved.now.head == "c2"


def test_the_issues_a_vision_cites_are_its_references_not_itself_nor_an_anchor() -> None:
    text = "See #12 and #3, again #12; not &#39; nor page#4 nor itself #9."
    assert source.issues_cited(text, own=9) == (12, 3)
