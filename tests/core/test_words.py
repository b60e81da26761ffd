"""The registry of decision words: what acts, what gets one reply, and the copy in
docs/steering.md (which the README links)."""

from __future__ import annotations

from pathlib import Path

import pytest

from architect.core import clauses, words
from architect.core.words import Family, Sense

ROOT = Path(__file__).parents[2]
STEERING = ROOT / "docs" / "steering.md"
BOT = "architect-bot"


def test_the_steering_doc_lists_the_registry_and_the_readme_links_it() -> None:
    assert words.markdown() in STEERING.read_text(encoding="utf-8")
    assert "](docs/steering.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("entry", words.REGISTRY, ids=lambda e: e.text)
def test_every_registry_word_reads_as_its_row_says(entry: words.Entry) -> None:
    said = "I accept this" if entry.text == "i accept this" else (
        "I reject this" if entry.text == "i reject this" else entry.text)
    reading = words.read(said, BOT, filed=entry.filed)  # a row for after filing: read there
    assert reading.family is entry.family
    assert reading.sense is (Sense.DECISION if entry.acts else Sense.LIKELY)


@pytest.mark.parametrize(("text", "family", "rest"), [
    ("Accepted.", Family.ACCEPT, ""),
    ("Approved ✅", Family.ACCEPT, "✅"),
    ("Accepted, thanks!", Family.ACCEPT, "thanks!"),
    ("ACCEPTED — go", Family.ACCEPT, "go"),
    ("acept, looks good to me", Family.ACCEPT, "looks good to me"),
    ("Rejected: colours are out of scope", Family.REJECT, "colours are out of scope"),
    ("REJECTED", Family.REJECT, ""),
    ("I reject this, it is too big", Family.REJECT, "it is too big"),
    ("No-go: no budget this quarter", Family.REJECT, "no budget this quarter"),
    ("rejet", Family.REJECT, ""),
    ("rejcet: too big", Family.REJECT, "too big"),
    ("Declined - not this year", Family.REJECT, "not this year"),
    ("Let's go ahead.", Family.ACCEPT, ""),
])
def test_clear_decisions_act(text: str, family: Family, rest: str) -> None:
    reading = words.read(text, BOT)
    assert (reading.sense, reading.family, reading.rest) == (Sense.DECISION, family, rest)


@pytest.mark.parametrize("text", ["+1", "d'accord", "同意", "nope", "sounds fine", "Works for me.",
                                  "Sounds good from my side.", "🚀", "-1, sorry", "Looks nice."])
def test_likely_decisions_get_a_reply(text: str) -> None:
    assert words.read(text, BOT).sense is Sense.LIKELY


@pytest.mark.parametrize(("text", "family"), [
    ("approve", Family.ACCEPT), ("LGTM 👍", Family.ACCEPT), ("Ship it!", Family.ACCEPT),
    ("abgelehnt", Family.REJECT), ("I accept", Family.ACCEPT), ("LGMT", Family.ACCEPT),
    ("Closing as not worth a sprint. Rejected.", Family.REJECT),
    ("NACK — this duplicates the preferences work", Family.REJECT),
    ("REJECT. Wait, no, I misread the estimate. ACCEPT.", Family.ACCEPT),
    ("> ACCEPT\n\nREJECT: too big", Family.REJECT),
    # A go or a stop said as an instruction decides (issue 27: people mean it so).
    ("Go for it!", Family.ACCEPT), ("yep, go", Family.ACCEPT), ("Good to go.", Family.ACCEPT),
    ("Looks god to me, proceed", Family.ACCEPT),
    ("C'est bon pour moi, on y va !", Family.ACCEPT), ("nah, kill it", Family.REJECT),
    ("Closing this, we're not going to build it.", Family.REJECT),
    ("No. We decided against this in the planning meeting.", Family.REJECT),
    ("> REJECT: too big\n\nI disagree, it's fine. Let's go.", Family.ACCEPT),
    ("Accept. Hmm, no — actually after reading Bob's point on GDPR again, reject.",
     Family.REJECT),
    # Going on to the questions said in words of one's own, in several languages.
    ("We can move on to the questions.", Family.ACCEPT),
    ("D'accord pour moi, on peut passer aux questions de conception.", Family.ACCEPT),
    ("이번 스프린트에서는 안 하는 걸로 하죠. 리젝트합니다 — 지금 우선순위가 아니에요.",
     Family.REJECT),
    ("Ziet er goed uit, ik ga akkoord. Laten we beginnen.", Family.ACCEPT),
    ("同意，可以开始设计问题了。", Family.ACCEPT),
    # Languages and slang beyond the first ones (Ukrainian, Vietnamese, Indonesian).
    ("Ні, відхиляю: у нас немає людей на це.", Family.REJECT),
    ("Mình đồng ý, làm đi.", Family.ACCEPT), ("Disetujui, lanjutkan.", Family.ACCEPT),
    ("Right, crack on then.", Family.ACCEPT), ("Hard no. We have no one to run it.",
                                               Family.REJECT),
])
def test_words_reviewers_decide_with_act_the_last_one_winning(text: str, family: Family) -> None:
    reading = words.read(text, BOT)
    assert (reading.sense, reading.family) == (Sense.DECISION, family)


@pytest.mark.parametrize(("text", "modality"), [
    ("accept if you drop the DB part", "conditional"),
    ("Only if the cost estimate comes down.", "conditional"),
    ("Tentatively yes.", "hedged"),
    ("Probably yes, but let me check the budget first.", "hedged"),
    ("No LGTM from me yet.", "negated"),
    ("I disagree, let's go", "mixed"),
])
def test_a_held_back_decision_never_acts_and_says_why(text: str, modality: str) -> None:
    reading = words.read(text, BOT)
    assert (reading.sense, reading.modality.value) == (Sense.NOT_DECISION, modality)


@pytest.mark.parametrize("text", ["Don't accept this yet", "I would not ACCEPT this",
                                  "Reject? Not sure yet", "ACCEPTED already?",
                                  "We could reject it if the cost grows"])
def test_decision_words_that_do_not_decide(text: str) -> None:
    assert words.read(text, BOT).sense is Sense.NOT_DECISION


@pytest.mark.parametrize("text", ["> ACCEPT", "Type `ACCEPT` to go ahead", "except for the page",
                                  "accent colours matter", "Interesting, let me read the code"])
def test_quotes_code_and_lookalike_words_are_plain(text: str) -> None:
    assert words.read(text, BOT).sense is Sense.NONE


@pytest.mark.parametrize("word", ["except", "expect", "adept", "accent", "respect", "repeat",
                                  "recent", "react", "redact", "reflect", "eject", "acceptor",
                                  "acceptance", "accepting", "rejecting", "rejection"])
def test_english_words_near_a_decision_word_are_no_typos(word: str) -> None:
    assert words.typo_of(word) is None


@pytest.mark.parametrize(("text", "family", "rest"), [
    ("HOLD", words.Family.HOLD, ""),
    ("hold: waiting for legal", words.Family.HOLD, "waiting for legal"),
    ("On hold — budget review", words.Family.HOLD, "budget review"),
    ("ON HOLD", words.Family.HOLD, ""),
    ("**PAUSE** until Monday", words.Family.HOLD, "until Monday"),
    ("RESUME", words.Family.RESUME, ""),
])
def test_hold_and_resume_are_read_with_their_reason(text: str, family: words.Family,
                                                      rest: str) -> None:
    reading = words.read_clear(text, BOT)
    assert reading is not None and (reading.family, reading.rest) == (family, rest)


@pytest.mark.parametrize("text", [
    "Let's pause this until the privacy review.",
    "Давайте пока отложим, вернёмся к этому после релиза.",
    "Aplacemos esto hasta enero.", "Rimandiamo a dopo il rilascio.", "이건 일단 보류합시다.",
    "Vamos a pausarlo por ahora, hasta que se aclare lo del presupuesto.",
    "Please hold off on the sprint until legal signs off.",
    # taken back to a hold: the last word is the hold
    "Actually wait, hold off on this — legal wants to review storing settings server-side.",
])
def test_a_hold_asked_for_in_a_sentence_of_any_common_language(text: str) -> None:
    reading = words.read(text, BOT)
    assert (reading.sense, reading.family) == (Sense.DECISION, Family.HOLD)


@pytest.mark.parametrize("text", ["> HOLD", "don't hold this", "Hold on, Q1 is B",
                                  "hold up", "run `hold` first", "Resume?", "Hold Q2 for now",
                                  "Please hold"])
def test_hold_quoted_coded_negated_or_as_discussion_is_no_signal(text: str) -> None:
    assert words.read_clear(text, BOT) is None


def test_replan_acts_only_on_a_filed_sprint() -> None:
    # On a sprint PR still open, the word is the discussion it always was there.
    assert words.read("REPLAN: drop the page", BOT).sense is Sense.NONE
    said = words.read("REPLAN: drop the page", BOT, filed=True)
    assert (said.sense, said.family, said.rest) == (Sense.DECISION, Family.REPLAN,
                                                    "drop the page")
    assert words.read("Replan? not sure", BOT, filed=True).sense is not Sense.DECISION
    asked = words.read("REPLAN: could we drop the page?", BOT, filed=True)
    assert (asked.family, asked.rest) == (Family.REPLAN, "could we drop the page?")


@pytest.mark.parametrize("text", [
    "Who's going to own this after the sprint?", "Does this cover the mobile app as well?",
])
def test_a_question_of_the_writers_own_is_answered_once_never_acted_on(text: str) -> None:
    reading = words.read(text, BOT)
    assert (reading.sense, reading.modality) == (Sense.NOT_DECISION, clauses.Modality.QUESTION)


def test_a_question_put_to_someone_else_is_theirs() -> None:
    assert words.read("cc @bob — can you weigh in?", BOT).sense is Sense.NONE


@pytest.mark.parametrize(("text", "family"), [
    ("> ACCEPT\n\n+1, same here.", Family.ACCEPT),
    ("> REJECT: too big\n\nI disagree", Family.ACCEPT),
])
def test_agreeing_with_a_quoted_decision_is_its_side_read_back(text: str, family: Family) -> None:
    reading = words.read(text, BOT)
    assert (reading.sense, reading.family) == (Sense.LIKELY, family)


@pytest.mark.parametrize("text", [
    "Kabul ediyorum. Yok, dur, geri alıyorum — önce maliyetlere bakmam lazım.",
    "Akzeptiert, sofern wir das Logging-Feature weglassen.",
    "I'd like to let this sit for a bit before we commit to anything.",
])
def test_a_decision_taken_back_or_held_by_a_condition_is_none(text: str) -> None:
    assert words.read(text, BOT).sense is Sense.NOT_DECISION


@pytest.mark.parametrize(("text", "family", "rest"), [
    ("`ACCEPT`", Family.ACCEPT, ""), ("`REJECT: too big`", Family.REJECT, "too big"),
    ("Sure: `ACCEPT`", Family.ACCEPT, ""), ("`HOLD`", Family.HOLD, "")])
def test_a_decision_word_in_code_as_the_footer_writes_it_acts(text: str, family: Family,
                                                               rest: str) -> None:
    """People copy the footer's backticks: a code span that is a decision word, where a
    sentence starts, is that word; code elsewhere is never read."""
    reading = words.read_clear(text, BOT)
    assert reading is not None and (reading.family, reading.rest) == (family, rest)


@pytest.mark.parametrize("text", [
    "Read through the pitch twice, the risks are honest. Accepting — send over the design "
    "questions and we'll sort out the details there.",
    "So yes, I'm approving this. Separately, can someone check whether the mobile team is "
    "aware? They'll need to know."])
def test_a_verb_decides_beside_talk_in_other_clauses(text: str) -> None:
    """What the verb is about is in its own clause, and a question put to someone else is
    theirs: neither holds the decision back."""
    reading = words.read(text, BOT)
    assert (reading.sense, reading.family) == (Sense.DECISION, Family.ACCEPT)


@pytest.mark.parametrize("text", [
    "lgtm, but let's hold it until after the release freeze lifts",
    "Approved, but don't start yet", "Approving this, though I wonder whether it is too big."])
def test_an_accept_that_asks_to_wait_or_wonders_asks_back(text: str) -> None:
    assert words.read_clear(text, BOT) is None
    assert words.read(text, BOT).sense in (Sense.NOT_DECISION, Sense.LIKELY)


@pytest.mark.parametrize("text", [
    "This is approved by product; engineering still has to weigh in.",
    "Rejected by the steering group last week, sorry.",
    "I'd say this is accepted by most of the team, but design still needs to look."])
def test_a_decision_someone_else_made_or_still_waits_on_is_not_acted_on(text: str) -> None:
    assert words.read(text, "architect-bot").sense is not words.Sense.DECISION


@pytest.mark.parametrize("text", ["Approved by me, ship it.",
                                  "REJECT by the way, this duplicates #12"])
def test_a_decision_by_the_writer_in_the_passive_still_acts(text: str) -> None:
    assert words.read(text, "architect-bot").sense is words.Sense.DECISION


@pytest.mark.parametrize("text", [
    "Approving, but only on the condition that the first version stays read-only.",
    "Approving, on the condition that legal signs off.",
    "ACCEPT, only on the condition that QA signs off"])
def test_a_decision_word_held_back_by_a_condition_after_it_asks_back(text: str) -> None:
    reading = words.read(text, "architect-bot")
    assert (reading.sense, reading.modality) == (Sense.NOT_DECISION,
                                                 clauses.Modality.CONDITIONAL)
    assert reading.cue.startswith("on the condition")
# -- issue 27: read as a person reads it ------------------------------------------------

@pytest.mark.parametrize("text", [
    "Ich lehne das ab, weil die Kosten nicht klar sind.",
    "Ik wijs dit af – de planning is niet haalbaar.",
])
def test_a_negation_in_the_reason_clause_does_not_turn_the_verb_round(text: str) -> None:
    reading = words.read(text, BOT)
    assert (reading.sense, reading.family) == (Sense.DECISION, Family.REJECT)


@pytest.mark.parametrize(("text", "family"), [
    ("luks gud to me, im in", Family.ACCEPT),
    ("honestly i dont like where this is going", Family.REJECT),
    ("We could live with that scope.", Family.ACCEPT),
    ("Seems like a solution in search of a problem to me", Family.REJECT),
    ("I'd rather we put the time into the flaky CI instead.", Family.REJECT),
    ("正直あまり乗り気ではないです", Family.REJECT),
    ("今回は見送りでお願いします。", Family.REJECT),
    ("Bence de olur, güzel fikir", Family.ACCEPT),
])
def test_soft_and_casual_judgements_get_one_reply(text: str, family: Family) -> None:
    reading = words.read(text, BOT)
    assert reading.sense in (Sense.LIKELY, Sense.NOT_DECISION)
    assert reading.family is family


def test_a_yes_with_what_the_writer_would_want_first_is_conditional() -> None:
    reading = words.read("Happy enough with it, though I'd need the API part split out first.",
                         BOT)
    assert reading.sense is Sense.NOT_DECISION
    assert reading.modality is clauses.Modality.CONDITIONAL


def test_a_please_proceed_in_japanese_decides() -> None:
    reading = words.read("良いと思います。このまま進めてください。", BOT)
    assert (reading.sense, reading.family) == (Sense.DECISION, Family.ACCEPT)


@pytest.mark.parametrize("text", [
    "Goedgekeurd. Nee, wacht even, ik wil eerst de kosten zien.",
    "Einverstanden. Nein, warte, ich muss das noch prüfen.",
])
def test_a_no_wait_in_another_language_takes_the_yes_back(text: str) -> None:
    reading = words.read(text, BOT)
    assert reading.sense is Sense.NOT_DECISION


def test_a_reason_in_the_past_is_no_condition() -> None:
    reading = words.read("Talked to sales, and when we met yesterday they convinced me. "
                         "Approving.", BOT)
    assert (reading.sense, reading.family) == (Sense.DECISION, Family.ACCEPT)


def test_lets_hold_this_holds() -> None:
    reading = words.read("Thinking again, let's hold the sprint until the audit is out.", BOT)
    assert (reading.sense, reading.family) == (Sense.DECISION, Family.HOLD)


@pytest.mark.parametrize(("text", "family"), [
    ("> Принимаю.\n\nСогласен, по той же причине.", Family.ACCEPT),
    ("> REJECT: not this quarter\n\n+1, aus den gleichen Gründen.", Family.REJECT),
])
def test_agreeing_with_a_quote_for_its_reasons_is_the_quotes_side(text: str,
                                                                   family: Family) -> None:
    reading = words.read(text, BOT)
    assert (reading.sense, reading.family) == (Sense.LIKELY, family)


def test_a_question_to_someone_about_whether_to_ship_gets_one_reply() -> None:
    reading = words.read("@bob so can we ship it now, or is QA still running?", BOT)
    assert reading.sense is Sense.NOT_DECISION
    assert reading.modality is clauses.Modality.QUESTION
    assert words.read("@bob can you look at the export part?", BOT).sense is Sense.NONE


@pytest.mark.parametrize("text", [
    "D'accord. Attends, je dois encore vérifier les coûts.",
    "Zgoda. Czekaj, muszę to jeszcze sprawdzić.",
    "好的。等等，我再确认一下。",
])
def test_a_wait_with_a_check_to_make_in_another_language_takes_the_yes_back(text: str) -> None:
    reading = words.read(text, BOT)
    assert reading.sense is Sense.NOT_DECISION


@pytest.mark.parametrize(("text", "family"), [
    ("Read it twice. The need is real, but it overlaps #212.\n\nREJECT: duplicates #212.",
     Family.REJECT),
    ("Long week, sorry for the delay. So, ACCEPT — start with the read path.", Family.ACCEPT)])
def test_the_footers_word_leading_a_later_line_decides(text: str, family: Family) -> None:
    reading = words.read(text, "architect-bot")
    assert (reading.sense, reading.family) == (Sense.DECISION, family)


@pytest.mark.parametrize("text", [
    "I would never REJECT this, it is great.",
    "Context first.\n\nACCEPT, but only if legal agrees.",
    "Thoughts below.\n\nREJECT? Not sure. ACCEPT? Also not sure."])
def test_a_later_footer_word_in_passing_or_held_back_does_not_decide(text: str) -> None:
    assert words.read(text, "architect-bot").sense is not Sense.DECISION


def test_a_later_footer_word_with_a_doubt_after_it_does_not_decide() -> None:
    text = ("Spent an hour on it; the scope is right.\n\nOverall ACCEPT, though honestly "
            "I'm not 100% convinced the sync part belongs in this sprint.")
    assert words.read(text, "architect-bot").sense is not Sense.DECISION


@pytest.mark.parametrize("text", ["如果能先把数据保留策略写清楚，我就同意。",
                                  "Hmm, nie jestem przekonany. To trochę za dużo."])
def test_a_condition_or_a_doubt_in_other_languages_is_not_a_decision(text: str) -> None:
    # 保留 is "keep" (the retention policy), not a hold; "not convinced" is a likely no.
    reading = words.read(text, BOT)
    assert reading.sense is not Sense.DECISION


def test_disagreeing_with_a_quote_then_deciding_is_the_writers_decision() -> None:
    body = ("> ACCEPT\n\nSorry bob, I don't agree. REJECT: we need the auth work done first, "
            "settings on the server make no sense without it.")
    reading = words.read(body, BOT)
    assert (reading.sense, reading.family) == (Sense.DECISION, Family.REJECT)
    assert "we need the auth work done first" in reading.rest


@pytest.mark.parametrize("text", [
    "How is this different from profiles? Before I ACCEPT, I want to understand.",
    "Прежде чем ставить ACCEPT, хочу понять.",
    "Sebelum ACCEPT mau tau dulu.",
])
def test_a_decision_word_after_before_is_not_yet_the_decision(text: str) -> None:
    assert words.read_clear(text, "architect-bot") is None


@pytest.mark.parametrize(("text", "family"), [
    ("저는 반대입니다.", Family.REJECT), ("Setuju!", Family.ACCEPT),
    ("Không đồng ý.", Family.REJECT),
    ("Theek hai yaar", Family.ACCEPT), ("Spot on, mate.", Family.ACCEPT),
    ("Not keen, tbh.", Family.REJECT),
])
def test_agreement_and_refusal_in_more_languages_and_slang_are_read_back(
        text: str, family: Family) -> None:
    reading = words.read(text, BOT)
    assert (reading.sense, reading.family) == (Sense.LIKELY, family)


@pytest.mark.parametrize("text", [
    "Schvaluji, ale jen pokud bude export dat kvůli GDPR.",  # cs "but only if"
    "Akzeptiert, aber nur wenn der Export drin ist.",
    "موافق بشرط وجود التصدير",  # ar "on condition that"
])
def test_but_only_if_in_other_languages_holds_the_yes_back(text: str) -> None:
    reading = words.read(text, BOT)
    assert reading.sense is Sense.NOT_DECISION
    assert reading.modality is clauses.Modality.CONDITIONAL


def test_a_yes_that_asks_to_wait_for_someone_is_not_yet_one() -> None:
    reading = words.read("Approving so I'm not the blocker here, but please wait for bob's "
                         "review before anything moves.", BOT)
    assert (reading.sense, reading.modality) == (Sense.NOT_DECISION,
                                                 clauses.Modality.CONDITIONAL)
    assert reading.cue == "please wait for bob's review before anything moves"


@pytest.mark.parametrize("text", [
    "ACCEPT for the first two tickets. The rest I'm honestly not sure about yet.",
    "I accept the problem statement, not the proposed solution — files should go through "
    "the existing media service.",
])
def test_a_yes_to_part_of_the_pitch_is_both_ways(text: str) -> None:
    reading = words.read(text, BOT)
    assert (reading.sense, reading.modality) == (Sense.NOT_DECISION, clauses.Modality.MIXED)


@pytest.mark.parametrize("text", [
    "ACCEPT: the plan looks right, not the usual overreach.",
    "ACCEPT. Keep the storage layer small, not the full rewrite.",
    "Approving this, not the vision itself, to be clear",
])
def test_guidance_that_refuses_something_else_still_accepts(text: str) -> None:
    assert words.read(text, BOT).sense is Sense.DECISION


def test_pausing_this_one_holds() -> None:
    reading = words.read("Hmm, on second thought let's wait until the vision PR is merged. "
                         "Pausing this one.", BOT)
    assert (reading.sense, reading.family) == (Sense.DECISION, Family.HOLD)


def test_agreeing_with_a_quoted_condition_is_that_condition() -> None:
    reading = words.read("> I'd accept if we drop the export part\n\nSame for me.", BOT)
    assert (reading.sense, reading.family, reading.modality) == (
        Sense.NOT_DECISION, Family.ACCEPT, clauses.Modality.CONDITIONAL)
    assert reading.cue == "if we drop the export part"


def test_same_for_me_under_a_quoted_accept_is_a_likely_yes() -> None:
    reading = words.read("> ACCEPT\n\nSame for me.", BOT)
    assert (reading.sense, reading.family) == (Sense.LIKELY, Family.ACCEPT)


def test_a_condition_in_a_sentence_of_its_own_holds_a_clear_accept_back() -> None:
    reading = words.read("ACCEPT\n\nOne thing though: only if we keep the scope to settings.",
                         BOT)
    assert reading.sense is Sense.NOT_DECISION
    assert "only if we keep the scope" in reading.cue
    # guidance with a clause of its own after the condition is still guidance
    assert words.read("ACCEPT: ship it once the page is small", BOT).sense is Sense.DECISION


@pytest.mark.parametrize(("text", "family"), [("I vote no.", Family.REJECT),
                                               ("My vote: yes", Family.ACCEPT),
                                               ("Aye", Family.ACCEPT)])
def test_a_vote_is_read_as_the_side_it_takes(text: str, family: Family) -> None:
    reading = words.read(text, BOT)
    assert (reading.sense, reading.family) == (Sense.LIKELY, family)


def test_a_yes_in_words_that_asks_to_wait_is_no_decision() -> None:
    reading = words.read("Approving so the checks can run, but please don't start the design "
                         "questions yet.", BOT)
    assert reading.sense is Sense.NOT_DECISION


def test_postponing_the_sprint_is_a_hold() -> None:
    reading = words.read("Let's postpone this by a week so we can get the release out first.",
                         BOT)
    assert (reading.sense, reading.family) == (Sense.DECISION, Family.HOLD)


def test_ignoring_ones_own_accept_then_rejecting_rejects() -> None:
    reading = words.read("Sorry, kindly ignore my accept. REJECT: customer postponed it.", BOT)
    assert (reading.sense, reading.family) == (Sense.DECISION, Family.REJECT)


@pytest.mark.parametrize("text", ["pending legal's sign-off, ACCEPT",
                                  "Pending a look from security, I'm happy to move forward.",
                                  "On peut y aller. ACCEPT sous cette condition."])
def test_an_approval_pending_something_or_on_that_condition_is_held(text: str) -> None:
    reading = words.read(text, BOT)
    assert (reading.sense, reading.modality) == (Sense.NOT_DECISION, clauses.Modality.CONDITIONAL)


def test_a_way_back_later_is_no_condition_on_the_decision() -> None:
    reading = words.read("ACCEPT. If the scope creeps we can revisit.", BOT)
    assert (reading.sense, reading.family) == (Sense.DECISION, Family.ACCEPT)


@pytest.mark.parametrize("text", ["REJECT: who is going to maintain this?",
                                  "REJECT: Wer soll das pflegen?"])
def test_a_refusal_whose_reason_is_asked_still_refuses(text: str) -> None:
    reading = words.read(text, BOT)
    assert (reading.sense, reading.family) == (Sense.DECISION, Family.REJECT)


def test_nothing_blocking_reads_as_likely_agreement() -> None:
    reading = words.read("A few nits inline, nothing blocking from me.", BOT)
    assert (reading.sense, reading.family) == (Sense.LIKELY, Family.ACCEPT)


def test_a_decision_word_before_a_yes_no_question_still_asks() -> None:
    for text in ("ACCEPT: are we sure about the S3 costs?", "Reject: should we though?"):
        assert words.read(text, BOT).sense is Sense.NOT_DECISION
