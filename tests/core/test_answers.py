"""The answer grammar reads what humans write, and nothing it should not."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from architect.core import answer_scope, markers
from architect.core.answers import (
    IN_CODE,
    RECOMMENDED,
    Decision,
    ParsedAnswer,
    looks_like_decision,
    named_option,
    parse_comment,
    read_decision,
)
from architect.core.ledger import DesignFork, ForkStatus
from tests.builders import ATTACHMENT_FORKS, SETTINGS_FORKS


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Q2: B", [ParsedAnswer(2, "B")]),
        ("q2 - b because it is simpler", [ParsedAnswer(2, "B", "it is simpler")]),
        ("Q1=A; Q3: C", [ParsedAnswer(1, "A"), ParsedAnswer(3, "C")]),
        ("Q2: recommended", [ParsedAnswer(2, RECOMMENDED)]),
        ("Q4) option C", [ParsedAnswer(4, "C")]),
        ("Q1: A, keeps it small\nQ2: B", [ParsedAnswer(1, "A", "keeps it small"),
                                          ParsedAnswer(2, "B")]),
        ("Q1:\u200b A", [ParsedAnswer(1, "A")]),
        ("Q1: A\r\nQ2: B\r\n", [ParsedAnswer(1, "A"), ParsedAnswer(2, "B")]),
    ],
)
def test_grammar_reads_answers(text: str, expected: list[ParsedAnswer]) -> None:
    parsed = parse_comment(text)
    assert list(parsed.answers) == expected
    assert parsed.leftover == ""


@pytest.mark.parametrize("text", ["yes", "LGTM", "lgtm!", "sounds good", "+1",
                                  "go with the recommendations"])
def test_bare_approval_takes_every_recommendation(text: str) -> None:
    parsed = parse_comment(text)
    assert parsed.approve_all
    assert not parsed.answers


@pytest.mark.parametrize(
    "text",
    [
        "> Q1: A",
        "```\nQ1: A\n```",
        "~~~\nQ2: B\n~~~",
        "`Q1: A`",
        "`Q1: B; Q2: A` — export is cheap once it is on the server.",
        "```\nQ1: A",  # a fence left open is code to the end
        "<!-- Q1: A -->",
        "<!-- architect: answers round=2 -->",
    ],
)
def test_quotes_code_and_html_comments_are_not_answers(text: str) -> None:
    parsed = parse_comment(text)
    assert parsed.answers == ()
    assert not parsed.approve_all


def test_answers_in_code_are_named_back_never_recorded() -> None:
    # "Here you go: ```Q1: B / Q2: A```": code is what someone shows (anyone can paste it),
    # so nothing is recorded; but the comment is no plain talk to pass over in silence.
    parsed = parse_comment("Here you go:\n\n```\nQ1: B\nQ2: A\n```", SETTINGS)
    assert parsed.answers == () and not parsed.discussion
    assert [(n, why) for n, _, why in parsed.doubted] == [(1, IN_CODE), (2, IN_CODE)]


def test_free_text_is_left_for_the_model() -> None:
    parsed = parse_comment("Q1: A\nAlso, could we reuse the existing cache for this?")
    assert parsed.answers == (ParsedAnswer(1, "A"),)
    assert parsed.leftover == "Also, could we reuse the existing cache for this?"


def test_a_word_that_starts_with_a_letter_is_not_an_option() -> None:
    parsed = parse_comment("Q1: Apples are nicer")
    assert parsed.answers == ()
    assert "Apples" in parsed.leftover


@given(st.text(max_size=2000))
def test_any_text_parses_without_error(text: str) -> None:
    parse_comment(text)


def test_a_megabyte_comment_parses() -> None:
    parsed = parse_comment(("lorem ipsum " * 90_000) + "\nQ1: B")
    assert parsed.answers == (ParsedAnswer(1, "B"),)


@pytest.mark.timeout(30)  # a guard against a hang, not a speed goal: quadratic took minutes
@pytest.mark.parametrize("unit", ["<!--", "<!-- architect: x ", "`", "> Q1: A\n",
                                  "Q1: A\n", "so it stays small\n", "> Q1: B, Q2: A\n+1\n",
                                  "> **Q1:** Where are settings kept?\n", "> Q1 1A  ",
                                  "> B) "])
def test_a_megabyte_of_hostile_markup_does_not_hang(unit: str) -> None:
    body = unit * (1_000_000 // len(unit))
    parse_comment(body)
    parse_comment("Q1: B\n" + body, SETTINGS_AND_SHARING)
    list(markers.parse_markers(body))
    markers.strip_markers(body)


# -- answers as people write them ----------------------------------------------------

_WORDS = st.lists(st.sampled_from(["it", "keeps", "the", "page", "small", "fast", "enough"]),
                  min_size=1, max_size=8).map(" ".join)


@given(lines=st.lists(_WORDS, min_size=1, max_size=3))
def test_lines_after_an_answer_are_its_reason(lines: list[str]) -> None:
    parsed = parse_comment("Q1: B\n" + "\n".join(lines))
    assert parsed.answers == (ParsedAnswer(1, "B", " ".join(lines)),)
    assert parsed.leftover == ""


@pytest.mark.parametrize("line", ["And sharing should work like in the old shop.",
                                  "Also: exports are a must.", "Exporting matters more to me."])
def test_a_new_point_after_an_answer_goes_to_the_model(line: str) -> None:
    parsed = parse_comment(f"Q1: B\n{line}", SETTINGS_AND_SHARING)
    assert parsed.answers == (ParsedAnswer(1, "B"),)
    assert parsed.leftover == line


def test_a_question_after_an_answer_goes_to_the_model() -> None:
    parsed = parse_comment("Q1: B\nWhat happens to old settings?")
    assert parsed.answers == (ParsedAnswer(1, "B"),)
    assert parsed.leftover == "What happens to old settings?"


def _fork(number: int, *options: str, status: ForkStatus = ForkStatus.OPEN) -> DesignFork:
    letters = "ABCDEF"
    return DesignFork(number, f"Question {number}?",
                      tuple((letters[i], text) for i, text in enumerate(options)), "A",
                      status=status)


SETTINGS_AND_SHARING = (
    DesignFork(1, "Where are wishlists kept?", (("A", "In the session cookie"),
                                                ("B", "In the database")), "B"),
    DesignFork(2, "Can wishlists be exported or shared?", (("A", "No"), ("B", "Yes")), "B"))
SETTINGS = (_fork(1, "In browser localStorage", "On the server (recommended)"),
            _fork(2, "No", "Yes, as a JSON file"))


@pytest.mark.parametrize(("text", "expected"), [
    ("I'd go with B for the first one", (ParsedAnswer(1, "B"),)),
    ("B for the second question", (ParsedAnswer(2, "B"),)),
    ("I think browser localStorage is better", (ParsedAnswer(1, "A"),)),
    ("The server, please.", (ParsedAnswer(1, "B"),)),
    ("Not browser localStorage.", ()),  # a negation never acts, even of one of two
    ("Is browser localStorage safe enough?", ()),
    ("B for the third one", ()),  # there is no third question
])
def test_ordinals_and_option_words_need_the_ledger(text: str,
                                                   expected: tuple[ParsedAnswer, ...]) -> None:
    assert parse_comment(text, SETTINGS).answers == expected
    assert parse_comment(text).answers == ()


def test_an_ordinal_that_could_mean_two_questions_is_not_guessed() -> None:
    # Q1 and Q2 are settled; "the first one" could be Q1 or the first open one, Q3.
    forks = (_fork(1, "x", "y", status=ForkStatus.RESOLVED),
             _fork(2, "x", "y", status=ForkStatus.RESOLVED), _fork(3, "Daily", "Weekly"))
    parsed = parse_comment("B for the first one", forks)
    assert parsed.answers == ()
    assert parsed.leftover == "B for the first one"


def test_words_shared_by_two_options_name_neither() -> None:
    forks = (_fork(1, "Store in the database", "Store in a file"),)
    assert named_option("store it please", forks) is None
    assert named_option("the database store", forks) == (1, "A")


def test_words_naming_options_of_two_questions_name_neither() -> None:
    forks = (_fork(1, "Postgres database", "Files"), _fork(2, "Postgres database", "Memory"))
    assert named_option("postgres database", forks) is None


def test_a_quoted_question_with_the_letter_below_answers_it() -> None:
    parsed = parse_comment("> **Q2:** Can settings be exported?\n\nB, for backups", SETTINGS)
    assert parsed.answers == (ParsedAnswer(2, "B", "for backups"),)


def test_a_question_named_with_an_options_words_is_that_option() -> None:
    assert parse_comment("Q1: on the server", SETTINGS).answers == (ParsedAnswer(1, "B"),)


def test_the_last_question_is_the_last_open_one_as_the_questions_stood() -> None:
    forks = (*SETTINGS, _fork(3, "Often", "Daily", status=ForkStatus.RESOLVED))
    assert parse_comment("A for the last question", forks).answers == (ParsedAnswer(2, "A"),)


# -- decisions as people write them --------------------------------------------------


@given(word=st.sampled_from(["accept", "ACCEPT", "Accept", "reject", "REJECT", "Reject"]),
       wrap=st.sampled_from(["", "**", "_", "__", "*"]),
       punct=st.sampled_from(["", ".", ":", " -", " —", ",", "!", " :"]),
       rest=st.sampled_from(["", "too big for now", "keep it small\n\nand fast"]),
       mention=st.sampled_from(["", "@architect-bot ", "@Architect-Bot, ", "@architect-bot: "]))
def test_a_decision_is_read_however_it_is_dressed(word: str, wrap: str, punct: str, rest: str,
                                                  mention: str) -> None:
    text = f"{mention}{wrap}{word}{wrap}{punct} {rest}"
    assert read_decision(text, "architect-bot") == Decision(word.upper(), rest)


def test_a_struck_out_decision_is_taken_back() -> None:
    # "~~REJECT: too big~~" renders struck through: the writer's later word decides.
    decided = read_decision("~~REJECT: too big~~\n\nAfter talking it through with bob: ACCEPT",
                            "architect-bot")
    assert decided is not None and decided.word == "ACCEPT"
    assert read_decision("~~ACCEPT~~", "architect-bot") is None


@pytest.mark.parametrize("text", ["Reject? Not sure yet", "acceptable to me", "Rejecting is easy",
                                  "@bob accept", "> ACCEPT", "Type `ACCEPT` to go ahead"])
def test_what_is_not_a_decision(text: str) -> None:
    assert read_decision(text, "architect-bot") is None


@given(st.text(max_size=300))
def test_only_a_short_comment_can_look_like_a_decision(text: str) -> None:
    if looks_like_decision(text, "architect-bot"):
        assert len(text.strip()) <= 40


@pytest.mark.parametrize("text", ["LGTM, but what about mobile?", "Let's go over the risks first",
                                  "approve after the review", "Please ship it after Q1 is done"])
def test_discussion_does_not_look_like_a_decision(text: str) -> None:
    assert not looks_like_decision(text, "architect-bot")


# -- issue 27: the answers people write at the questions, as the letters recorded --------

def _letters(text: str, forks: tuple[DesignFork, ...]) -> dict[int, str]:
    """The letters a comment records, as the acknowledgment names them."""
    parsed = parse_comment(text, forks)
    if parsed.approve_all:
        return {f.number: f.recommended for f in forks}
    by_number = {f.number: f for f in forks}
    return {a.question: by_number[a.question].recommended if a.choice == RECOMMENDED
            else a.choice for a in parsed.answers}


@pytest.mark.parametrize("text", ["yes 👍", "ok, thanks!", "LGTM 🚀", "yes please"])
def test_yes_with_courtesy_takes_every_recommendation_not_the_option_called_yes(
        text: str) -> None:
    assert _letters(text, SETTINGS_FORKS) == {1: "B", 2: "A"}


@pytest.mark.parametrize("text", ["👍", "nope"])
def test_a_bare_emoji_at_the_questions_is_asked_back_never_silence(text: str) -> None:
    parsed = parse_comment(text, SETTINGS_FORKS)
    assert not parsed.discussion and not parsed.answers and not parsed.approve_all
    assert parsed.leftover == text  # the round replies to its writer


@pytest.mark.parametrize("text", ["Vamos com as recomendações, tá ótimo assim.",
                                  "Zgadzam się z rekomendacjami, bez zmian."])
def test_every_recommendation_taken_in_another_language(text: str) -> None:
    assert _letters(text, ATTACHMENT_FORKS) == {1: "B", 2: "A", 3: "A"}


@pytest.mark.parametrize("text", [
    "Je prends les recommandations, sauf pour la 3 : on a déjà une file de jobs, autant "
    "s'en servir.",
    "Defaults, except the third one — we already have a worker queue, no point adding yet "
    "another cron to babysit."])
def test_recommendations_except_one_named_by_place_and_its_options_words(text: str) -> None:
    assert _letters(text, ATTACHMENT_FORKS) == {1: "B", 2: "A", 3: "B"}


def test_an_except_word_of_another_language_is_not_every_recommendation() -> None:
    assert not parse_comment("Je prends les recommandations, sauf la 3.",
                             ATTACHMENT_FORKS).approve_all


@pytest.mark.parametrize(("text", "letters"), [
    ("Cleanup: your recommendation.", {3: "A"}),
    ("storage: whatever you suggest", {1: "B"}),
    ("Storage: on the local disk. Cleanup - as recommended", {1: "A", 3: "A"})])
def test_a_recommendation_under_a_questions_label_is_that_questions_alone(
        text: str, letters: dict[int, str]) -> None:
    parsed = parse_comment(text, ATTACHMENT_FORKS)
    assert not parsed.approve_all
    assert _letters(text, ATTACHMENT_FORKS) == letters


@pytest.mark.parametrize(("text", "letters"), [
    ("Q3: A is what we do elsewhere, but I'd go with B here.", {3: "B"}),
    ("Q2: A, though I could live with B", {2: "A"}),
    ("Q3: A, but I'd pick B for Q1", {3: "A", 1: "B"}),
    ("We can't afford S3, so Q1 is A.", {1: "A"}),
    ("Don't pick A for Q1", {})])
def test_the_writers_last_choice_and_a_negation_in_its_own_clause(
        text: str, letters: dict[int, str]) -> None:
    assert _letters(text, ATTACHMENT_FORKS) == letters


@pytest.mark.parametrize(("text", "letters"), [
    ("- storage: B\n- visibility: A\n- cleanup: B", {1: "B", 2: "A", 3: "B"}),
    ("* Storage → A\n* Access — B\n* Expiry: A", {1: "A", 2: "B", 3: "A"}),
    # A label naming another question's place: no list, each line alone.
    ("- cleanup: B\n- visibility: A\n- storage: B", {1: "B", 2: "A", 3: "B"})])
def test_a_list_of_labelled_letters_one_per_open_question(
        text: str, letters: dict[int, str]) -> None:
    assert _letters(text, ATTACHMENT_FORKS) == letters
# -- answers read the way the writer's words run across one comment --------------------

def _read(text: str, forks: tuple[DesignFork, ...]) -> dict[int, str]:
    return {a.question: a.choice for a in parse_comment(text, forks).answers}


@pytest.mark.parametrize(("text", "expected"), [
    # A yes/no question answered by refusing its subject, in the writer's words.
    ("Keep them server-side. Exporting we can drop.", {1: "B", 2: "A"}),
    ("On the server please; forget about exporting.", {1: "B", 2: "A"}),
    ("Server. I wouldn't bother with an export yet.", {1: "B", 2: "A"}),
    ("Export: we don't need that", {2: "A"}),
    # ... but not when the writer describes, doubts or refuses twice.
    ("The app doesn't export anything today.", {}),
    ("No need to skip the export, people use it.", {}),
    ("No idea about exporting.", {}),
])
def test_a_yes_no_question_is_answered_by_refusing_its_subject(
        text: str, expected: dict[int, str]) -> None:
    assert _read(text, SETTINGS_FORKS) == expected


def test_a_quoted_question_does_not_hide_the_other_answers_of_the_line() -> None:
    text = "> **Q1:** Where are settings kept?\n\nOn the server. Don't bother exporting."
    assert _read(text, SETTINGS_FORKS) == {1: "B", 2: "A"}


def test_a_bare_number_after_an_answer_starts_the_next_answer() -> None:
    parsed = parse_comment("1: B. 2: nein, nicht nötig.", SETTINGS_FORKS)
    assert {a.question: a.choice for a in parsed.answers} == {1: "B", 2: "A"}
    assert "nötig" not in parsed.answers[0].reason


def test_questions_listed_take_as_many_letters_listed() -> None:
    assert _read("Q1 / Q3 / Q2 = A / B / B, thanks", ATTACHMENT_FORKS) == {
        1: "A", 3: "B", 2: "B"}
    assert _read("Q1/Q2: A/B/A", ATTACHMENT_FORKS) == {}


@pytest.mark.parametrize("text", [
    "Q1: B. Q2 A, but run it by the compliance people first. Q3: A",
    "Q1: B. Q2 A — let @carol decide. Q3: A",
    "Q1: B. Q2: A, check with legal. Q3: A",
])
def test_an_answer_left_to_someone_else_is_not_recorded(text: str) -> None:
    parsed = parse_comment(text, ATTACHMENT_FORKS)
    assert {a.question: a.choice for a in parsed.answers} == {1: "B", 3: "A"}
    assert [d[0] for d in parsed.doubted] == [2]


@pytest.mark.parametrize("text", [
    "第二题选B……不对，还是A吧。第一题选B。",
    "Q2 B, Q1 B... 잠깐, Q2는 A로 할게요.",
    "second: B, no wait, A. first: B",
])
def test_a_correction_in_any_language_keeps_the_last_letter(text: str) -> None:
    assert _read(text, SETTINGS_FORKS) == {1: "B", 2: "A"}


def test_a_table_ticks_a_letter_in_its_column_or_lists_letters_under_questions() -> None:
    ticked = "| | A | B |\n|---|:-:|:-:|\n| Q1 | ✔ | |\n| Q3 | | x |"
    assert _read(ticked, ATTACHMENT_FORKS) == {1: "A", 3: "B"}
    under = "| Q2 | Q3 |\n|---|---|\n| **B** | A |"
    assert _read(under, ATTACHMENT_FORKS) == {2: "B", 3: "A"}
    both = parse_comment("| | A | B |\n|---|---|---|\n| Q2 | ✅ | ✅ |", ATTACHMENT_FORKS)
    assert not both.answers and [d[0] for d in both.doubted] == [2]


@pytest.mark.parametrize(("body", "answers_only"), [
    ("Changes requested over Q3 only, not over the pitch: Q3 should be B.", True),
    ("Nothing wrong with the pitch, but Q1 has to be A for us.", True),
    ("The pitch is too big; split it. Q1: B", False)])
def test_a_request_for_changes_about_the_answers_only(body: str, answers_only: bool) -> None:
    assert answer_scope.not_the_pitch(body) is answers_only


@pytest.mark.parametrize(("text", "question", "letter"), [
    ("Honestly just drop them on the filesystem.", 1, "A"),
    ("We have celery running already, use that for the expiry.", 3, "B"),
])
def test_an_option_named_by_a_word_of_its_kind_is_likely_never_recorded(
        text: str, question: int, letter: str) -> None:
    parsed = parse_comment(text, ATTACHMENT_FORKS)
    assert not parsed.answers and not parsed.discussion and not parsed.leftover
    assert [(d[0], d[2].split(")")[0]) for d in parsed.doubted] == [(question,
                                                                     f"likely {letter}")]


def test_a_kin_word_said_with_a_negation_or_beside_an_answer_is_not_named_back() -> None:
    assert not parse_comment("No buckets, please.", ATTACHMENT_FORKS).doubted
    assert not parse_comment("Q1: B, the bucket is already there", ATTACHMENT_FORKS).doubted


@pytest.mark.parametrize(("text", "letters"), [
    ("Q1 B, Q2 A, Q3 A but I want to double-check Q2 with security", {1: "B", 3: "A"}),
    ("Q1: B\nQ2: A, to be confirmed\nQ3: A", {1: "B", 3: "A"}),
    ("Q1: B — we need to confirm the bucket region later, but S3 for sure", {1: "B"})])
def test_a_later_clause_that_defers_one_answered_question_holds_that_one(
        text: str, letters: dict[int, str]) -> None:
    assert _letters(text, ATTACHMENT_FORKS) == letters
@pytest.mark.parametrize(("text", "expected"), [
    ("> A) In browser localStorage\n\n+1, keeps it simple", {1: "A"}),
    ("> - B) Yes, as a JSON file\n\nThat's the one. And keep them server-side.", {2: "B", 1: "B"}),
    ("> A) In browser localStorage\n\nnot convinced by this", {}),
    ("> B) Not an option of ours\n\nagreed", {}),
])
def test_agreeing_with_a_quoted_option_chooses_it(text: str, expected: dict[int, str]) -> None:
    assert _read(text, SETTINGS_FORKS) == expected


def test_the_option_text_copied_after_its_letter_is_not_the_reason() -> None:
    parsed = parse_comment("Q2: A) Everyone who can see the note (recommended) — simplest",
                           ATTACHMENT_FORKS)
    assert [(a.question, a.choice, a.reason) for a in parsed.answers] == [(2, "A", "simplest")]


@pytest.mark.parametrize(("text", "letters"), [
    ("Q1: B. Not sure the storage budget covers that many objects every month, though.", {}),
    ("Q1: B. I'm not convinced the nightly window is long enough on the big tenants.", {}),
    ("Q1: B. Not sure why anyone would want the disk, it breaks on every redeploy.", {1: "B"}),
    ("Q2: A. Probably we revisit the visibility rules next year anyway.", {2: "A"})])
def test_a_sentence_opening_with_a_doubt_holds_the_answer_before_it(
        text: str, letters: dict[int, str]) -> None:
    assert _letters(text, ATTACHMENT_FORKS) == letters


def test_under_a_quoted_answer_the_letter_a_reply_opens_with_wins_over_its_reasons() -> None:
    text = "> Q1: A\n\nNo, B. Nothing survives on the local disk after a redeploy."
    assert _letters(text, ATTACHMENT_FORKS) == {1: "B"}


@pytest.mark.parametrize(("text", "letters"), [
    ("Carol mentioned she'd prefer the local disk for Q1. No view of my own yet.", {}),
    ("Legal wants Q2: B, I have not looked yet.", {}),
    ("Q1: B, as Carol said in standup.", {1: "B"}),
    ("Carol and I agreed: Q1: B", {1: "B"})])
def test_someone_elses_view_told_by_the_writer_is_not_their_answer(
        text: str, letters: dict[int, str]) -> None:
    assert _letters(text, ATTACHMENT_FORKS) == letters
