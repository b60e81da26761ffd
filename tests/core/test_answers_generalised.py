"""What the reader holds on beyond its listed spellings: the rest as recommended in any
common language, negation and judgement in any clause, questions listed before one answer,
indifference that takes the defaults, slips of a neighbouring key, yes/no questions answered
by a plain negation (issue 27; the cases are the shapes, the corpus carries the figures)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from architect.core.answers import RECOMMENDED, parse_comment
from architect.core.ledger import DesignFork
from tests.builders import ATTACHMENT_FORKS, SETTINGS_FORKS


def _letters(text: str, forks: Sequence[DesignFork] = ATTACHMENT_FORKS) -> dict[int, str]:
    return {a.question: a.choice for a in parse_comment(text, forks).answers}


@pytest.mark.parametrize("text", [
    "Q3: B, il resto come raccomandato.",
    "Q3: B. Остальное по рекомендациям.",
    "Q3: B. The rest — defaults.",
    "Q3: B, el resto como recomendado.",
    "Q3: B. Der Rest wie empfohlen.",
    "Q3: B、残りはおすすめで",
])
def test_the_rest_as_recommended_in_the_common_languages(text: str) -> None:
    parsed = parse_comment(text, ATTACHMENT_FORKS)
    assert _letters(text)[3] == "B" and parsed.rest_recommended


@pytest.mark.parametrize("text", ["Q3: B. The rest of the team agrees.", "Q3: B, restore defaults"])
def test_rest_and_default_in_other_senses_take_nothing(text: str) -> None:
    assert not parse_comment(text, ATTACHMENT_FORKS).rest_recommended


def test_a_negation_in_any_language_refuses_what_its_clause_names() -> None:
    # "local disk — we have no S3 at all": the S3 it names is refused, not chosen.
    assert _letters("Q1: локальный диск — у нас on-prem нет никакого S3.") == {1: "A"}


def test_a_judgement_against_an_option_is_no_pick_of_it() -> None:
    text = ("so server-side it is — localStorage would just recreate the problem. "
            "No export this sprint.")
    assert _letters(text, SETTINGS_FORKS)[1] == "B"
    after = "Going with the recommendations.\n\nP.S. for cleanup use the worker queue, " \
            "cron on that host has been flaky all month."
    assert _letters(after) == {1: RECOMMENDED, 2: RECOMMENDED, 3: "B"}


@pytest.mark.parametrize(("text", "expected"), [
    ("Q1 and Q3: B", {1: "B", 3: "B"}),
    ("Q1, Q2 and Q3: A", {1: "A", 2: "A", 3: "A"}),
    ("Q1 and Q3 go with the defaults.", {1: RECOMMENDED, 3: RECOMMENDED}),
])
def test_questions_listed_before_one_answer_share_it(text: str, expected: dict[int, str]) -> None:
    assert _letters(text) == expected


def test_indifference_then_the_defaults_takes_them_and_indifference_alone_takes_nothing() -> None:
    assert _letters("Q2 and Q3: no strong opinion, the defaults are fine.") == {
        2: RECOMMENDED, 3: RECOMMENDED}
    assert _letters("Q2: no strong opinion, your call.") == {}
    assert _letters("Q3: probably the default, not sure") == {}


def test_a_later_time_to_look_again_is_no_doubt_of_the_answer() -> None:
    text = "Q1: b\nQ2 : a   (no exprot for now, maybe next qurter)"
    assert _letters(text, SETTINGS_FORKS) == {1: "B", 2: "A"}
    assert _letters("Q2: A, maybe B later, not sure", SETTINGS_FORKS) == {}


@pytest.mark.parametrize(("text", "expected"), [
    ("S3 pls, crom is fine", {1: "B", 3: "A"}),  # m beside n
    ("Q3: crob job", {3: "A"}),  # b beside n
    ("the node is fine", {}),  # d is not beside t: node is a word of its own
])
def test_a_slip_of_a_neighbouring_key(text: str, expected: dict[int, str]) -> None:
    assert _letters(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Q2: on ne propose pas de téléchargement pour l'instant.", {2: "A"}),
    ("Q2 - export abhi nahi chahiye.", {2: "A"}),
    ("Q2: sí, que se puedan exportar como JSON.", {2: "B"}),
    ("Q2: I don't know yet", {}),
    ("Q2: not sure", {}),
])
def test_a_yes_no_question_answered_by_a_plain_negation_or_yes(
        text: str, expected: dict[int, str]) -> None:
    assert _letters(text, SETTINGS_FORKS) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Q!: B, Q2: A", {1: "B", 2: "A"}),
    ("1はB、2はB、3はAで。", {1: "B", 2: "B", 3: "A"}),
    ("1은 B, 2는 A, 3은 A로 할게요.", {1: "B", 2: "A", 3: "A"}),
])
def test_question_numbers_as_typed(text: str, expected: dict[int, str]) -> None:
    assert _letters(text) == expected


def test_a_word_of_an_options_kind_in_a_clause_that_chooses_is_an_answer() -> None:
    text = ("Put them in the bucket, and a scheduled job at 3am to sweep old stuff is plenty.")
    assert _letters(text) == {1: "B", 3: "A"}
    mused = parse_comment("We could use the MinIO bucket maybe", ATTACHMENT_FORKS)
    assert not mused.answers and [d[0] for d in mused.doubted] == [1]  # likely: asked back


def test_an_instruction_about_the_design_is_asked_back_never_left_as_talk() -> None:
    text = ("Keep them in our own DB so they follow people across devices, and let's not "
            "bother letting anyone download them for now.")
    parsed = parse_comment(text, SETTINGS_FORKS)
    assert not parsed.discussion and parsed.leftover
    assert parse_comment("Let's meet tomorrow to talk about it.", SETTINGS_FORKS).discussion


@pytest.mark.parametrize(("text", "expected"), [
    ("Export: nobody's asked for it, A.", {2: "A"}),  # the letter closing the reason
    ("Q2: let's allow it.", {2: "B"}),
    ("Q2: let's not allow it", {2: "A"}),
    ("Q1: backend", {1: "B"}),
    ("the server team will hate this", {}),  # people named by the word, not the option
])
def test_values_in_words_of_their_own(text: str, expected: dict[int, str]) -> None:
    assert _letters(text, SETTINGS_FORKS) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Cleanup cron se hi kar do", {3: "A"}),  # Hindi's "from", not Italian's "if"
    ("Q2: B se serve", {}),  # Italian: "B if needed", a condition
])
def test_se_is_if_only_where_it_opens_a_clause(text: str, expected: dict[int, str]) -> None:
    assert _letters(text) == expected


def test_a_line_led_by_the_next_place_is_not_the_reason_of_the_answer_before_it() -> None:
    parsed = parse_comment("first: object storage\nsecond: lock it down\nthird: cron",
                           ATTACHMENT_FORKS)
    assert [(a.question, a.choice, a.reason) for a in parsed.answers] == [
        (1, "B", ""), (3, "A", "")]


@pytest.mark.parametrize(("text", "expected"), [
    ("Pour la 1, côté serveur. Pour la 2, on ne propose pas de téléchargement.", {1: "B", 2: "A"}),
    ("Para la 2, no.", {2: "A"}),
    ("Für die 1: Server.", {1: "B"}),
])
def test_for_the_number_with_the_noun_left_out(text: str, expected: dict[int, str]) -> None:
    assert _letters(text, SETTINGS_FORKS) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Eens met de aanbevelingen, behalve export: dat willen we wel (B).",
     {1: RECOMMENDED, 2: "B"}),
    ("yes to all", None),  # every recommendation
    ("Let's keep them on the server. And yeah, let people export as a JSON file.",
     {1: "B", 2: "B"}),
    # A doubt about another question, by its words, leaves this answer standing.
    ("only answering Q1 for now: B. need to think about export a bit more.", {1: "B"}),
    ("Q1: B. Not sure about the server cost though.", {}),  # its own question: held
])
def test_more_of_what_people_write(text: str, expected: dict[int, str] | None) -> None:
    parsed = parse_comment(text, SETTINGS_FORKS)
    if expected is None:
        assert parsed.approve_all
    else:
        assert {a.question: a.choice for a in parsed.answers} == expected


def test_a_leaning_in_words_of_judgement_is_asked_back_not_left_as_talk() -> None:
    parsed = parse_comment("Object storage feels like the grown-up choice here. The rest "
                           "looks sensible too.", ATTACHMENT_FORKS)
    assert not parsed.discussion and not parsed.answers  # a leaning: asked, not recorded


def test_an_item_of_a_list_whose_other_items_pick_options_is_a_pick_too() -> None:
    text = "the cloud bucket, everyone who can see the note, and the cron job"
    assert _letters(text) == {1: "B", 2: "A", 3: "A"}


@pytest.mark.parametrize(("text", "expected"), [
    # The last word after a correction, said in a sentence of its own after the reason.
    ("Q1: A. hmm no, if someone switches laptops that's gone. B.", {1: "B"}),
    ("Q2: B — wait, export means a versioned schema forever. Keep it A.", {2: "A"}),
    # An option judged bad is not named by its words; "has to be" chooses.
    ("Q1 has to be B imo, localStorage gets wiped every time someone clears it", {1: "B"}),
    # Undecided is no "No"; a hash names a question after the answer before it.
    ("I'd rather not decide the export one yet. Q1 is definitely the server though.",
     {1: "B"}),
    ("#1 -> B, #2 -> B (json export is cheap)", {1: "B", 2: "B"}),
    ("Settings → server. Export → nah.", {1: "B", 2: "A"}),
])
def test_corrections_judgements_and_forms_of_the_day(text: str, expected: dict[int, str]) -> None:
    assert _letters(text, SETTINGS_FORKS) == expected


def test_an_option_refused_is_named_back_and_takes_no_recommendation_from_the_rest() -> None:
    parsed = parse_comment("Not the cron. The rest as recommended.", ATTACHMENT_FORKS)
    assert not parsed.approve_all and {a.question for a in parsed.answers} == set()
    assert [(n, why.split(" ")[0]) for n, _, why in parsed.doubted] == [(3, "negated")]


@pytest.mark.parametrize(("text", "expected"), [
    ("Anything but local disk", {}),  # a negation never acts, even of one of two
    ("Not the cron, and not the queue either", {}),
    ("Q3: not sure about the cron", {}),
    ("go with disk for now, we can move to S3 later.", {1: "A"}),  # later is not now
    ("Q2 can't be A — it would leak HR docs. B please. The rest is fine as recommended.",
     {1: RECOMMENDED, 2: "B", 3: RECOMMENDED}),
    ("Хранилище — S3, остальное как рекомендовано.", {1: "B"}),
])
def test_one_of_two_refused_and_a_letter_said_on_its_own(
        text: str, expected: dict[int, str]) -> None:
    assert _letters(text) == expected


@pytest.mark.parametrize("text", ["go with your picks",
                                  "Me quedo con lo que recomiendas en las dos."])
def test_every_recommendation_in_words_of_ones_own(text: str) -> None:
    assert parse_comment(text, SETTINGS_FORKS).approve_all


@pytest.mark.parametrize(("text", "expected"), [
    ("Q1, Q2 & Q3: B", {1: "B", 2: "B", 3: "B"}),
    ("Q1 y Q3: A", {1: "A", 3: "A"}),  # "y", "e", "i": "and", not option Y
    ("Q1 e Q2: B, Q3 A", {1: "B", 2: "B", 3: "A"}),
])
def test_a_list_of_questions_joined_in_any_language_shares_its_answer(
        text: str, expected: dict[int, str]) -> None:
    assert _letters(text) == expected


def test_a_question_named_after_another_persons_answer_is_no_list() -> None:
    # "+1 to alice on Q1": alice's answer agreed to, not bob's "A" for Q1 too.
    parsed = parse_comment("+1 to alice on Q1, and Q2: A", ATTACHMENT_FORKS)
    assert _letters("+1 to alice on Q1, and Q2: A") == {2: "A"}
    assert [n for n, _ in parsed.unread] == [1]


@pytest.mark.parametrize(("text", "expected"), [
    ("Q1 — the latter. Q2 — the former.", {1: "B", 2: "A"}),
    ("the latter for the first one, the former for the second", {1: "B", 2: "A"}),
    ("I prefer the latter for Q1", {1: "B"}),
])
def test_the_former_and_the_latter_name_the_options_of_two(
        text: str, expected: dict[int, str]) -> None:
    assert _letters(text, SETTINGS_FORKS) == expected


def test_the_latter_of_three_options_is_no_answer() -> None:
    three = (DesignFork(1, "Which format?", (("A", "CSV"), ("B", "JSON"), ("C", "XML")), "A"),)
    parsed = parse_comment("Q1 — the latter.", three)
    assert parsed.answers == () and [n for n, _ in parsed.unread] == [1]


@pytest.mark.parametrize("text", [
    "For Q1 B, would that need the user to be logged in? Anonymous users are ~40% of traffic",
    "For Q1, does B mean you need to be logged in? Anonymous users have settings too.",
])
def test_a_letter_inside_a_question_is_asked_not_answered(text: str) -> None:
    parsed = parse_comment(text, SETTINGS_FORKS)
    assert parsed.answers == ()
    assert {n for n, _, why in parsed.doubted if why.startswith("question")} == {1}


@pytest.mark.parametrize("text", [
    "Q3 shayad worker queue... pakka nahi pata abhi",  # Hindi, as typed in Latin script
    "Q3: B, wahrscheinlich",
    "Q3: B, probablement",
    "Q3: B, 大概",
])
def test_a_hedge_in_the_common_languages_holds_the_answer_back(text: str) -> None:
    parsed = parse_comment(text, ATTACHMENT_FORKS)
    assert parsed.answers == () and [n for n, _, _ in parsed.doubted] == [3]


@pytest.mark.parametrize(("text", "expected"), [
    ("> **Q2:** Can settings be exported?\n\nNo, not for now.", {2: "A"}),
    ("> **Q1:** Where are settings kept?\n\nServer, obviously.", {1: "B"}),
])
def test_the_line_below_a_quoted_question_answers_it(text: str, expected: dict[int, str]) -> None:
    assert _letters(text, SETTINGS_FORKS) == expected


def test_agreement_below_quoted_answers_makes_them_the_writers() -> None:
    assert _letters("> Q1: B, Q2: A, Q3: A\n\n+1 to all of this") == {1: "B", 2: "A", 3: "A"}
    # Disagreeing is no agreement, and a quote of several answers heads no one question.
    assert _letters("> Q1: B, Q2: A, Q3: A\n\nI disagree on Q3, B") == {3: "B"}


@pytest.mark.parametrize("text", [
    "Q3: A. Let me check with ops about the storage one first.",
    "So: worker queue for Q3, it retries properly. No strong opinion on the other two.",
])
def test_a_doubt_about_the_other_questions_leaves_this_answer(text: str) -> None:
    assert 3 in _letters(text)


def test_a_question_named_by_a_synonym_of_its_words() -> None:
    table = "| | choice |\n|--|--|\n| storage | B |\n| visibility | A |\n| cleanup | B |"
    assert _letters(table) == {1: "B", 2: "A", 3: "B"}
    assert _letters("download: no", SETTINGS_FORKS) == {2: "A"}


@pytest.mark.parametrize("text", ["Q2: definitely not A.", "Q2: no, not A"])
def test_a_refused_letter_picks_no_other_one(text: str) -> None:
    # A negation never acts: "not A" of a yes/no question is no "B", and its "no" no "A).
    assert _letters(text, SETTINGS_FORKS) == {}


def test_an_option_text_copied_after_its_letter_is_cut_only_as_a_whole_word() -> None:
    (answer,) = parse_comment("Q2: A, not B", SETTINGS_FORKS).answers  # option A is "No"
    assert (answer.choice, answer.reason) == ("A", "not B")


@pytest.mark.parametrize("text", [
    "What's the difference between A and B for Q1 privacy-wise? Would the server copy be "
    "encrypted at rest?",
    "Honestly torn between A and B on the first one. No strong feeling on export either.",
])
def test_two_letters_weighed_in_the_answers_own_sentence_hold_it_back(text: str) -> None:
    parsed = parse_comment(text, SETTINGS_FORKS)
    assert 1 not in {a.question for a in parsed.answers}
    assert 1 in {n for n, _, _ in parsed.doubted}


@pytest.mark.parametrize(("text", "letter"), [
    ("Q3: Worker queue. Cron jobs silently fail on our infra way too often.", "B"),
    ("> **Q3:** How are expired files cleaned up?\n\nWorker queue. Cron jobs fail on us.", "B"),
    ("Q3: cron. Actually no, worker queue", "B"),  # taken back: the last word wins
])
def test_the_option_a_questions_words_open_with_is_its_answer(text: str, letter: str) -> None:
    assert _letters(text) == {3: letter}


@pytest.mark.parametrize(("text", "expected"), [
    # "I" is the writer, not an option I: what follows is read (A is Q2's recommendation).
    ("Q2: I don't really care, whatever you recommend.", {2: "A"}),
    ("Q1: I'd go with the server. Q2: I'm fine with no export", {1: "B", 2: "A"}),
])
def test_the_writer_speaking_after_a_question_is_read_for_its_answer(
        text: str, expected: dict[int, str]) -> None:
    assert _letters(text, SETTINGS_FORKS) == expected


def test_not_yet_in_an_unspaced_language_hedges_only_with_its_verb() -> None:
    # まだ迷っています: "still torn"; 我们还没有服务端存储: "we have no server storage yet".
    assert [n for n, _, _ in parse_comment("Q1はBかな…まだ迷っています。",
                                           ATTACHMENT_FORKS).doubted] == [1]
    assert _letters("Q1：B，我们还没有服务端存储的预算问题。") == {1: "B"}


@pytest.mark.parametrize("text", [
    "We don't need people to be able to download their prefs, honestly nobody has asked.",
    "For first question the server is better, and the export we dont need it now.",
    "Keep them in our own DB, and let's not bother letting anyone download them for now.",
])
def test_a_yes_no_question_refused_in_its_own_words_is_answered_no(text: str) -> None:
    assert _letters(text, SETTINGS_FORKS)[2] == "A"


@pytest.mark.parametrize("text", [
    "Export would not hurt",  # a negation that says yes
    "Q2: B. We don't need export to be CSV.",  # answered by its letter: the refusal is of CSV
])
def test_a_negation_that_refuses_nothing_the_question_offers_answers_no(text: str) -> None:
    assert _letters(text, SETTINGS_FORKS).get(2) in (None, "B")


def test_a_refusal_in_words_that_says_nothing_of_need_is_only_likely() -> None:
    parsed = parse_comment("Export isn't something we'd ship, honestly.", SETTINGS_FORKS)
    assert 2 not in {a.question for a in parsed.answers}


def test_questions_listed_before_the_recommendation_take_each_their_own() -> None:
    # Q1's recommendation is B, Q2's A: "as recommended" is no letter to copy across.
    assert _letters("So Q3: B. Q1 and Q2 as recommended.") == {
        1: RECOMMENDED, 2: RECOMMENDED, 3: "B"}


@pytest.mark.parametrize(("text", "forks", "expected"), [
    ("Recommendations are fine except I'd keep it in the browser, we don't want to store "
     "more personal data server-side.", SETTINGS_FORKS, {1: "A", 2: RECOMMENDED}),
    ("recommended, except cleanup should go through the worker queue", ATTACHMENT_FORKS,
     {1: RECOMMENDED, 2: RECOMMENDED, 3: "B"}),
    ("Concordo com as recomendações, só que na Q3 prefiro a fila de workers.",
     ATTACHMENT_FORKS, {1: RECOMMENDED, 2: RECOMMENDED, 3: "B"}),
    # the one excepted without a choice stays open
    ("whatever you recommend except cleanup, still chewing on that one", ATTACHMENT_FORKS,
     {1: RECOMMENDED, 2: RECOMMENDED}),
])
def test_the_recommendations_but_one_in_any_words(
        text: str, forks: Sequence[DesignFork], expected: dict[int, str]) -> None:
    assert _letters(text, forks) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("b,a,a", {1: "B", 2: "A", 3: "A"}),
    ("b a a", {1: "B", 2: "A", 3: "A"}),
    ("wfm: b/a/a", {1: "B", 2: "A", 3: "A"}),
    ("1 — Б, 2 — А, 3 — А", {1: "B", 2: "A", 3: "A"}),  # Cyrillic а, б: first, second
    ("b for all", {1: "B", 2: "B", 3: "B"}),
    ("middle one a", {2: "A"}),
    ("last one b", {3: "B"}),
    ("q1; b. q2: a", {1: "B", 2: "A"}),
    ("idk about 1 and 3 yet but 2 = a for sure", {2: "A"}),
])
def test_shorthand_typed_on_a_phone_is_read(text: str, expected: dict[int, str]) -> None:
    assert _letters(text) == expected


@pytest.mark.parametrize("text", ["a nightly job is fine", "a,a,a,a", "b, a"])
def test_shorthand_never_guesses(text: str) -> None:
    # An article stays an article; a list of the wrong length records nothing.
    assert _letters(text) in ({3: "A"}, {}) and 1 not in _letters(text)


@pytest.mark.parametrize(("text", "expected"), [
    ("s3/everyone/cron", {1: "B", 2: "A", 3: "A"}),
    ("disk, admins, queue", {1: "A", 2: "B", 3: "B"}),
])
def test_a_short_list_in_the_options_own_words_answers_each_in_turn(
        text: str, expected: dict[int, str]) -> None:
    assert _letters(text) == expected
    assert _letters("server, no export", SETTINGS_FORKS) == {1: "B", 2: "A"}


@pytest.mark.parametrize("text", ["recs r fine", "recs ✅", "Setuju semua rekomendasi.",
                                  "Recommended für alles 👍"])
def test_every_recommendation_in_shorthand_and_other_languages(text: str) -> None:
    assert parse_comment(text, ATTACHMENT_FORKS).approve_all


@pytest.mark.parametrize("text", [
    "i wouldnt pick b for q2, nobody needs that",
    "server feels right to me, but I'd like to hear what bob thinks about it first",
    "> Q1: B; Q2: B\n\n@bob did you mean B on Q2 because of the GDPR thing, or the RFP? "
    "If it's the RFP, I'm not sure it's worth it.",
    "For Q1: localStorage is zero backend work but dies with the browser; server is durable. "
    "Honestly both are defensible and I keep changing my mind.",
])
def test_negated_preconditioned_asked_or_torn_answers_are_not_recorded(text: str) -> None:
    assert _letters(text, SETTINGS_FORKS) == {}


@pytest.mark.parametrize(("text", "expected"), [
    ("never mind, Q2 should be B", {2: "B"}),
    ("Einstellungen bitte auf dem Server speichern. Export brauchen wir erstmal nicht.",
     {1: "B", 2: "A"}),
    ("Pour la première question, côté serveur évidemment. Pour l'export, non, pas pour "
     "l'instant.", {1: "B", 2: "A"}),
    ("Q2: A, we can add export later if people actually ask.", {2: "A"}),
    ("Câu 1 chọn B, câu 2 chọn A nhé.", {1: "B", 2: "A"}),
])
def test_answers_in_words_that_once_read_as_doubt(text: str, expected: dict[int, str]) -> None:
    assert _letters(text, SETTINGS_FORKS) == expected


def test_a_reason_that_names_a_possibility_is_no_hedge() -> None:
    assert _letters("Q2はBでお願いします（添付に個人情報が含まれる可能性があるため）。") == {2: "B"}


def test_the_rest_as_recommended_in_words_of_their_own() -> None:
    text = "Per la terza preferisco il worker in coda, per le altre va bene quello consigliato."
    assert _letters(text) == {3: "B"} and parse_comment(text, ATTACHMENT_FORKS).rest_recommended


@pytest.mark.parametrize("text", [
    "Our upload path streams into memory, which is why the 413 limit is so low.\n\n"
    "Whatever we do here, the upload should be streamed, or better, use presigned URLs. "
    "There's a good write-up of the pattern in the MinIO docs.",
    "For Q3, does the worker queue option mean we'd need Redis in the self-hosted install? "
    "A lot of our self-hosters run the single-container image.",
])
def test_talk_and_questions_that_name_an_options_word_record_nothing(text: str) -> None:
    assert _letters(text) == {}


def test_a_recommendation_for_one_question_is_not_all_of_them() -> None:
    text = ("For the first question I'd go with the recommendation. The middle one I need to "
            "think about, ping me tomorrow.")
    assert 2 not in _letters(text)


@pytest.mark.parametrize(("text", "expected"), [
    ("Q1 definitely B", {1: "B"}),
    ("Obviously B for Q3", {3: "B"}),
    # The letter described first, the one chosen after the turn.
    ("Q3 — A is the default, but we already have a queue, so B", {3: "B"}),
    ("Q1: B; Q2: A, Q3 — A is the recommended one, but no, so B", {1: "B", 2: "A", 3: "B"}),
    # "we already run …, reuse that": what is so today, then the choice of it.
    ("We already run a worker queue for thumbnails, reuse that.", {3: "B"}),
    ("Q1 and Q3 as recommended. Still thinking about Q2", {1: RECOMMENDED, 3: RECOMMENDED}),
])
def test_certain_words_around_a_letter_choose_it(text: str, expected: dict[int, str]) -> None:
    assert _letters(text) == expected


@pytest.mark.parametrize(("text", "question"), [
    ("fwiw we already keep files in S3 for the avatars", 1),  # a fact, not a choice
    ("Q2: B only if it's cheap, otherwise A", 2),  # a condition, whatever its fallback
    ("Q1: B probably, Q2 no strong opinion yet.", 1),  # the hedge is Q1's own
])
def test_facts_conditions_and_hedges_beside_a_letter_hold_it_back(
        text: str, question: int) -> None:
    parsed = parse_comment(text, ATTACHMENT_FORKS)
    assert question not in {a.question for a in parsed.answers}
    assert question in {q for q, _, _ in parsed.doubted}


def test_another_persons_comment_named_for_an_answer_is_read_back_not_recorded() -> None:
    parsed = parse_comment("Q1: B. Q2 as bob's comment says", SETTINGS_FORKS)
    assert {a.question: a.choice for a in parsed.answers} == {1: "B"}
    assert [q for q, _ in parsed.unread] == [2]


@pytest.mark.parametrize("text", [
    'whats the diff btw a and b for q2 really, is "no" forever or just this sprint',
    "both? like keep them on the server but cache in localStorage so the page doesn't flash",
    "I don't agree with the recommendation on Q1.",
])
def test_weighing_two_options_or_refusing_the_recommendation_records_nothing(
        text: str) -> None:
    assert _letters(text, SETTINGS_FORKS) == {}


def test_a_later_move_is_not_the_choice_and_an_amount_guessed_is_no_doubt() -> None:
    assert _letters("I don't agree with the recommendation on Q1. localStorage is fine for "
                    "v1, we can move it server-side later if people complain. So A.\n"
                    "Q2 as recommended.", SETTINGS_FORKS) == {1: "A", 2: RECOMMENDED}
    assert _letters("Q1 B obviously. Q2 — A is the recommended one, but B costs us maybe an "
                    "hour and saves support a lot of pain, so B.", SETTINGS_FORKS) == {
        1: "B", 2: "B"}


def test_an_option_named_in_scorn_is_not_chosen() -> None:
    assert _letters("Ah yes, a nightly cron job. The thing that silently stopped running for "
                    "three months last year and nobody noticed.") == {}


@pytest.mark.parametrize(("text", "forks", "expected"), [
    ("first one server, second one no", SETTINGS_FORKS, {1: "B", 2: "A"}),
    ("For the first one, server. For the second, I don't really care, whatever you "
     "recommend.", SETTINGS_FORKS, {1: "B", 2: "A"}),
    ("Let's keep them on the server. Export isn't needed for now.", SETTINGS_FORKS,
     {1: "B", 2: "A"}),
    ("Let's do what the bot recommends for 1 and 2, and the queue for 3.", ATTACHMENT_FORKS,
     {1: RECOMMENDED, 2: RECOMMENDED, 3: "B"}),
    ("defaults, but cleanup via the queue", ATTACHMENT_FORKS,
     {1: RECOMMENDED, 2: RECOMMENDED, 3: "B"}),
    ("Q2: B. Shared links are risky. I don't care much about Q1 and Q3, take the "
     "recommendations there.", ATTACHMENT_FORKS, {1: RECOMMENDED, 2: "B", 3: RECOMMENDED}),
])
def test_answers_said_in_passing_words_are_read(
        text: str, forks: Sequence[DesignFork], expected: dict[int, str]) -> None:
    assert _letters(text, forks) == expected


def test_the_defaults_with_a_later_look_at_one_part_take_every_recommendation() -> None:
    parsed = parse_comment("go with the defaults, we can revisit the cleanup story after "
                           "launch", ATTACHMENT_FORKS)
    assert parsed.approve_all


@pytest.mark.parametrize("text", [
    "Thanks! I'll go through these after lunch.",
    "Good questions. Let me think about these over the weekend.",
])
def test_taking_time_over_the_questions_is_talk(text: str) -> None:
    assert parse_comment(text, ATTACHMENT_FORKS).discussion


@pytest.mark.parametrize(("text", "forks", "expected"), [
    # The question copied back, its answer below it or after it.
    ("**Q1:** Where are settings kept?\nOn the server. People switch laptops all the time."
     "\n\n**Q2:** Can settings be exported?\nNo, not for now.", SETTINGS_FORKS,
     {1: "B", 2: "A"}),
    ("- Where are settings kept? **On the server**\n- Can they be exported? **No**",
     SETTINGS_FORKS, {1: "B", 2: "A"}),
    # A question named by its subject: "as for export", "re: visibility —".
    ("Keep them on the server. As for export, yes, a JSON file would be nice to have.",
     SETTINGS_FORKS, {1: "B", 2: "B"}),
    ("re: visibility — same people who can see the note, otherwise sharing a note with a "
     "screenshot in it just breaks", ATTACHMENT_FORKS, {2: "A"}),
    # Another letter allowed after the chosen one; a doubt about another question by place.
    ("Q1: B. Q3: A, though honestly B would also be fine by me if someone feels strongly.",
     ATTACHMENT_FORKS, {1: "B", 3: "A"}),
    ("for the second one, A. no strong opinion on the first", SETTINGS_FORKS, {2: "A"}),
    # The recommendation for one question by its place, "as well" for another.
    ("For the first question I'd go with the recommendation. For the last one as well. The "
     "middle one I need to think about, ping me tomorrow.", ATTACHMENT_FORKS,
     {1: "B", 3: "A"}),
    ("first one: B, second one too", ATTACHMENT_FORKS, {1: "B", 2: "B"}),
])
def test_answers_around_the_questions_own_words_and_places(
        text: str, forks: Sequence[DesignFork], expected: dict[int, str]) -> None:
    assert _letters(text, forks) == expected


def test_the_recommendation_for_one_question_by_place_is_not_every_recommendation() -> None:
    parsed = parse_comment("For the first question I'd go with the recommendation.",
                           ATTACHMENT_FORKS)
    assert not parsed.approve_all
    assert {a.question for a in parsed.answers} == {1}


@pytest.mark.parametrize("text", [
    'Before we lock this: does "everyone who can see the note" include guests with read-only '
    "share links? If yes, then B for Q2.",
    "How big do we expect the backlog of expired files to get? B maybe",
])
def test_a_new_question_sharing_words_with_one_asked_is_no_copy_of_it(text: str) -> None:
    assert _letters(text) == {}


@pytest.mark.parametrize(("text", "expected"), [
    ("Para la Q2 prefiero la B: exportar a JSON es lo que nos piden, y es poco trabajo si "
     "no hacemos importación todavía.", {2: "B"}),  # the condition is in the reason
    ("Q1 ke liye server hi theek hai yaar, export abhi nahi chahiye", {1: "B", 2: "A"}),
])
def test_reasons_and_refusals_in_other_languages(text: str, expected: dict[int, str]) -> None:
    assert _letters(text, SETTINGS_FORKS) == expected


def test_no_preference_on_a_question_named_is_asked_back_not_talk() -> None:
    parsed = parse_comment("either is fine for cleanup, your call", ATTACHMENT_FORKS)
    assert not parsed.discussion and not parsed.answers


@pytest.mark.parametrize("text", [
    "Scratch what I said on the second one — support says people keep asking to back up "
    "their prefs before reinstalling. Let's allow it.",
    "Changed my mind on export. Let's allow it.",
])
def test_a_change_of_mind_in_words_gives_the_new_value(text: str) -> None:
    assert _letters(text, SETTINGS_FORKS) == {2: "B"}


@pytest.mark.parametrize(("text", "expected"), [
    # The label itself chooses; its reason names the other option.
    ("On storage I'd go with object storage — we're already paying for MinIO, and local disk "
     "will bite us the moment we scale to two app servers.", {1: "B"}),
    # What the writer moved off is no choice of it.
    ("Storage: we moved everything off local disk last year. So object storage.", {1: "B"}),
    # Against the recommendation of a two-option question: the other one, whatever the
    # reasons name.
    ("Q1: B, Q2: B, Q3: A\n\nQ2 is the one where I go against the recommendation. Shared "
     "attachments are likelier to hold scanned IDs than the note text is.",
     {1: "B", 2: "B", 3: "A"}),
    ("Some background for whoever implements this, since it came up in the infra channel.",
     {}),
])
def test_reasons_around_an_answer_name_options_without_choosing_them(
        text: str, expected: dict[int, str]) -> None:
    assert _letters(text) == expected


# -- 2026-12-07: conditions standing apart, words of an option's kind, options weighed ---

@pytest.mark.parametrize("text", [
    "Q1: B, Q2: A, Q3: A. Only once we've confirmed the bucket budget with finance though.",
    "Q1 B. Q2 A. Q3 the worker queue. Provided ops gives us another worker node.",
])
def test_a_condition_standing_alone_after_the_answers_holds_them_all_back(text: str) -> None:
    parsed = parse_comment(text, ATTACHMENT_FORKS)
    assert parsed.answers == ()
    assert {n for n, _, _ in parsed.doubted} == {1, 2, 3}
    assert all(why.startswith("conditional") for _, _, why in parsed.doubted)


def test_a_condition_in_an_answers_own_words_holds_it_back() -> None:
    parsed = parse_comment("Q2: B on the condition that admins get an audit log",
                           ATTACHMENT_FORKS)
    assert parsed.answers == () and parsed.doubted[0][0] == 2


def test_an_if_inside_the_reason_is_no_condition_on_the_answer() -> None:
    assert _letters("Q1: B because if we store it locally it gets wiped", SETTINGS_FORKS) == {
        1: "B"}


@pytest.mark.parametrize(("text", "letters"), [
    ("minio", {1: "B"}),
    ("sidekiq", {3: "B"}),
    ("just the filesystem, it's a single box and it will stay a single box", {1: "A"}),
    ("s3 + cron, ur call on visibility", {1: "B", 3: "A"}),
    ("storage on minio", {1: "B"}),
])
def test_an_option_named_by_a_word_of_its_kind_alone_is_picked(
        text: str, letters: dict[int, str]) -> None:
    assert _letters(text) == letters


def test_a_word_of_an_options_kind_in_talk_is_only_likely() -> None:
    parsed = parse_comment("The MinIO docs are good.", ATTACHMENT_FORKS)
    assert parsed.answers == () and "likely B" in parsed.doubted[0][2]


@pytest.mark.parametrize("text", [
    "re cleanup: we have sidekiq running already, push a job per expired file instead of a "
    "nightly sweep",
    "S3 vs local disk is the big one, I'd like us to talk it through on Thursday.",
])
def test_an_option_refused_or_weighed_against_another_is_not_picked(text: str) -> None:
    letters = _letters(text)
    assert letters.get(3) != "A" and letters.get(1) is None


@pytest.mark.parametrize(("text", "letters"), [
    ("For the third one we use worker queue, first two as recommended.",
     {1: "B", 2: RECOMMENDED, 3: "B"}),
    ("Same as you suggested for storage and cleanup.", {1: RECOMMENDED, 3: RECOMMENDED}),
    ("Keep Q1 and Q3 as recommended. Q2: the latter.", {1: RECOMMENDED, 2: "B",
                                                       3: RECOMMENDED}),
    ("The default for storage looks good", {1: RECOMMENDED}),
])
def test_the_recommendation_taken_for_some_questions_in_words(
        text: str, letters: dict[int, str]) -> None:
    assert _letters(text) == letters


@pytest.mark.parametrize("text", ["On suit vos recommandations.", "Defaults look good to me 👍",
                                  "Wir folgen euren Empfehlungen."])
def test_every_recommendation_taken_in_words_of_its_own(text: str) -> None:
    assert parse_comment(text, ATTACHMENT_FORKS).approve_all


def test_an_ordered_list_with_one_item_per_open_question_answers_them_in_order() -> None:
    assert _letters("1) backend\n2) no", SETTINGS_FORKS) == {1: "B", 2: "A"}
    # a list of reasons, not one item per question, is no list of answers
    assert _letters("1. we already run S3\n2. it is cheaper\n3. ops knows it") == {}


def test_speech_reported_picks_nothing() -> None:
    assert _letters("Put them on the local disk for now. We talked about S3 in standup but "
                    "nobody wants to deal with IAM policies this sprint.") == {1: "A"}


def test_a_list_in_one_clause_naming_both_options_of_a_question_names_neither() -> None:
    parsed = parse_comment("can we do both? localstorage as cache + server as source of truth",
                           SETTINGS_FORKS)
    assert parsed.answers == ()


def test_a_table_row_names_its_choice_not_the_reason_beside_it() -> None:
    table = ("| | choice | why |\n|---|---|---|\n"
             "| where settings live | server | has to survive a browser wipe |\n"
             "| export | no | nobody has asked for it |")
    assert _letters(table, SETTINGS_FORKS) == {1: "B", 2: "A"}


def test_an_ordered_list_of_words_of_the_options_kind_answers_each_question() -> None:
    assert _letters("1. bucket\n2. same as note\n3. scheduled task") == {1: "B", 2: "A", 3: "A"}


def test_a_clause_that_does_the_work_on_a_word_of_its_kind_picks_it() -> None:
    assert _letters("Put them in the MinIO bucket we already run, restrict attachments to "
                    "whoever uploaded them plus admins, and do the cleanup on the job queue "
                    "since sidekiq is already there anyway.") == {1: "B", 2: "B", 3: "B"}


@pytest.mark.parametrize(("text", "expected"), [
    ("q2: a. hmm wait no, b.", {2: "B"}),  # a correction typed in lower case
    ("Q1: A. no wait, the app servers are stateless, so B.", {1: "B"}),  # the letter it ends on
    ("Q1: B. Actually no, a better idea is to ask ops.", {1: "B"}),  # "a" the article, no letter
])
def test_a_correction_takes_the_letter_it_ends_on(text: str, expected: dict[int, str]) -> None:
    assert _letters(text) == expected


@pytest.mark.parametrize("text", [
    "Assuming ops signs off on the bucket: Q1 B, Q3 A.",
    "Pending the security review: A, A, B.",
    "Q1: B once the auth rework lands.",
])
def test_a_condition_opening_a_sentence_holds_every_answer_it_gives(text: str) -> None:
    parsed = parse_comment(text, ATTACHMENT_FORKS)
    assert parsed.answers == ()
    assert all("conditional" in why for _, _, why in parsed.doubted)


@pytest.mark.parametrize("text", ["Q1: B, Q2: A. If it turns out wrong we can revisit.",
                                  "If you ask me: B, A."])
def test_a_way_back_later_or_a_filler_sets_no_condition(text: str) -> None:
    assert _letters(text, SETTINGS_FORKS) == {1: "B", 2: "A"}


def test_what_a_comparison_puts_below_is_not_chosen() -> None:
    assert _letters("Export: TOML would be friendlier than JSON", SETTINGS_FORKS) == {}
    assert _letters("S3 is a lot better than local disk for us") == {1: "B"}


def test_who_knows_an_option_is_not_its_choice() -> None:
    assert _letters("Q2: A. No view on Q1, alice knows the backend best.",
                    SETTINGS_FORKS) == {2: "A"}


@pytest.mark.parametrize("text", ["Q3: B maybe? A would work too",
                                  "Q1: B, aunque no estoy del todo segura."])
def test_a_doubt_asked_or_in_another_language_holds_the_answer(text: str) -> None:
    assert _letters(text) == {}


@pytest.mark.parametrize(("text", "expected"), [
    ("Exporting: no one needs that.", {2: "A"}),  # the subject as a label, refused after it
    ("Server. And not the export either.", {1: "B", 2: "A"}),  # a second "not … either"
    ("Para la Q2 prefiero la B", {2: "B"}),  # a verb of choosing, and its article
])
def test_settings_answers_in_more_words(text: str, expected: dict[int, str]) -> None:
    assert _letters(text, SETTINGS_FORKS) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("S3 e cron", {1: "B", 3: "A"}),  # a list joined in the writer's language
    ("Vamos de S3 e cron noturno", {1: "B", 3: "A"}),
    ("Guardem no disco local mesmo", {1: "A"}),  # Portuguese "no": in the, not a refusal
    ("no S3 please", {}),  # …and English "no" still refuses
    ("the first option for cleanup", {3: "A"}),  # a place, its question by its subject
    ("Je préfère le stockage objet S3, et le cron de nuit pour le nettoyage.",
     {1: "B", 3: "A"}),  # the verb carried over "et"
])
def test_attachment_answers_in_more_words(text: str, expected: dict[int, str]) -> None:
    assert _letters(text) == expected


def test_the_others_fine_after_an_answer_takes_their_recommendation() -> None:
    parsed = parse_comment("q1 a (we're on prem). others fine", ATTACHMENT_FORKS)
    assert parsed.rest_recommended
    assert {a.question: a.choice for a in parsed.answers} == {1: "A"}


def test_a_doubt_after_a_question_label_holds_that_question_only() -> None:
    assert _letters("Q1: B, Q2: A, Q3: not sure yet, need to check with ops first") == {
        1: "B", 2: "A"}


def test_a_new_letter_under_a_quoted_answer_answers_its_question() -> None:
    assert _letters("> Q2: A\n\nnah, I'd go with B — people ask for backups.",
                    SETTINGS_FORKS) == {2: "B"}


@pytest.mark.parametrize("text", ["Come consigliato ✅", "wie empfohlen", "como recomendado",
                                  "yes. The recommendations match what we agreed on."])
def test_as_recommended_in_more_words_takes_every_recommendation(text: str) -> None:
    assert parse_comment(text, SETTINGS_FORKS).approve_all


@pytest.mark.parametrize("text", ["Server. Export I'd skip for now.",
                                  "Server. Export we can skip."])
def test_a_question_named_first_then_refused_takes_its_no(text: str) -> None:
    assert _letters(text, SETTINGS_FORKS) == {1: "B", 2: "A"}


def test_a_need_that_may_come_later_sets_no_condition_on_the_answer() -> None:
    assert _letters("Q2: A; if someone asks, it's a half-day job later.", SETTINGS_FORKS) == {
        2: "A"}
    # …while an answer given only for when someone asks is held
    assert _letters("Q2: B if someone asks for it", SETTINGS_FORKS) == {}


@pytest.mark.parametrize("text", [
    "Q1: B\nQ2: A\n\nProvided legal still lets us keep per-user data in the EU.\n\nThanks!",
    "Q1: B. Q2: B. Both of these assume the privacy review is fine with it.",
])
def test_a_condition_after_the_answers_in_any_paragraph_holds_them_all(text: str) -> None:
    parsed = parse_comment(text, SETTINGS_FORKS)
    assert parsed.answers == ()
    assert {n for n, _, _ in parsed.doubted} == {1, 2}


def test_an_option_asked_for_is_not_chosen() -> None:
    assert _letters('Q2 is missing an option: "everyone in the workspace". Q1: B meanwhile.') == {
        1: "B"}


def test_the_moment_something_happens_takes_nothing_back() -> None:
    assert _letters("> **Q1:** Where are settings kept?\n\nServer. Nothing that breaks the "
                    "moment someone clears their browser.", SETTINGS_FORKS) == {1: "B"}


@pytest.mark.parametrize(("text", "forks", "expected"), [
    # found by the review of the change that read these forms, kept apart
    ("> Q1: A\n\nI wouldn't go with B here, the bucket costs too much.", ATTACHMENT_FORKS, {}),
    ("Ajustes: no servidor, que sea local.", SETTINGS_FORKS, {}),  # Spanish "no" refuses
    ("Q2: A. Also I'd go with the second option for keeping it simple.", SETTINGS_FORKS,
     {2: "A"}),
    ("Q1: B, Q2: A, Q3: A. sonst passt alles.", ATTACHMENT_FORKS, {1: "B", 2: "A", 3: "A"}),
    ("Once again: Q1 B, Q2 A, Q3 A.", ATTACHMENT_FORKS, {1: "B", 2: "A", 3: "A"}),
    ("Q3: nothing simpler than a nightly cron.", ATTACHMENT_FORKS, {3: "A"}),
    ("Q1: B. The rest looks good.", ATTACHMENT_FORKS, {1: "B"}),
])
def test_forms_that_look_like_the_new_ones_keep_their_meaning(
        text: str, forks: Sequence[DesignFork], expected: dict[int, str]) -> None:
    assert _letters(text, forks) == expected


def test_an_abbreviation_after_a_correction_is_no_letter() -> None:
    assert _letters("Q1: A. no wait, e.g. the nightly job would break.").get(1) == "A"
