"""Markers count only in what the bot wrote, and survive any payload."""

from __future__ import annotations

from datetime import UTC, datetime

from hypothesis import given
from hypothesis import strategies as st

from architect.core import markers
from architect.core.ledger import Answer, DesignFork, ForkStatus, Ledger, from_payload, to_payload
from architect.core.schemas import SubIssue
from architect.forge.models import Comment, User

NOW = datetime(2026, 11, 25, tzinfo=UTC)


def comment(login: str, body: str, id_: int = 1) -> Comment:
    return Comment(id=id_, body=body, user=User(id=1, login=login), created_at=NOW,
                   updated_at=NOW)


def test_only_the_bots_markers_count() -> None:
    body = "hello " + markers.marker("footer", slug="1-x")
    found = list(markers.bot_markers([comment("alice", body), comment("architect-bot", body, 2)],
                                     "architect-bot"))
    assert [(c.id, m.kind, m.attrs) for c, m in found] == [(2, "footer", {"slug": "1-x"})]


@given(st.text(max_size=300))
def test_payload_round_trips_whatever_text_it_holds(text: str) -> None:
    fork = DesignFork(1, text, (("A", text), ("B", "--> <!-- x")), "A",
                      answer=Answer("A", text, "alice", "http://x/#c", 5),
                      status=ForkStatus.RESOLVED)
    rendered = markers.marker("answers", to_payload(Ledger((fork,))), round=2)
    assert rendered.count("-->") == 1
    (found,) = list(markers.parse_markers("before " + rendered + " after"))
    assert found.attrs == {"round": "2"}
    assert from_payload(found.payload) == Ledger((fork,))


def test_decomposed_marker() -> None:
    text = "body\n" + markers.decomposed_marker(12, "12-webhooks", "api-client")
    assert markers.find_decomposed(text) == markers.DecomposedFrom(12, "12-webhooks",
                                                                   "api-client")


FORK = DesignFork(1, "Where?", (("A", "here"), ("B", "there")), "B")
LEDGER_JSON = ('[{"k":1,"n":1,"o":[["A","here"],["B","there"]],"q":"Where?","r":"B",'
               '"s":"open"}]')


def test_each_typed_mark_renders_the_marks_existing_forges_hold_byte_for_byte() -> None:
    sub = SubIssue(id="x", title="X", problem="p", proposed_solution="s")
    expected = {
        markers.FooterMark("1-x"): "<!-- architect: footer slug=1-x -->",
        markers.QuestionsMark(1, Ledger((FORK,)), seen=7):
            f"<!-- architect: questions round=1 seen=7 {LEDGER_JSON} -->",
        markers.AnswersMark(2, Ledger((FORK,)), read=(8, 9), seen=9):
            f"<!-- architect: answers round=2 read=8,9 seen=9 {LEDGER_JSON} -->",
        markers.FilingCheckMark(seen=12): "<!-- architect: filing-check seen=12 -->",
        markers.FiledMark((4, 5)): "<!-- architect: filed numbers=4,5 -->",
        markers.RevisedMark(3): "<!-- architect: revised review=3 -->",
        markers.RejectedMark(): "<!-- architect: rejected -->",
        markers.RejectedMark(4, "too big"):
            '<!-- architect: rejected pr=4 {"reason":"too big"} -->',
        markers.ModelErrorMark("answers", 11): "<!-- architect: model-error step=answers "
                                               "after=11 -->",
        markers.ModelErrorMark("pitch", 0, 1764000000):
            "<!-- architect: model-error step=pitch after=0 edit=1764000000 -->",
    }
    for mark, text in expected.items():
        assert mark.render() == text
        (found,) = markers.read_marks([comment("architect-bot", f"words\n\n{text}")],
                                      "architect-bot")
        assert found[1] == mark
    plan = markers.PlanMark((sub,)).render()
    assert plan.startswith('<!-- architect: plan [{"acceptance_criteria":[],"affected_files":[]')
    (found,) = markers.read_marks([comment("architect-bot", plan)], "architect-bot")
    assert found[1] == markers.PlanMark((sub,))


def test_a_broken_mark_is_skipped_not_trusted() -> None:
    broken = [comment("architect-bot", "<!-- architect: revised review=abc -->"),
              comment("architect-bot", "<!-- architect: plan [{\"no\":\"fields\"}] -->", 2),
              comment("architect-bot", "<!-- architect: questions round=x -->", 3)]
    found = list(markers.read_marks(broken, "architect-bot"))
    assert [(c.id, m) for c, m in found] == [(3, markers.QuestionsMark(1, None))]


def test_an_answers_mark_keeps_what_it_read_and_old_marks_still_read() -> None:
    mark = markers.AnswersMark(2, Ledger((FORK,)), read=(8, 9), seen=9,
                               digests=((8, markers.digest("Q1: A")),))
    text = mark.render()
    assert f"read=8:{markers.digest('Q1: A')},9 seen=9" in text
    (found,) = markers.read_marks([comment("architect-bot", text)], "architect-bot")
    assert found[1] == mark
    old = f"<!-- architect: answers round=2 read=8,9 seen=9 {LEDGER_JSON} -->"
    (found,) = markers.read_marks([comment("architect-bot", old)], "architect-bot")
    assert found[1] == markers.AnswersMark(2, Ledger((FORK,)), read=(8, 9), seen=9)


def test_a_plan_mark_records_the_filing_in_plan_order() -> None:
    subs = tuple(SubIssue(id=i, title=i.upper(), problem="p", proposed_solution="s")
                 for i in ("db", "api", "ui"))
    mark = markers.PlanMark(subs, (("db", 12), ("ui", 14)))
    assert mark.render().startswith("<!-- architect: plan filed=12,-,14 [")
    (found,) = markers.read_marks([comment("architect-bot", mark.render())], "architect-bot")
    assert found[1] == mark
    assert markers.PlanMark(subs).render().startswith("<!-- architect: plan [")


BOX_IDS = st.builds(lambda kind, n: kind if n is None else f"{kind}-{n}",
                    st.sampled_from(["pitch-again", "retry", "unpark", "pause", "resume"]),
                    st.none() | st.integers(min_value=1, max_value=10**9))
STEERING_MARKS = st.one_of(
    st.builds(markers.BoxMark, BOX_IDS),
    st.builds(markers.SteeredMark, BOX_IDS, st.integers(min_value=0, max_value=10**12)),
    st.builds(markers.StoryMark, st.sampled_from(markers.StoryEvent),
              st.integers(min_value=1, max_value=10**9)),
    st.builds(markers.DashboardMark, st.from_regex(r"[a-z][a-z0-9_.-]{0,30}", fullmatch=True),
              st.lists(st.fixed_dictionaries({"vision": st.integers(1, 999),
                                              "outcome": st.text(max_size=40)}),
                       max_size=3).map(tuple),
              st.lists(st.integers(1, 10**6), max_size=4).map(tuple)),
)


@given(STEERING_MARKS)
def test_the_dashboards_marks_and_the_story_read_back_as_themselves(mark: markers.Mark) -> None:
    # Each kind `ensure_comment` is given must be one `read_marks` knows, or a retry
    # would post its comment again.
    (found,) = markers.read_marks([comment("architect-bot", f"words\n\n{mark.render()}")],
                                  "architect-bot")
    assert found[1] == mark
    assert list(markers.marks_in(mark.render())) == [mark]


def test_the_dashboards_marks_and_the_story_render_as_the_forges_hold_them() -> None:
    expected = {
        markers.StoryMark(markers.StoryEvent.FILED, 4):
            "<!-- architect: story event=filed pr=4 -->",
        markers.BoxMark("retry-3"): "<!-- architect: box id=retry-3 -->",
        markers.SteeredMark("retry-3", 41): "<!-- architect: steered box=retry-3 after=41 -->",
        markers.DashboardMark("shop", (), (2, 3)):
            "<!-- architect: dashboard project=shop open=2,3 -->",
    }
    for mark, text in expected.items():
        assert mark.render() == text
        (found,) = markers.read_marks([comment("architect-bot", text)], "architect-bot")
        assert found[1] == mark


def test_every_kind_has_a_parser() -> None:
    assert set(markers.Kind) == set(markers._PARSERS)


def test_a_story_mark_of_an_unknown_event_is_skipped() -> None:
    text = "<!-- architect: story event=exploded pr=4 -->"
    assert list(markers.read_marks([comment("architect-bot", text)], "architect-bot")) == []
