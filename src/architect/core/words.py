"""The words people write to decide a sprint PR: one registry, and how a comment is read. Pure.

Every word the architect acts on, or answers with "write this instead", is a row of
`REGISTRY`; docs/steering.md lists the same rows (a test keeps them
equal). A comment is read as one of four senses:

- `Sense.DECISION`: a clear accept or reject (the first word, dressed in any case,
  punctuation or emphasis, past tense, a typo one or two letters off, or
  `I reject this, …`): the architect acts.
- `Sense.LIKELY`: agreement or refusal the architect will not act on (`LGTM`, `+1`,
  `Ship it`, another language): one reply saying what to write.
- `Sense.NOT_DECISION`: a decision word that does not decide (`Don't accept this
  yet`, `Reject? Not sure`, `I would not ACCEPT this`): one reply saying so.
- `Sense.NONE`: plain discussion, left alone.

Quoted lines (`> …`), code and HTML comments are never read. A row marked `filed`
(`REPLAN: …`) acts only where a sprint is filed (read with `filed=True`); on a sprint
PR still open it is discussion.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from enum import StrEnum

from architect.core import clauses, evaluation, markers, vocabulary
from architect.core.text import clean_text, strip_html_comments


class Family(StrEnum):
    """What a word does: decide the pitch, or (beyond the decision) a signal the sprint
    view holds by its kind (`SprintView.said`) for the table's rows."""

    ACCEPT = "ACCEPT"
    REJECT = "REJECT"
    HOLD = "HOLD"  # the sprint waits: nothing asked, reminded, parked or filed
    RESUME = "RESUME"  # a hold lifted
    REPLAN = "REPLAN"  # after filing: a re-plan proposal asked for (`core.replan`)


class Sense(StrEnum):
    DECISION = "decision"
    LIKELY = "likely"
    NOT_DECISION = "not a decision"
    NONE = "none"


@dataclass(frozen=True)
class Entry:
    """One row of the registry: a word (or phrase), its family and whether it acts."""

    text: str
    family: Family
    acts: bool  # False: a reply says what to write instead
    note: str = ""
    # Read only on a filed sprint (its merged PR, its vision): on a sprint PR still open,
    # the word is the plain discussion it always was there.
    filed: bool = False
    # Acts only as a clause of its own ("Go.", "yep, go"), never as a first word before
    # more words ("Go over the risks first").
    alone: bool = False


_A, _R, _H = Family.ACCEPT, Family.REJECT, Family.HOLD

REGISTRY: tuple[Entry, ...] = (
    Entry("accept", _A, True, "first word; anything after it guides the design questions"),
    Entry("accepted", _A, True, "first word"),
    Entry("reject", _R, True, "first word, at any stage; anything after it is the reason"),
    Entry("rejected", _R, True, "first word"),
    Entry("decline", _R, True, "first word"),
    Entry("declined", _R, True, "first word"),
    Entry("no-go", _R, True, "first word (also `nogo`, `no go`)"),
    Entry("i accept this", _A, True, "also `we accept this`, `I accept the pitch`"),
    Entry("i reject this", _R, True, "also `we reject this`, `I reject the pitch, …`"),
    Entry("approved", _A, True, "first word: the past tense says the decision is made"),
    Entry("hold", _H, True, "first word, on a sprint PR: no questions, reminders, parking "
                            "or filing until `RESUME`; anything after it is the reason "
                            "(`hold on`, `hold up` are discussion)"),
    Entry("on hold", _H, True, "the first words, as `hold`"),
    Entry("pause", _H, True, "first word, as `hold`"),
    Entry("resume", Family.RESUME, True, "first word: lifts a hold (a sprint paused because "
                                         "its vision was closed waits for the vision)"),
    Entry("replan", Family.REPLAN, True, "first word, after filing (on the merged sprint PR "
                                         "or its open vision): asks for a re-plan proposal; "
                                         "anything after it says what changes (`REPLAN?` "
                                         "asks nothing)", filed=True),
    Entry("approve", _A, True, "a word reviewers decide with, as `approved`, `LGTM`, `ship it`, "
                               "`NACK`, `denied` (`core.vocabulary.DECIDE`), anywhere in the "
                               "comment, nothing holding it back (`approve if …` asks)"),
    Entry("lgtm", _A, True),
    Entry("looks good", _A, False, "also `looks good to me`"),
    Entry("sounds good", _A, False),
    Entry("ship it", _A, True),
    Entry("go", _A, True, "in a clause of its own, as `go ahead`, `go for it`, `good to go`, "
                          "`proceed`, `let's do it`: a go said as an instruction (`go over "
                          "the risks first` is discussion)", alone=True),
    Entry("yes", _A, False, "during the design questions: take every recommendation"),
    Entry("agreed", _A, False),
    Entry("+1", _A, False, "also 👍, `:+1:`, `:thumbsup:`"),
    Entry("i accept", _A, True, "also without `this`"),
    Entry("akzeptiert", _A, True, "other languages: genehmigt, accepté, approuvé, aceptado, "
                                 "aprobado, accettato, approvato, aceito, goedgekeurd, 承認, 批准"),
    Entry("einverstanden", _A, False, "other languages: d'accord, de acuerdo, 同意, and the "
                                     "agreement of `core.vocabulary.APPROVE`"),
    Entry("no", _R, False, "also `nope`, `nah`, 👎, `not now`"),
    Entry("abgelehnt", _R, True, "other languages: rejeté, refusé, rechazado, rifiutato, "
                                "respinto, rejeitado, afgewezen, odrzucone, отклонено, 却下, "
                                "拒绝, 驳回"),
)

# The likely words beyond the registry's headwords (its notes name them for people).
_LIKELY_MORE: dict[str, Family] = {
    "approving": _A, "looks good to me": _A, ":+1:": _A, ":thumbsup:": _A, "👍": _A, "ok": _A,
    "okay": _A, "yep": _A, "yeah": _A, "sure": _A, "fine by me": _A, "works for me": _A,
    "angenommen": _A, "einverstanden": _A, "genehmigt": _A, "accepté": _A, "acceptée": _A,
    "approuvé": _A, "d'accord": _A, "aceptado": _A, "aprobado": _A, "de acuerdo": _A,
    "accettato": _A, "approvato": _A, "aceito": _A, "aprovado": _A, "akkoord": _A,
    "同意": _A, "承認": _A, "好的": _A, "赞成": _A,
    "nope": _R, "nah": _R, "👎": _R, ":-1:": _R, ":thumbsdown:": _R, "not now": _R,
    "no thanks": _R, "rejeté": _R, "refusé": _R, "rechazado": _R, "rifiutato": _R,
    "respinto": _R, "rejeitado": _R, "afgewezen": _R, "却下": _R, "拒绝": _R, "拒否": _R,
    "驳回": _R,
}
# Words a comment may add around a likely word without changing it ("LGTM, thanks!").
_FILLER = frozenset({"thanks", "thank you", "thx", "from me", "from my side", "for me",
                     "all", "to me", "merci", "danke", "gracias", "please", "✅", "🚀", "🎉"})

_CLEAR_FIRST: dict[str, Family] = {e.text: e.family for e in REGISTRY
                                   if e.acts and not e.filed and not e.alone
                                   and " " not in e.text}
# The words that act only on a filed sprint, first in the comment (`REPLAN: …`).
_FILED_FIRST: dict[str, Family] = {e.text: e.family for e in REGISTRY if e.acts and e.filed}
# Acting words of more than one word, first in the comment (`on hold`); the subject
# forms (`I reject this`) are read by `_SUBJECT`.
_CLEAR_PHRASES: tuple[tuple[re.Pattern[str], Family], ...] = tuple(
    (re.compile(r"^[*_~]{0,3}(?P<word>" + r"[\s-]+".join(map(re.escape, e.text.split()))
                + r")(?![\w-])(?P<rest>.*)\Z", re.IGNORECASE | re.DOTALL), e.family)
    for e in REGISTRY if e.acts and not e.filed and " " in e.text and not e.text.startswith("i "))
# A word that acts alone but not before these (`Hold on, …` is discussion).
_NOT_BEFORE: dict[Family, re.Pattern[str]] = {
    _H: re.compile(r"^[\s,]*(?:on|up|off|tight|that|the\s+thought)\b", re.IGNORECASE)}
_LIKELY: dict[str, Family] = {**{e.text: e.family for e in REGISTRY
                                 if not e.acts or e.alone},
                              **_LIKELY_MORE}
# Real English words a typo of a decision word could be taken for: never a decision.
_NOT_TYPOS = frozenset({"adept", "accent", "accede", "accost", "accepts", "rejects",
                        "accented", "acceded", "adapted", "adopted", "aspect", "acceptor",
                        "accepter", "rejecter", "rejector", "acceptee"})
_TYPO_TARGETS: tuple[tuple[str, Family, str], ...] = (
    ("accept", _A, "p"), ("accepted", _A, "p"), ("reject", _R, "j"), ("rejected", _R, "j"))
# Words whose family is a decision word: their mention is never plain discussion.
_MENTION = re.compile(r"\b(?:accept(?:ed|ing|s)?|reject(?:ed|ing|s|ion)?|approv(?:e|ed|es|ing|al)"
                      r"|declin(?:e|ed|ing)|no-?go)\b", re.IGNORECASE)
_NEGATION = re.compile(
    r"\b(?:not|never|don'?t|do\s+not|doesn'?t|won'?t|wouldn'?t|shouldn'?t|can'?t|cannot"
    r"|isn'?t|aren'?t|no\s+need\s+to|nicht|pas)\b|\bno\b(?!-?\s?go\b)", re.IGNORECASE)
_LEAD = re.compile(r"^[*_~]{0,3}")
_FIRST = re.compile(r"^[*_~]{0,3}(?P<word>no[-\s]?go|[^\W\d_](?:[^\W\d_]|')*)(?P<rest>.*)\Z",
                    re.IGNORECASE | re.DOTALL)
_SUBJECT = re.compile(
    r"^(?:i|we)(?:\s+(?:hereby|do|will|officially|formally))?(?:'ll)?\s+"
    r"(?P<word>accept|reject|decline)\s+(?:this|it|the\s+pitch|this\s+pitch|this\s+pr"
    r"|the\s+pr|the\s+sprint|this\s+sprint|the\s+proposal|this\s+proposal)"
    r"(?![\w-])(?P<rest>.*)\Z", re.IGNORECASE | re.DOTALL)
REST_LEAD = re.compile(r"^[\s*_~:.,;!\-–—]+")
_ABOUT_AN_OPTION = re.compile(
    r"\s+(?:the\s+|that\s+|this\s+)?(?:[\w-]+\s+)?(?:options?|q\s*\d|question|answers?"
    r"|recommendations?|(?-i:[A-Z])\b(?!\s*[:,-]))", re.IGNORECASE)
_FIRST_SENTENCE = re.compile(r"[^.!?\n]*\??")
_INLINE_CODE = re.compile(r"`[^`\n]*`")
_PUNCT = re.compile(r"[\s.,;:!()\-–—*_~\"“”]+")


@dataclass(frozen=True)
class Reading:
    """What one comment says about the decision."""

    sense: Sense
    family: Family | None = None
    rest: str = ""  # the reason or guidance after a clear word
    said: str = ""  # the words that carried it, as written
    # Why a decision-like comment does not decide (`Sense.NOT_DECISION`): its modality
    # and the words that carry it ("conditional", "if you drop the DB part").
    modality: clauses.Modality = clauses.Modality.CERTAIN
    cue: str = ""


def bare(body: str, bot_login: str) -> str:
    """The comment without HTML comments, surrounding space and a leading @bot."""
    text = strip_html_comments(clean_text(body)).strip()
    # "@architect accept" for the bot `architect-bot`: its name without the account suffix.
    names = {bot_login, re.sub(r"(?:-bot|\[bot\]|bot)$", "", bot_login)} - {""}
    mention = re.match(rf"@(?:{'|'.join(map(re.escape, sorted(names, key=len, reverse=True)))})"
                       r"(?![\w-])[\s,:]*", text, re.IGNORECASE) if bot_login else None
    return text[mention.end():] if mention else text


def readable(body: str, *, inline_code: bool = False) -> str:
    """The text outside quotes, code and HTML comments: what may decide or answer
    (`inline_code`: keep `code spans`, where people write ids)."""
    lines: list[str] = []
    fence = False
    for line in strip_html_comments(markers.after_pasted_marks(clean_text(body))).split("\n"):
        stripped = line.lstrip()
        if stripped.startswith(("```", "~~~")):
            fence = not fence
            continue
        if not fence and not stripped.startswith(">"):
            kept = _STRUCK.sub(" ", line)  # "~~REJECT: too big~~": struck out, taken back
            lines.append(kept if inline_code else _INLINE_CODE.sub(_code_span, kept))
    return "\n".join(lines).strip()


_STRUCK = re.compile(r"~~[^~\n]+~~")


# A code span that is a word the architect acts on, as the footer writes it (`` `ACCEPT` ``,
# `` `REJECT: too big` ``), where a sentence starts: people copy the footer's backticks.
_DECISION_SPAN = re.compile(r"`\s*(?P<word>[^\W\d_][\w-]*)(?P<rest>\s*(?::[^`]*)?)`")
_SENTENCE_START = re.compile(r"(?:^|[.!?:;,—–-])[\s*_~]*$")


def _code_span(match: re.Match[str]) -> str:
    """The span's words when it is a decision word starting a sentence; else a space
    (ids and code are never read)."""
    span = _DECISION_SPAN.fullmatch(match.group(0))
    if span is not None and _SENTENCE_START.search(match.string[:match.start()]) and (
            span.group("word").lower() in _CLEAR_FIRST
            or span.group("word").lower() in _FILED_FIRST):
        return match.group(0).strip("`").strip()
    return " "


def unquoted(body: str, bot_login: str) -> str:
    """What the writer said: outside quotes, code and HTML comments (the bot's own text,
    quoted or pasted, among them), without a leading @bot."""
    return bare(readable(body), bot_login)


# Clauses that only agree or disagree with what the comment quotes ("> REJECT: too big" /
# "I disagree, let's go"): about the quote, not the pitch; +1 for agreeing, -1 for not.
_ABOUT_THE_QUOTE: dict[str, int] = {
    clauses.normal(k).strip(): v for k, v in (
        ("i disagree", -1), ("disagree", -1), ("i don't agree", -1), ("strongly disagree", -1),
        ("i respectfully disagree", -1), ("not really", -1), ("i agree", 1), ("agree", 1),
        ("agreed", 1), ("+1", 1), ("same here", 1), ("same", 1), ("this", 1), ("^ this", 1),
        ("seconded", 1), ("me too", 1), ("exactly", 1), ("+1 same here", 1),
        ("same from me", 1), ("ditto", 1), ("👍", 1), ("idem", 1), ("dito", 1),
        ("same for me", 1), ("same for us", 1), ("same from my side", 1), ("likewise", 1),
        ("me as well", 1), ("+1 to this", 1), ("this ^", 1), ("same here tbh", 1),
        # the same, in the languages of `vocabulary`
        ("согласен", 1), ("согласна", 1), ("поддерживаю", 1), ("d'accord", 1),
        ("einverstanden", 1), ("de acuerdo", 1), ("concordo", 1), ("d'accordo", 1),
        ("mee eens", 1), ("zgadzam się", 1), ("同意", 1), ("同感", 1), ("賛成", 1),
        ("katılıyorum", 1), ("не согласен", -1), ("не согласна", -1), ("pas d'accord", -1),
        ("nicht einverstanden", -1), ("no estoy de acuerdo", -1), ("discordo", -1),
        ("niet mee eens", -1), ("不同意", -1), ("反対", -1), ("katılmıyorum", -1))}
# Clauses that only say the agreement has the quote's reasons ("+1, for the same reasons"):
# nothing of the writer's own, beside an agreement with the quote.
_SAME_REASONS = frozenset(clauses.normal(k).strip() for k in (
    "for the same reasons", "for the same reason", "same reasons", "same reason",
    "по тем же причинам", "по той же причине", "aus denselben gründen", "aus den gleichen gründen",
    "pour les mêmes raisons", "por las mismas razones", "pelos mesmos motivos",
    "per gli stessi motivi", "om dezelfde redenen", "z tych samych powodów", "同样的理由",
    "同じ理由で", "aynı sebeplerle"))


_QUOTE_PARTS = re.compile(r"(?<=[.!?])\s+|\n+|,\s*")
_QUOTE_ENDS = re.compile(f"({_QUOTE_PARTS.pattern})")  # the same cuts, kept


def _quoted(body: str) -> str:
    return "\n".join(line.lstrip()[1:] for line in clean_text(body).split("\n")
                     if line.lstrip().startswith(">"))


def _own(body: str, bot_login: str) -> str:
    """The writer's own words: outside quotes and code, without the clauses that only
    agree or disagree with what they quote."""
    text = unquoted(body, bot_login)
    if not _quoted(body).strip():
        return text
    parts = [p for p in _QUOTE_PARTS.split(text) if p.strip()]
    kept = [p for p in parts if clauses.normal(p).strip() not in _ABOUT_THE_QUOTE]
    if len(kept) < len(parts):
        kept = [p for p in kept if clauses.normal(p).strip() not in _SAME_REASONS]
    if len(kept) == len(parts):
        return text
    # Each part kept with what ended it: "Sorry bob, I don't agree. REJECT: …" keeps
    # "REJECT:" at the start of its sentence, where the footer's word decides.
    pieces = _QUOTE_ENDS.split(text)  # part, end, part, end, …, part
    out: list[str] = []
    for part, end in zip(pieces[::2], [*pieces[1::2], ""], strict=True):
        if part.strip() and part in kept:
            out.append(part + (end if end.strip() else " "))
        elif out and part.rstrip()[-1:] in (".", "!", "?"):
            out[-1] = out[-1].rstrip(" ,;") + ". "  # the sentence it ended ends here
    return "".join(out).strip()


def _echoed(body: str, bot_login: str) -> Reading | None:
    """A comment that only agrees (or disagrees) with the decision it quotes: likely."""
    quoted = _quoted(body)
    said = read_clear(quoted, bot_login)
    held = read(quoted, bot_login) if said is None and quoted.strip() else None
    if held is not None and held.sense is Sense.NOT_DECISION and held.family is not None:
        # "> I'd accept if we drop the export part" then "Same for me."; "> I think we
        # should accept this" then "same": the quote's words about a decision, seconded
        said = held
    said = said or _likely(quoted)
    if said is None or said.family not in (Family.ACCEPT, Family.REJECT):
        return None
    text = unquoted(body, bot_login)
    parts = [clauses.normal(p).strip() for p in _QUOTE_PARTS.split(text)]
    signs = {_ABOUT_THE_QUOTE[p] for p in parts if p in _ABOUT_THE_QUOTE}
    if len(signs) != 1:
        return None
    if said is held and signs == {1}:
        return Reading(Sense.NOT_DECISION, said.family, said=text.strip(),
                       modality=said.modality, cue=said.cue)
    family = said.family if signs == {1} else (
        Family.REJECT if said.family is Family.ACCEPT else Family.ACCEPT)
    return Reading(Sense.LIKELY, family, said=text.strip())


def read(body: str, bot_login: str, *, filed: bool = False) -> Reading:
    """The sense of a whole comment (see the module's docstring); `filed`: written on a
    filed sprint, where the words of its rows with `filed` act too."""
    clear = read_clear(body, bot_login, filed=filed)
    if clear is not None:
        return clear
    words = _own(body, bot_login)
    if not words.strip() and (echoed := _echoed(body, bot_login)) is not None:
        # "> ACCEPT" / "+1, same here": agreement with a quote is the quote's side, read back.
        return echoed
    back = clauses.taken_back(clauses.capped(words))
    if back is not None and (earlier := read_clear(back[0], bot_login) or _likely(back[0])) \
            is not None and read_clear(words, bot_login) is None:
        # A decision said, then taken back with nothing new decided: held, said so once.
        return Reading(Sense.NOT_DECISION, earlier.family, said=words.strip(),
                       modality=clauses.Modality.HEDGED, cue=back[1] or words.strip())
    held = _held_back(words) or _strong_held(words)
    if held is not None:
        return held
    stance = clauses.stance(words)
    family = _FAMILIES.get(stance.polarity) if stance is not None else None
    if stance is not None and stance.modality is clauses.Modality.CERTAIN:
        return Reading(Sense.LIKELY, family, said=words.strip())
    if stance is not None and (stance.modality is not clauses.Modality.QUESTION
                               or stance.cue.strip() == stance.said.strip()):
        # "LGTM?" (the agreement itself asked), a condition, a doubt, a negation.
        return Reading(Sense.NOT_DECISION, family, said=words.strip(),
                       modality=stance.modality, cue=stance.cue)
    mood, cue = clauses.modality(clauses.capped(words))
    verbs = evaluation.decision_verbs(clauses.after_correction(clauses.capped(words)))
    if any(v.negated for v in verbs):
        # "Non lo approvo ancora", "I'm not approving this yet": turned round, no decision.
        return Reading(Sense.NOT_DECISION, Family.ACCEPT if verbs[-1].good else Family.REJECT,
                       said=words.strip(), modality=clauses.Modality.NEGATED, cue=words.strip())
    said_yes = evaluation.decision_verbs(clauses.capped(words))
    if said_yes and said_yes[0].good and not said_yes[0].negated and (
            part := _IN_PART.match(after := _after(words, said_yes[0].said))
            or _OBJECT_IN_PART.match(after)) is not None:
        return Reading(Sense.NOT_DECISION, Family.ACCEPT, said=words.strip(),
                       modality=clauses.Modality.MIXED, cue=part.group(0).strip(" ,."))
    if said_yes and said_yes[0].good and not said_yes[0].negated and (
            wait := _DEFERS.search(words)) is not None:
        # "Approving so I'm not the blocker, but please wait for bob's review": a yes that
        # asks to wait is not yet one to act on, as after a clear ACCEPT.
        return Reading(Sense.NOT_DECISION, Family.ACCEPT, said=words.strip(),
                       modality=clauses.Modality.CONDITIONAL,
                       cue=re.split(r"[.!?](?:\s|$)", words[wait.start():])[0].strip())
    if (verbs and mood in (clauses.Modality.CONDITIONAL, clauses.Modality.HEDGED)) or (
            verbs and mood is clauses.Modality.QUESTION
            and _clause_of(words, verbs[-1].said).rstrip(" *_~)").endswith("?")):
        # "Lo apruebo si quitamos la parte de exportar", "Quizás lo aprobaría": a verb that
        # decides, held back by a condition or a doubt: one reply naming it.
        return Reading(Sense.NOT_DECISION, Family.ACCEPT if verbs[-1].good else Family.REJECT,
                       said=words.strip(), modality=mood, cue=cue)
    if mood is clauses.Modality.HEDGED and not _WONDER.search(words) \
            and not _DEFERRAL.search(cue) and _undecided(words):
        # "Could go either way on this one", "Not 100% sure about the cost": undecided.
        return Reading(Sense.NOT_DECISION, None, said=words.strip(), modality=mood, cue=cue)
    mention = _MENTION.search(words)
    if mention is not None:
        return Reading(Sense.NOT_DECISION, _family_of(mention.group(0)), said=_sentence(
            words, mention.start()))
    return _judged(words)


def _after(text: str, said: str) -> str:
    """What follows `said` (a verb as the reader found it, lower-cased) in `text`."""
    at = text.lower().find(said.lower())
    return text[at + len(said):] if at >= 0 else ""


# "Hmm, let me think about it": the writer takes time, which asks nothing of the bot.
_DEFERRAL = re.compile(r"\b(?:let\s+me\s+think|need\s+to\s+think|need\s+more\s+time"
                       r"|still\s+thinking|thinking\s+about\s+it)\b", re.IGNORECASE)
def _undecided(words: str) -> bool:
    flat = clauses.normal(words)
    return any(f" {clauses.normal(u).strip()} " in flat for u in vocabulary.UNDECIDED)


_WONDER = re.compile(r"\b(?:wonder(?:ing)?|whether|curious)\b", re.IGNORECASE)


def _wonders(text: str) -> bool:
    """Whether the writer wonders in a sentence of their own ("I wonder whether it is too
    big"); one that asks someone else to find out ("can someone check whether mobile
    knows?") is a task for them, and holds no decision back."""
    return any(_WONDER.search(s) and not _ASKS_SOMEONE.search(s)
               for s in _SENTENCE.findall(text))


_ASKS_SOMEONE = re.compile(r"\b(?:can|could|would|will)\s+(?:someone|somebody|anyone|anybody"
                           r"|you|one\s+of\s+you)\b|@[\w-]+", re.IGNORECASE)


def _judged(words: str) -> Reading:
    """A comment that names no decision but judges the pitch in words of its own ("Not a
    fan of this", "Mi sembra una buona idea"): likely, read back; hedged, conditional or
    asked, it is no decision yet. Plain discussion, and a question for the people
    ("LGTM, but what about mobile?"), are left to them."""
    judged = evaluation.judge(words)
    if judged is None:
        return _asked(words)
    mood, cue = clauses.modality(words)
    if (mood is clauses.Modality.QUESTION or _WONDER.search(words)) \
            and judged.lean is not evaluation.Lean.MIXED:
        # "Would this be useful for mobile?", "I wonder whether it is too big"
        return _asked(words)
    family = {evaluation.Lean.GOOD: Family.ACCEPT, evaluation.Lean.BAD: Family.REJECT}.get(
        judged.lean)
    if mood is not clauses.Modality.CERTAIN or family is None:
        return Reading(Sense.NOT_DECISION, family, said=words.strip(),
                       modality=clauses.Modality.MIXED if family is None else mood, cue=cue)
    return Reading(Sense.LIKELY, family, said=words.strip())


def _asked(words: str) -> Reading:
    """A question of the writer's own ("Who owns this after the sprint?") is no decision,
    and is answered once so that the writer is not left wondering whether the bot read
    it; one put to someone else ("@bob, can you weigh in?", "cc @bob") is for them."""
    question = next((s for s in _SENTENCE.findall(words) if s.rstrip(" *_~)").endswith("?")),
                    "")
    if not question:
        return Reading(Sense.NONE)
    if (_ADDRESSED.match(words) or _FOR_SOMEONE.search(question)
            or _FOR_SOMEONE.search(words[:40])) and not clauses.names_a_go(question):
        # "@alice, are we good to go?" weighs the decision: answered once, whoever it asks.
        return Reading(Sense.NONE)
    return Reading(Sense.NOT_DECISION, None, said=words.strip(),
                   modality=clauses.Modality.QUESTION, cue=question.strip())


_SENTENCE = re.compile(r"[^.!?\n]+[.!?]*")
_FOR_SOMEONE = re.compile(r"@[\w-]+|\bcc\b", re.IGNORECASE)


_FAMILIES: dict[clauses.Polarity | None, Family] = {
    clauses.Polarity.AGREE: Family.ACCEPT, clauses.Polarity.REFUSE: Family.REJECT}
# The words that make a condition of the clause they start (`accept if …`); a condition
# further into the guidance (`ACCEPT: ship it once …`) is guidance.
# Every word of `vocabulary.CONDITIONS` but "als" (German "as", Dutch "if").
_CONDITION_LEADS = tuple(f" {clauses.normal(c).strip()} " for c in vocabulary.CONDITIONS
                         if c != "als")


def _held_back(words: str) -> Reading | None:
    """A clear word held back by what comes with it: a condition (`accept if you drop
    the DB part`) or a doubt (`Accept, maybe?`): one reply naming it, never an action."""
    last = clauses.after_correction(words)
    clear = _clear(last) if last.strip() else None
    if clear is None or clear.family not in (Family.ACCEPT, Family.REJECT):
        return None
    mood, cue = _rest_modality(clear.rest, clear.family)
    if mood is clauses.Modality.CERTAIN:
        return None
    return Reading(Sense.NOT_DECISION, clear.family, said=words.strip(), modality=mood,
                   cue=cue)


def _rest_modality(rest: str, family: Family | None = None) -> tuple[clauses.Modality, str]:
    """What the words after a clear accept or reject do to it: only their first clause
    counts (what follows is guidance or a reason: `ACCEPT: maybe drop the page`); but an
    accept that asks, anywhere after it, to wait (`LGTM, but let's hold it until the
    freeze lifts`) is not yet one to act on."""
    if family is Family.ACCEPT and (wait := _DEFERS.search(rest)) is not None:
        return clauses.Modality.CONDITIONAL, _clause_of(rest, wait.group(0)).strip()
    if family is Family.ACCEPT and (part := _IN_PART.match(rest)) is not None:
        return clauses.Modality.MIXED, part.group(0).strip(" ,.")
    parts = clauses.split(rest)
    if not parts:
        return clauses.Modality.CERTAIN, ""
    first = _ONLY_LEAD.sub("", parts[0])  # "but only on the condition that …"
    mood, cue = clauses.modality(first)
    if mood is clauses.Modality.CONDITIONAL and not clauses.normal(first).startswith(
            _CONDITION_LEADS):
        mood, cue = clauses.Modality.CERTAIN, ""  # "ACCEPT: ship it once the page is small"
    if mood is clauses.Modality.HEDGED and not clauses.normal(first).startswith(
            tuple(f" {clauses.normal(h).strip()} " for h in _HEDGE_LEADS)):
        return clauses.Modality.CERTAIN, ""  # "ACCEPT: maybe drop the page" is guidance
    if mood is clauses.Modality.QUESTION:
        mood, cue = clauses.Modality.CERTAIN, ""  # a question after a clear word is guidance
    if mood is clauses.Modality.CERTAIN and (held := clauses.condition_fragment(rest)):
        # "ACCEPT\n\nOne thing though: only if we keep the scope to settings."
        return clauses.Modality.CONDITIONAL, held
    return mood, cue


# "but only", "and only" as reviewers write them (cs "ale jen", de "aber nur", fr "mais
# seulement", es "pero solo", uk "але тільки", vi "nhưng chỉ", id "tapi hanya", sv "men bara").
# A yes to part of the pitch only: "ACCEPT for the first two tickets", "I accept the
# problem statement, not the proposed solution": agreement and refusal at once.
_IN_PART = re.compile(
    r"^\s*(?:(?:only\s+)?for\s+)?(?:the\s+)?(?:first|last)\s+(?:one|two|three|four|few|\d+)\b"
    r"[^.!?]*", re.IGNORECASE)
# After a verb that decides, its object then another refused ("I accept the problem
# statement, not the proposed solution").
_OBJECT_IN_PART = re.compile(
    r"^\s*(?:the|this|that|your)\s+[^,.;!?]{3,60}?,?\s+(?:but\s+)?not\s+(?:the|its|this|that"
    r"|your)\b[^.!?]*", re.IGNORECASE)


_ONLY_LEAD = re.compile(
    r"^\s*(?:(?:but|and|ale|a|aber|und|mais|et|pero|y|ma|mas|maar|en|но|и|але|nhưng|tapi|"
    r"namun|lekin|par|men|och|لكن|و)\s+)?(?:only|just|strictly|solely|jen|jenom|pouze|nur|"
    r"seulement|uniquement|solo|sólo|solamente|soltanto|somente|apenas|alleen|enkel|только|"
    r"лише|тільки|chỉ|hanya|cuma|sirf|bas|bara|endast|فقط)\s+(?=\w)",
    re.IGNORECASE)


# A doubt right after the clear word takes it back ("Accept, I guess", "Reject, maybe").
_HEDGE_LEADS = ("maybe", "perhaps", "probably", "i guess", "i think", "not sure", "possibly",
                "for now?", "tentatively", "i'm not sure")


def read_clear(body: str, bot_login: str, *, filed: bool = False) -> Reading | None:
    """A clear accept or reject (or, `filed`, a request after filing), or None; read on the
    writer's own words (no quote, code or bot text), their last word winning."""
    text = _own(body, bot_login)
    if filed and (asked := _after_filing(text)) is not None:
        return asked
    last = clauses.after_correction(clauses.capped(text))
    if last is not text:
        taken = (_clear(last) or _decided_in_words(last) or _decided_by_verb(last)
                 or _hold_asked(last)) if last.strip() else None
        if taken is not None:
            if _rest_modality(taken.rest, taken.family)[0] is not clauses.Modality.CERTAIN:
                return None
            return replace(taken, said=text.strip())
        if clauses.stance(last) is not None or clauses.taken_back(clauses.capped(text)):
            # "ACCEPT. Hmm, actually no, not yet", "Approved. Wait — I haven't checked the
            # SSO part": the last word is not clear, and what came before is taken back.
            return None
    found = _clear(text)
    if (found is not None and found.family in (Family.ACCEPT, Family.REJECT)
            and _rest_modality(found.rest, found.family)[0] is not clauses.Modality.CERTAIN):
        return None
    if found is None and (said := _decided_in_words(text) or _decided_by_verb(text)) is not None:
        # "Approving so the checks can run, but please don't start the design questions
        # yet": a yes in words that asks, anywhere, to wait is not yet one to act on.
        return None if said.family is Family.ACCEPT and _DEFERS.search(text) else said
    return found or _hold_asked(text) or _footer_word_later(text)


# "…\n\nSo, REJECT: duplicates #212": the footer's own word, in its capitals, leading a
# later line or sentence of a long comment (a word in passing, "I won't REJECT", is not).
_LATER_WORD = re.compile(r"(?:^|\n|(?<=[.!?])\s+)[\s*_>]*(?i:(?:so|therefore|hence|thus|overall"
                         r"|in\s+short|tl;?dr|bottom\s+line)\b[\s,:—–-]*)?(?=(?:ACCEPT|REJECT)\b)")


def _footer_word_later(text: str) -> Reading | None:
    """The last line or sentence of a long comment that starts with `ACCEPT` or
    `REJECT: …` as the footer asks: the writer's decision, if it is the only such word,
    and the words after it do not hold it back."""
    starts = [m.end() for m in _LATER_WORD.finditer(text) if m.end() > 0]
    words_said = set(re.findall(r"\b(?:ACCEPT|REJECT)\b", text))
    if not starts or len(words_said) != 1:
        return None
    found = _clear(text[starts[-1]:])
    if found is None or found.family not in (Family.ACCEPT, Family.REJECT):
        return None
    # Stricter than a first word's guidance: anything doubtful after it holds it back
    # ("Overall ACCEPT, though honestly I'm not 100% convinced …").
    if _rest_modality(found.rest, found.family)[0] is not clauses.Modality.CERTAIN or \
            clauses.modality(found.rest)[0] is not clauses.Modality.CERTAIN:
        return None
    return replace(found, said=text.strip())


# A hold asked for in a sentence ("Please put this on hold until the privacy review",
# "Let's pause this", "Bitte auf Hold setzen", "Mettez ce sprint en attente").
_HOLD_ASKED = re.compile(
    r"\bon[\s-]+hold\b|\b(?:let'?s\s+|please\s+)?paus(?:e|ing)\s+(?:this|it|the\s+(?:sprint|pitch))\b"
    r"|\bauf\s+hold\b|\bpausieren\b|\bzurückstellen\b|\ben\s+(?:attente|pause)\b"
    r"|\ben\s+(?:pausa|espera)\b|\bem\s+(?:espera|pausa)\b|\bin\s+(?:pausa|sospeso)\b"
    r"|\bwstrzyma\w*|\bodłóżmy\b|\bodłożyć\b|на\s+паузу|приостанов\w*|отлож\w*|повременим"
    r"|подождём\s+с\s+этим|подождем\s+с\s+этим"
    r"|\bpausarl[oa]s?\b|\bpausemos\b|\baplacemos\b|\baplazar\w*|\bposponer\b|\brimandiamo\b|\brinviamo\b|\bmettiamo\s+in\s+pausa"
    r"|\bverschieben\b|\breportons\b|\breporter\b|\badiamos\b|\buitstellen\b"
    r"|暂停|搁置|先放一放|一旦止め|見送っ?て?おき|보류|미뤄|⏸"
    r"|\b(?:on|auf)\s+(?:ice|eis)\b|\bbekletme\w*|\bbeklemeye\b|\bpausar\b|\bpausa\b"
    # "Parking it", "let this sit for a bit", "let's revisit this next quarter", "shelve it"
    r"|\b(?:let'?s|please|we\s+should)\s+hold\s+(?:this|it|the\s+(?:sprint|pitch))\b"
    r"|\bhold\s+off\s+(?:on\s+)?(?:this|it|the\s+(?:sprint|pitch))\b"
    r"|\bpark(?:ing)?\s+(?:this|it)\b|\blet\s+(?:this|it)\s+sit\b|\bshelv(?:e|ing)\s+(?:this|it)\b"
    r"|\brevisit\s+(?:this|it)\s+(?:next|later|in|after)\b|\bpark\s+(?:the\s+)?(?:sprint|pitch)\b"
    # "Let's postpone this by a week", "defer it to Q3", "put it on the back burner"
    r"|\b(?:postpon\w*|defer(?:ring)?|delay(?:ing)?|push(?:ing)?\s+back)\s+(?:this|it"
    r"|the\s+(?:sprint|pitch))\b|\bback[\s-]?burner\b",
    re.IGNORECASE)


def _likely(text: str) -> Reading | None:
    """Agreement or refusal in the words of `core.vocabulary` ("Akkoord."), as a reading."""
    stance = clauses.stance(text)
    family = _FAMILIES.get(stance.polarity) if stance is not None else None
    return Reading(Sense.LIKELY, family, said=text.strip()) if family is not None else None


def _hold_asked(text: str) -> Reading | None:
    last = clauses.after_correction(clauses.capped(text))
    if _HOLD_ASKED.search(last) is None and clauses.taken_back(clauses.capped(text)) is None:
        last = clauses.capped(text)  # "Putting this on hold. Not a no, just not now."
    match = _HOLD_ASKED.search(last)
    # "On hold until after the release": the time is the hold's reason, not a condition.
    if match is None or clauses.modality(last)[0] in (clauses.Modality.QUESTION,
                                                      clauses.Modality.HEDGED):
        return None
    before = last[:match.start()].lower().replace("’", "'")
    if re.search(r"\b(?:not|don'?t|no\s+need|never|nicht|pas|no)\b[^.!?]*$", before):
        return None  # "No need to put this on hold"
    return Reading(Sense.DECISION, Family.HOLD, last.strip(), said=text.strip())


# Words that ask to wait before going on: a hold asked for, or a wait with its time.
_DEFERS = re.compile(
    _HOLD_ASKED.pattern + r"|\b(?:let'?s\s+|please\s+)?hold\s+(?:it|this|off)\b"
    # "let's wait for …" is the writer's; "could the export wait for v2?" is about a part.
    r"|\b(?:let'?s|please|we\s+(?:should|must|need\s+to))\s+wait\s+(?:until|till|til|for|on)\b"
    r"|\bnot\s+(?:until|till|before)\b"
    r"|\b(?:don'?t|do\s+not)\s+(?:start|proceed|go\s+ahead|begin|merge)\b[^.!?]*\byet\b",
    re.IGNORECASE)


# What a verb that decides must not be followed by: the verb is about an option or a
# question ("reject option B", "approve Q1"), not the sprint.
_VERB_OBJECT = re.compile(r"^\W*(?:the\s+|that\s+|this\s+)?(?:options?\b|q\s*\d|questions?\b"
                          r"|answers?\b|(?-i:[A-H])\b)", re.IGNORECASE)


def _decided_by_verb(text: str) -> Reading | None:
    """A decision said with a verb that decides, anywhere in the writer's own sentences
    ("I'm signing off on this pitch", "Hey, thanks, but I have to reject it: …", "Ich
    lehne den Pitch ab", "却下します"): acted on when every such verb says one side, none
    is turned round, and nothing in the comment holds it back (a condition, a doubt, a
    question) or takes it back."""
    last = clauses.after_correction(clauses.capped(text))
    verbs = evaluation.decision_verbs(last)
    if not verbs or any(v.negated for v in verbs):
        return None
    if len({v.good for v in verbs}) != 1:
        return None
    if clauses.modality(last)[0] is not clauses.Modality.CERTAIN or _wonders(last):
        return None
    if _NOT_YET.search(last):
        return None  # "I was planning to approve this today, but I'm not going to just yet"
    if any(_NOT_MINE.search(last[:max(last.lower().find(v.said.lower()), 0)][-40:])
           for v in verbs):
        # "I would approve this", "Bob already approved it", "Should we accept this":
        # a decision that is not this writer's, here and now.
        return None
    if _ADDRESSED.match(last):
        # "@bob accept": asking Bob to, not deciding (a leading @bot is taken off by `bare`)
        return None
    # "I accept most of it, but the page worries me": a judgement the other way after the
    # verb (one before it is taken over by the verb: "同意。… 拒绝。").
    at = max(last.lower().find(verbs[0].said.lower()), 0)
    judged = evaluation.judge(last[at:])
    if judged is not None and judged.lean is not (
            evaluation.Lean.GOOD if verbs[0].good else evaluation.Lean.BAD):
        return None  # "I accept most of it, but the page worries me": both ways
    for verb in verbs:
        after = _after_word(last, verb.said)
        if _PARTIAL.match(after) or _BY_SOMEONE.match(after) or (
                verb.good and (_IN_PART.match(after) or _OBJECT_IN_PART.match(after))):
            return None  # "I accept most of it", "It is approved by product": not a decision
        # What the verb is about stands in its own clause: "Accepting — send over the
        # design questions" accepts; "accept B for Q2" is about an answer.
        own = _CLAUSE_END.split(after, maxsplit=1)[0]
        if _VERB_OBJECT.match(after) or _VERB_AS_NOUN.match(after) or _ABOUT_AN_ANSWER.match(
                own) or _clause_of(last, verb.said).rstrip(" *_~)").endswith("?"):
            return None
    family = Family.ACCEPT if verbs[0].good else Family.REJECT
    return Reading(Sense.DECISION, family, last.strip(), said=text.strip())


# "Rejecting is easy": the verb as the subject of a sentence, deciding nothing.
_VERB_AS_NOUN = re.compile(r"^\s+(?:is|was|would\s+be|isn'?t|wasn'?t|sounds|seems|feels)\b",
                           re.IGNORECASE)
# "Reject the cookie option", "accept B for Q2": about an option, within a few words.
_ABOUT_AN_ANSWER = re.compile(r"^(?:\W+\w+){0,4}?\W+(?:options?|q\s*\d+|questions?|answers?)\b",
                              re.IGNORECASE)


_CLAUSE_END = re.compile(r"[.!?;\n]|\s[—–-]+\s|[—–]")
_ADDRESSED = re.compile(r"^\s*@[\w-]+")
_NOT_MINE = re.compile(
    r"(?:\b(?:would|could|might|should|shall|'d|wanted\s+to|planned\s+to|planning\s+to|about\s+to"
    r"|hoping\s+to|going\s+to\s+have\s+to\s+think)|@[\w-]+|\b(?:he|she|they|someone|somebody"
    r"|everyone|everybody|nobody|the\s+team|bob|alice|management|legal)\b(?:\s+\w+){0,2}"
    # "Before I ACCEPT, I want to understand", "Прежде чем ставить ACCEPT": not yet
    r"|(?:\b(?:before|until|till|prima\s+di|avant\s+(?:de|que|d'|qu')|antes\s+de|bevor|zanim"
    r"|voordat|sebelum|sampai)|прежде\s+чем|перед\s+тем\s+как|до\s+того\s+как)(?:\s+\S+){0,2})\s*$",
    re.IGNORECASE)
_NOT_YET = re.compile(
    r"\b(?:not|n't)\b[^.!?]{0,30}?\b(?:yet|going\s+to)\b|\bstill\s+(?:has|have|needs?|waiting|to)\b"
    r"|\bnoch\s+nicht\b|\bhenüz\b|ещё\s+не|еще\s+не"
    r"|\bpas\s+encore\b|\btodavía\s+no\b|\bainda\s+não\b|\bnon\s+ancora\b|\bnog\s+niet\b"
    r"|\bjeszcze\s+nie\b|\binte\s+än\b|ještě\s+ne|まだ|还没|아직", re.IGNORECASE)
_PARTIAL = re.compile(r"^\s+(?:most|some|part|parts|half|much|bits)\b", re.IGNORECASE)
# A decision someone else made, told in the passive: "approved by product", "rejected by
# the board" (not "approved by me").
_BY_SOMEONE = re.compile(r"^\s+(?:already\s+)?by\s+(?!me\b|us\b|myself\b|the\s+way\b)\w+",
                         re.IGNORECASE)


def _clause_of(text: str, word: str) -> str:
    """The sentence of `text` that holds `word`, to its end mark."""
    match = re.search(rf"(?<!\w){re.escape(word)}", text, re.IGNORECASE)
    if match is None:
        return ""
    end = re.search(r"[.!?\n]", text[match.end():])
    start = max(text.rfind(c, 0, match.start()) for c in ".!?\n") + 1
    return text[start:match.end() + (end.end() if end else len(text))]


def _after_word(text: str, word: str) -> str:
    """The text right after the first `word` in it (as a whole word), or ""."""
    match = re.search(rf"(?<!\w){re.escape(word)}\w*", text, re.IGNORECASE)
    return text[match.end():] if match else ""


def _decided_in_words(text: str) -> Reading | None:
    """A decision in the words reviewers decide with (`Approved.`, `NACK — duplicates
    the preferences work`, `Genehmigt.`), anywhere in the comment, nothing holding it
    back: the writer's last word, acted on as `ACCEPT` or `REJECT` would be."""
    stance = clauses.stance(text)
    if stance is None or not stance.strong or stance.modality is not clauses.Modality.CERTAIN:
        return None
    family = _FAMILIES.get(stance.polarity)
    if family is None or _held_back(stance.said) is not None or _wonders(stance.rest):
        return None  # "Approving this, though I wonder whether it is too big": a doubt
    if _rest_modality(stance.rest, family)[0] is not clauses.Modality.CERTAIN:
        return None  # "Approving, on the condition that …": `read` names the condition
    if _doubted_in_its_sentence(text, stance.said):
        return None  # "Overall ACCEPT, though honestly I'm not 100% convinced …"
    return Reading(Sense.DECISION, family, stance.rest.strip(), said=text.strip())


def _doubted_in_its_sentence(text: str, said: str) -> bool:
    """Whether the rest of the sentence after a decision's words hedges it."""
    at = text.find(said) if said else -1
    if at < 0:
        return False
    after = re.split(r"(?<=[.!?])\s|\n", text[at + len(said):], maxsplit=1)[0]
    return clauses.modality(after)[0] is clauses.Modality.HEDGED


def _strong_held(text: str) -> Reading | None:
    """A decision in the words reviewers decide with, held back by what follows it
    (`Approving, but only on the condition that …`): one reply naming it."""
    stance = clauses.stance(text)
    if stance is None or not stance.strong or stance.modality is not clauses.Modality.CERTAIN:
        return None
    family = _FAMILIES.get(stance.polarity)
    mood, cue = _rest_modality(stance.rest, family)
    if family is None or mood is clauses.Modality.CERTAIN:
        return None
    return Reading(Sense.NOT_DECISION, family, said=text.strip(), modality=mood, cue=cue)


def _clear(text: str) -> Reading | None:
    """A clear word first in `text`, dressed in any case, emphasis or a slip."""
    text = text.strip()
    subject = _SUBJECT.match(text)
    if subject is not None:
        return _decided(_family_of(subject.group("word")), subject.group("rest"), text)
    phrase = next(((m, f) for pattern, f in _CLEAR_PHRASES if (m := pattern.match(text))), None)
    match = phrase[0] if phrase else _FIRST.match(text)
    if match is None:
        return None
    word = re.sub(r"[-\s]", "-", match.group("word").lower())
    family = phrase[1] if phrase else (
        _CLEAR_FIRST.get(word) or _CLEAR_FIRST.get(word.replace("-", "")))
    if family is None and word in ("nogo", "no-go"):
        family = _R
    if family is None and word not in _LIKELY:
        family = typo_of(word)
    if family is None:
        return None
    rest = match.group("rest")
    if family in _NOT_BEFORE and _NOT_BEFORE[family].match(rest):
        return None
    # "Reject the cookie option", "Accept Q1: A": a verb about an option, not the sprint.
    if _ABOUT_AN_OPTION.match(rest) or _BY_SOMEONE.match(rest):
        return None  # "Rejected by the board last week": told, not decided here
    # "Reject? Not sure yet" and "ACCEPTED already?" ask; they do not decide.
    first = _FIRST_SENTENCE.match(rest)
    if first is not None and first.group(0).rstrip(" *_~").endswith("?") and not (
            family is _R and _REASON_ASKED.match(rest)):
        # ("REJECT: who would even maintain this?" is the footer's form, its reason asked;
        # "Reject: should we though?" asks)
        return None
    if text.startswith(("*", "_", "~")):
        rest = REST_LEAD.sub("", rest).rstrip().rstrip("*_~").rstrip()
    return _decided(family, rest, text)


_REASON_ASKED = re.compile(
    r"^[*_~]*\s*[:：]\s*[*_~]*\s*(?:who|what|why|how|where|which|wer|was|warum|wie|wo|welche\w*"
    r"|qui|pourquoi|quoi|comment|quién|quien|qué|que|por\s+qué|cómo|quem|por\s+que|chi|perché"
    r"|kto|dlaczego)\b", re.IGNORECASE)


def _after_filing(text: str) -> Reading | None:
    """A word that acts only on a filed sprint, first (`REPLAN: drop the page`); a question
    right after it (`REPLAN?`) asks nothing. What follows is the request itself, so a
    question there (`REPLAN: could we drop the page?`) still asks."""
    match = _FIRST.match(text)
    family = _FILED_FIRST.get(match.group("word").lower()) if match is not None else None
    if match is None or family is None or match.group("rest").lstrip("*_~ ").startswith("?"):
        return None
    return Reading(Sense.DECISION, family,
                   REST_LEAD.sub("", match.group("rest")).rstrip().rstrip("*_~"),
                   said=text.strip())


def _decided(family: Family, rest: str, text: str) -> Reading:
    return Reading(Sense.DECISION, family, REST_LEAD.sub("", rest).rstrip(),
                   said=text.strip())


def typo_of(word: str) -> Family | None:
    """The family of a decision word `word` misspells by one or two letters, if any."""
    word = word.lower()
    if len(word) < 4 or word in _NOT_TYPOS or not word.isalpha():
        return None
    for target, family, needed in _TYPO_TARGETS:
        if word[0] == target[0] and needed in word and clauses.distance(word, target) <= 2:
            # Two letters off only for a word long enough to keep its shape.
            if clauses.distance(word, target) == 2 and len(word) < 5:
                continue
            return family
    return None


def likely(text: str) -> Family | None:
    """The family of a short comment that reads like a decision but is none (`LGTM`)."""
    flat = clean_text(text).strip().strip("*_~ ")
    if not flat or len(flat) > 40:
        return None
    rest = " " + _PUNCT.sub(" ", flat.lower()).strip() + " "
    found: Family | None = None
    for phrase in sorted((*_LIKELY, *_FILLER), key=len, reverse=True):
        needle = f" {phrase} " if phrase.isascii() and phrase[0].isalnum() else phrase
        if needle in rest:
            family = _LIKELY.get(phrase)
            if family is not None and found is not None and family is not found:
                return None  # "yes … no": not a decision either way
            found = family or found
            rest = rest.replace(needle, " ")
    return found if not rest.strip() else None


def names_a_decision(text: str) -> bool:
    """Whether `text` names a decision or a wait ("should we accept?", "could you hold
    off?"): a question in it weighs the pitch, not only the feature."""
    return bool(_MENTION.search(text) or _DEFERS.search(text) or clauses.names_a_go(text)
                or re.search(r"\bhold\s+off\b", text, re.IGNORECASE))


def negated(text: str) -> bool:
    return _NEGATION.search(text) is not None


def _family_of(word: str) -> Family:
    lower = word.lower()
    return _R if lower.startswith(("rej", "decl", "no")) else _A


def _sentence(text: str, at: int) -> str:
    start = max(text.rfind(".", 0, at), text.rfind("\n", 0, at)) + 1
    ends = [i for i in (text.find(".", at), text.find("\n", at)) if i != -1]
    return text[start:min(ends) if ends else len(text)].strip()


def markdown() -> str:
    """The registry as docs/steering.md's table (a test keeps the doc equal to it)."""
    lines = ["| words | family | the architect |", "| --- | --- | --- |"]
    for entry in REGISTRY:
        does = "acts" if entry.acts else "replies once with what to write"
        note = f"; {entry.note}" if entry.note else ""
        lines.append(f"| `{entry.text}` | {entry.family.value} | {does}{note} |")
    return "\n".join(lines)
