"""core.model_reading: a model's reading of a comment is kept only when its span is the
comment's own words and its letter an option of an open question."""

from __future__ import annotations

from architect.core.model_reading import check, read_back
from architect.core.schemas import CommentReading, SpanReading
from tests.builders import two_forks


def reading(*items: SpanReading) -> CommentReading:
    return CommentReading(readings=list(items))


def test_a_span_in_the_comment_is_kept_with_what_to_write_to_confirm() -> None:
    checked = check(reading(SpanReading(intent="accept", span="good  TO go")),
                    "Good to go from my side.", None)
    assert checked.kept == ("accept, from “good TO go” (to confirm, write `ACCEPT`)",)
    assert checked.refused == ()


def test_a_span_only_in_a_quote_is_refused() -> None:
    checked = check(reading(SpanReading(intent="reject", span="too big")),
                    "> REJECT: too big\n\nI disagree, let's go", None)
    assert checked.kept == ()
    assert checked.refused == ("“too big” is not in the comment's own words",)


def test_an_answer_must_name_an_option_of_its_question() -> None:
    body = "the database one, please"
    checked = check(reading(SpanReading(intent="answer", question=1, option="B",
                                        span="the database one"),
                            SpanReading(intent="answer", question=1, option="D",
                                        span="please"),
                            SpanReading(intent="answer", question=7, option="A",
                                        span="please")), body, two_forks())
    assert checked.kept == ("Q1: B, from “the database one” (to confirm, write `Q1: B`)",)
    assert checked.refused == ("Q1: D is not an option of an open question",
                               "Q7: A is not an option of an open question")


def test_nothing_read_is_neither_kept_nor_refused() -> None:
    assert check(reading(SpanReading(intent="none", span="")), "hello", None).kept == ()
    assert read_back(check(reading(SpanReading(intent="none", span="")), "hi", None)) == ""


def test_the_read_back_names_each_kept_and_refused_reading() -> None:
    checked = check(reading(SpanReading(intent="accept", span="ship it"),
                            SpanReading(intent="accept", span="not said")), "ship it", None)
    assert read_back(checked).splitlines() == [
        "- The model read: accept, from “ship it” (to confirm, write `ACCEPT`).",
        "- A model reading was refused: “not said” is not in the comment's own words."]
