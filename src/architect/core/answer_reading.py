"""Answers read the way people write them, beyond `Q1: B`. Pure.

`core.answers` reads each line with `core.answer_forms`; this module adds what a
person reads around those forms, for any pairing of a question reference with an
option reference:

- `doubt`: the modality of the words around an answer (`Q1: B if the budget
  allows`, `probably B for Q2?`): such an answer is never recorded; the round
  names the doubt and what to write instead.
- `corrected`: the writer's last word inside an answer (`Q1: A. Hmm, actually no, B.`).
- `positional`: a list of letters as long as the open questions (`A, B, B`, `B B A`).
- `by_words`: the option's own words in a clause (`disk, not S3`, `Q3: cron`), the
  question named or not, with negation scope (`not S3` names nothing).
- `recommended_for`: `recommended for Q1 and Q3`; `approves_all`: `Go with your
  recommendations`, `Both as recommended`.
- `discussion`: a comment with nothing of an answer in it (no question, option,
  letter, recommendation or decision): no acknowledgment at all.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Sequence
from typing import Any, TypeVar

from architect.core import answer_forms, clauses, glossary, vocabulary
from architect.core.ledger import DesignFork, ForkStatus

_WORD = re.compile(r"[a-z0-9]+")
_STOP = frozenset({"a", "an", "the", "in", "on", "of", "to", "by", "for", "and", "or", "with",
                   "from", "at", "as", "is", "be", "it", "its", "who", "can", "see", "are",
                   "how", "where", "what"})
_LETTERS = re.compile(r"^\s*(?P<list>[A-Z](?:\s*(?:,|/|;|&|·|•|\||-|\band\b|\s)\s*[A-Z])+)"
                      r"\s*(?:$|[.!]|\s[-—–(]|[-—–(]|\n)", re.DOTALL)
_LETTER = re.compile(r"[A-Z]")
_REC_FOR = re.compile(
    r"\b(?:recommended|(?:what\s+)?(?:the\s+bot|you|it)\s+recommends?|(?:the|your)\s+recommendations?"
    r"|(?:the\s+)?default)\s+(?:ones?\s+)?"
    r"(?:for|on)\s+(?P<qs>(?:(?:Q|question\s*)?\d{1,2}\b(?:\s*(?:,|and|&)\s*)?)+)", re.IGNORECASE)
_QNUM = re.compile(r"(?:Q|question\s*)?(\d{1,2})\b", re.IGNORECASE)
_ALL = re.compile(r"\b(?:across\s+the\s+board|all|both|every|everything|each|your|go(?:ing)?\s+with"
                  r"|stick(?:ing)?\s+with|follow(?:ing)?|taking|las\s+dos|los\s+dos|ambas|ambos"
                  r"|beide[n]?|les\s+deux|entrambe|entrambi|оба|обе|oba|obie"
                  r"|agree|take|fine|happy|good|great|perfect|works?|alles|semua|tutt[eio]|todos|todas|tudo|tou[ts]"
                  r"|toutes|wszystk\w*|все|всё|всех|hepsi|sab|sabhi|alle"
                  # "your" and "follow" in the languages of the field ("On suit vos
                  # recommandations", "Wir folgen euren Empfehlungen")
                  r"|vos|votre|vuestr[ao]s|tus|sus|ihren?|deinen?|euren?|vostr[ei]|suas|seus"
                  r"|twoje|wasze|ваши|uw|jouw|suiv\w*|suit|segui\w*|sigamos|folg\w*|volg\w*"
                  r"|следу\w*"
                  r"|makes?\s+sense|as\s+recommended|all\s+three|all\s+of\s+them)\b",
                  re.IGNORECASE)
RECOMMEND = _RECOMMEND = re.compile(
    r"\brecommend(?:ed|ations?|s)?\b|\bdefaults?\b|\b(?:what\s+)?you\s+(?:suggested|proposed)\b"
    r"|\b(?:your|the)\s+suggestions?\b|\byour\s+picks?\b"
    rf"|\b(?:{answer_forms.RECOMMENDED_ELSEWHERE})|{answer_forms.RECOMMENDED_UNSPACED}|建议"
    r"|\brec\.|\brecs\b",
    re.IGNORECASE)
_ONLY_RECOMMENDED = re.compile(
    r"^\W*(?:(?:all\s+|as\s+)?recommended|(?:the\s+|your\s+)?(?:recommendations?|recs)"
    r"|defaults?|(?:come|wie|como|comme|jak|zoals|conforme)\s+(?:raccomand\w*|consigliat\w*"
    r"|empfohlen\w*|recomendad\w*|recommand\w*|zalecan\w*|rekomend\w*|aanbevol\w*|sugerid\w*"
    r"|suggerit\w*|suggér\w*))"
    r"[\s.!,]*(?:please|thanks|thx|pls|[\U0001F300-\U0001FAFF\u2600-\u27BF]|\s|[.!])*$",
    re.IGNORECASE)
# "おすすめ通りでお願いします", "Die Empfehlungen passen für mich 👍", "go with what you
# suggested": every recommendation, in words of their own.
_AS_RECOMMENDED = re.compile(
    r"おすすめ通り|推荐的|按推荐|推奨通り|すべて推奨|推奨案で|\bönerilen\w*\s+(?:seçenek\w*|olsun)"
    r"|\bhepsinde\s+önerilen|추천대로|\b(?:die\s+)?empfehlungen\s+passen|\bme\s+parecen\s+bien\s+las"
    r"\s+recomendaciones|\bvamos\s+con\s+las\s+recomendaciones|\bwhat\s+you\s+suggested\b"
    r"|\b(?:the\s+)?recommendations?\s+(?:look|looks|are|is|sound|sounds)\s+(?:fine|good|great|right)"
    r"|\b(?:the\s+)?recommendations?\s+match(?:es)?\s+what\b",
    re.IGNORECASE)
_EXCEPT = re.compile(r"\b(?:except|but|apart\s+from|other\s+than|besides|save\s+for|sauf|salvo"
                     r"|excepto|menos|außer|ausser|tranne|eccetto|oprócz|poza|кроме|behalve|ama"
                     r"|mais|pero|aber|ma|mas|maar|ale|но)\b|除了|但是|ただし|하지만",
                     re.IGNORECASE)
# The glossary's headwords of taking every recommendation in another language ("Vamos com as
# recomendações", "Zgadzam się z rekomendacjami", "Je prends les recommandations").
_TAKING_MEANT = frozenset({"all", "go", "choose", "use", "agree", "keep", "enough", "fine"})
QREF = _QREF = re.compile(r"\b(?:Q|question\s*#?|frage|pregunta|вопрос)\s*\d", re.IGNORECASE)
ORDINAL = _ORDINAL = re.compile(
    r"\b(?:first|second|third|fourth|last|middle)\s+(?:one|question|option)\b", re.IGNORECASE)
_BARE_LETTER = re.compile(r"(?<![A-Za-z'’])(?!I\b)[A-H](?![A-Za-z'’])")
_FOR_Q = re.compile(r"\b[Ff]or\s+(?:[Qq]|[Qq]uestion\s*)(?P<q>\d{1,2})\s*[,:]?\s*"
                    r"(?:option\s+)?(?P<c>[A-Z])(?![A-Za-z0-9'’])")
_NTH_OPTION = re.compile(r"\b(?P<n>first|second|third)\s+option\s+(?:for|on)\s+(?:Q|question\s*)"
                         r"(?P<q>\d{1,2})\b", re.IGNORECASE)
_NTH_FOR_SUBJECT = re.compile(
    r"\b(?:the\s+)?(?P<n>first|second|third|former|latter)\s+(?:option|approach|one|choice|route"
    r"|proposal|variant)\s+(?:for|on)\s+(?:the\s+)?(?P<s>(?!(?:q|question)\s*\d)(?![\w-]+ing\b)"
    r"[^\W\d_][\w-]*)",
    re.IGNORECASE)
_FOR_NTH = re.compile(r"\b[Ff]or\s+the\s+(?P<n>first|second|third|last)(?:\s+(?:one|question))?"
                      r"\s*[,:]\s*(?:option\s+)?(?P<c>[A-Z])(?![A-Za-z0-9'’])")
_NTH = {"first": 1, "second": 2, "third": 3}
NEGATED = _NEGATED = re.compile(
    r"\b\w+n[’']t\b|\b(?:dont|doesnt|didnt|wont|cant|isnt|arent|shouldnt)\b"
                      r"|\b(?:not|no|never|without|instead\s+of|rather\s+than|over|against"
                      r"|anything\s+but|except|avoid|isn't|don't|won't|nicht|kein\w*|pas|nie|не|nunca"
                      r"|não|jamais)\b|やめ|不要|别|不想|禁止", re.IGNORECASE)
_CHOOSING = re.compile(r"\b(?:go(?:ing)?\s+with|use|using|pick|prefer|choose|store|keep|let's"
                       r"|let\s+(?:people|users|them|everyone|folks)"
                       r"|let\s+us|should|want|make\s+(?:it|that)|rather|better|vote|is\s+enough"
                       r"|works|fine|please|i'd|we'd)\b"
                       # a clause that opens with an imperative: "restrict attachments to …"
                       r"|^\W*(?:and\s+)?(?:just\s+)?(?:put|restrict|limit|lock|run|send|move|give"
                       r"|tie|scope|leave|allow|sweep|handle|do\s+(?:the|it|that|them))\b",
                       re.IGNORECASE)
# The letter a correction starts with, after the words that say no ("nein – B", "no, A").
_LEAD_LETTER = re.compile(r"^[\s,:;.!—–-]*(?:(?:no|nein|non|não|nee|nie|нет|not\s+that|sorry"
                          r"|meant|i\s+meant|wait|espera|moment)[\s,:;.!—–-]+){0,3}(?:option\s+)?"
                          # a lower-case letter only where a mark or the end follows it
                          # ("wait no, b."): "no, a better idea…" is the article, "e.g." none
                          r"(?:(?P<c>(?-i:[A-Z]))(?![A-Za-z0-9'’])"
                          r"|(?P<low>(?-i:[a-h]))(?=\s*(?:[.!;,)](?![\w.])|$)))", re.IGNORECASE)
# "no wait, we already run the worker for the digests, so B.": after the reason, the letter
# the sentence ends on.
_LAST_LETTER = re.compile(r"(?:[,;:—–]\s*|\b(?:so|then|hence|thus)\s+)(?:(?:it'?s|it\s+is"
                          r"|make\s+it|go\s+with|let'?s\s+do|option)\s+)?"
                          r"(?P<c>(?-i:[A-H]))\W*$", re.IGNORECASE)


# The words a question opens with, or asks with inside a sentence.
ASKING = (r"\b(?:did|do|does|should|shall|would|could|can|will|is|are|was|were|what|which|why"
          r"|how|whether)\b")
_ASKED_FIRST = re.compile(rf"[^.!?\n]*{ASKING}[^.!?\n]*\?", re.IGNORECASE)


def open_forks(forks: Sequence[DesignFork]) -> list[DesignFork]:
    return [f for f in forks if f.status is ForkStatus.OPEN]


@functools.lru_cache(maxsize=4096)  # pure; a long comment repeats its lines
def doubt(context: str) -> tuple[clauses.Modality, str]:
    """The modality of the words around an answer: conditional, hedged, a question (or
    two letters offered as alternatives: `A or B`), else certain."""
    if (conceded := _CONCEDED.search(context)) is not None and (
            chosen := _PAIR_LETTER.findall(context[:conceded.start()])) and (
            chosen[-1] != conceded.group("l")):
        # "Q3: A, though honestly B would also be fine by me if someone feels strongly":
        # the other letter allowed, on its own condition; A is the answer.
        context = context[:conceded.start()]
    if _TWO_LETTERS.search(context):
        return clauses.Modality.HEDGED, context.strip()
    if (first := _ASKED_FIRST.match(context)) is not None:
        # "For Q3, does the worker queue option mean we'd need Redis? …": the answer's
        # own sentence asks.
        return clauses.Modality.QUESTION, first.group(0).strip()
    context = _IDIOMS.sub(" ", context)
    if (m := _CONDITION.search(context)) is not None and (
            not _explained(context, m.start()) or _OTHERWISE.search(context, m.end())):
        # "B — I'd go with JSON export only if it's cheap, otherwise A": the other letter
        # named for when it fails makes the condition the choice's, wherever it stands.
        return clauses.Modality.CONDITIONAL, context[m.start():].strip().rstrip(".")
    if (m := _DEFERS_TO.search(context)) is not None:
        return clauses.Modality.HEDGED, context[m.start():].strip().rstrip(".")
    if (held := clauses.condition_fragment(context)):
        # "Q3: A. Only once we've confirmed the bucket budget with finance."
        return clauses.Modality.CONDITIONAL, held
    mood, cue = clauses.modality(_CONDITION_FREE.sub(" ", context))
    if mood is clauses.Modality.HEDGED and takes_default(context):
        # "no strong opinion, the defaults are fine": indifferent, so the recommendation.
        return clauses.Modality.CERTAIN, ""
    if mood is clauses.Modality.CERTAIN and (asked := _ASKED_INSIDE.search(context)):
        # "For Q2 B — does "admins" mean workspace admins? That changes my answer": a
        # question of its own inside the answer's words (not a bare "why not?").
        return clauses.Modality.QUESTION, asked.group(0).strip()
    if mood is clauses.Modality.CONDITIONAL and (wanted := clauses.precondition(context)):
        return clauses.Modality.CONDITIONAL, wanted
    return (clauses.Modality.CERTAIN, "") if mood is clauses.Modality.CONDITIONAL else (mood, cue)


# Another letter allowed after the one chosen ("…, though B would also be fine by me").
_CONCEDED = re.compile(r"[,;]?\s*\b(?:though|although|but|even\s+though)\s+(?:honestly\s+|tbh\s+)?"
                       r"(?:option\s+)?(?P<l>(?-i:[A-H]))\s+(?:would|could|is|'d)\s+(?:also\s+)?"
                       r"(?:be\s+)?(?:fine|ok|okay|acceptable|work)\b[^.!?]*", re.IGNORECASE)


# Two letters weighed against each other, not one chosen: "A or B", "between A and B",
# "whats the diff btw a and b for q2", "a vs b" (lower-case only where no article reads so).
_TWO_LETTERS = re.compile(
    r"\b[A-Z]\s+(?:or|vs\.?|versus)\s+[A-Z]\b"
    r"|(?i:\b(?:between|btw|diff(?:erence)?)\s+(?:option\s+)?[a-h]\s+(?:and|&|or|vs\.?)"
    r"\s+(?:option\s+)?[a-h]\b|\b[a-h]\s+(?:vs\.?|versus)\s+[a-h]\b)")


# No preference of one's own ("no strong opinion", "don't mind", "doesn't matter").
_NO_PREFERENCE = (r"(?:don'?t|do\s+not)\s+(?:really\s+)?(?:mind|care)"
                  r"|no\s+(?:strong\s+)?(?:preference|opinion|feelings?)|doesn'?t\s+matter"
                  r"|don'?t\s+have\s+(?:strong\s+)?(?:feelings|opinions?|a\s+preference)")
# …in the common languages, or leaving it to the bot ("your call", "me da igual")…
_INDIFFERENT = re.compile(
    rf"\b(?:{_NO_PREFERENCE}|either\s+(?:is|works|way)|whatever|(?:your|the\s+team's)\s+call"
    r"|up\s+to\s+you|egal|me\s+da\s+igual|peu\s+importe)\b|без\s+разницы"
    r"|всё?\s+равно|どちらでも|随便|都行|상관\s*없", re.IGNORECASE)
# …then the recommendation taken ("the defaults are fine", "go with the recommended").
_DEFAULT_TAKEN = re.compile(
    r"\b(?:recommended|recommendations?|defaults?)\s+(?:is|are|sounds?|seems?|looks?)?\s*"
    r"(?:fine|ok|okay|good|great|works?)\b|\b(?:go|going|stick|take|taking)\s+with\s+(?:the\s+|your\s+)?"
    r"(?:recommended|recommendations?|defaults?)\b|\bdefaults?\s+it\s+is\b"
    r"|\bwhatever\s+you\s+(?:recommend(?:ed)?|suggest(?:ed)?|proposed?)\b", re.IGNORECASE)


def takes_default(text: str) -> bool:
    """No preference of one's own, then the recommendation: "don't care, whatever you
    recommend", "no strong opinion, the defaults are fine"."""
    return bool(_INDIFFERENT.search(text) and _DEFAULT_TAKEN.search(text))


# A yes/no question, or one about what an option means, at the start of the answer's
# words or after a sentence mark, a dash or a comma ("For Q1 B, would that need a login?").
_ASKED_INSIDE = re.compile(
    r"(?:^|(?<=[.!?—–,]))\s*(?:(?:does|do|did|is|are|was|were|should|shall|can|could|would|will"
    r"|isn'?t|aren'?t|doesn'?t|don'?t|has|have)\b[^.!?]*|[^.!?]*\bmeans?\b[^.!?]*)\?",
    re.IGNORECASE)


# An answer left to someone else first ("A, but ask the security folks first", "B — check
# with legal", "run it by @bob"): not the writer's last word yet.
_DEFERS_TO = re.compile(
    r"\b(?:ask|check\s+with|confirm\s+with|verify\s+with|run\s+(?:it|this|that)\s+(?:by|past)"
    r"|talk\s+to|consult)\s+(?:the\s+|our\s+|your\s+|@)?[\w-]+(?:\s+[\w-]+){0,3}?\s+(?:first|before)\b"
    r"|\b(?:check|confirm|verify|double-check)\s+with\s+(?:the\s+|our\s+|@)?[\w-]+"
    r"|\brun\s+(?:it|this|that)\s+(?:by|past)\s+\S+"
    r"|\b(?:defer|deferring)\s+to\b"
    # "let the admins decide" may describe an option; "let @bob / the infra team decide" defers.
    r"|\blet\s+(?:@[\w-]+|the\s+(?:[\w-]+\s+)?(?:team|folks|people|lead|owners?|guys))\s+"
    r"(?:decide|weigh\s+in|confirm|sign\s+off)\b",
    re.IGNORECASE)
# Words of doubt that doubt nothing of the answer: idioms ("might as well reuse it"), a
# later time to look again ("A (no export for now, maybe next quarter)", "perhaps in v2"),
# and "se" that is no "if" of Portuguese or Italian: after an English verb of ability ("who
# can se the note", a slip of "see") or as a Spanish pronoun ("que se puedan exportar").
# Words that sound like a condition or a doubt and set none on the choice: a way back
# later and fillers (`clauses.NO_CONDITION`), "might as well", an amount guessed.
_IDIOMS = re.compile(clauses.NO_CONDITION + r"|\bmight\s+as\s+well\b|\bmay\s+as\s+well\b"
                     r"|\b(?:maybe|perhaps|possibly)\s+(?:later|next\s+\w+|someday|some\s+day"
                     r"|one\s+day|in\s+(?:v\d+|a\s+(?:later|future|follow-?up)\s+\w+|the\s+future))\b"
                     # "costs us maybe an hour", "probably 3% of tickets": an amount
                     # guessed, not the choice doubted
                     r"|\b(?:maybe|probably|perhaps|possibly)\s+(?:an?|one|two|three|a\s+few|half"
                     r"|\d[\d.,]*\s*%?)\s*(?:%|percent|minutes?|hours?|days?|weeks?|months?|"
                     r"sprints?|tickets?|lines?|requests?|users?|people|of\b)"
                     r"|(?<=\bcan\s)se\b|(?<=\bcould\s)se\b|(?<=\bto\s)se\b"
                     r"|(?<=\bque\s)se\b|(?<=\blo\s)se\b"
                     r"|可能性", re.IGNORECASE)  # "a possibility" (a reason), not "maybe"
_EXPLANATION = re.compile(r"\s[—–-]\s|\bbecause\b|\bsince\b|(?<=\b(?-i:[A-H])):\s"
                          # "Q2: A, we can add export later if people ask": what may come
                          r"|,\s*(?:we|you|they|it|that)\s+(?:can|could|will|'ll|may)\b",
                          re.IGNORECASE)


def _explained(context: str, at: int) -> bool:
    """Whether the condition at `at` stands inside the explanation after an answer ("Q2 A
    — we can add an export later if anyone asks"), not right after the dash ("B — if
    the budget allows")."""
    marks = list(_EXPLANATION.finditer(context, 0, at))
    # "B because if we store them locally they get wiped": the condition is the reason's.
    return bool(marks) and (bool(context[marks[-1].end():at].strip())
                            or marks[-1].group(0).strip().lower() in ("because", "since"))


# The conditions an answer can carry; "when"/"once"/"after" in an answer's reason are
# usually how it works ("sync when online"), not a condition on the choice. Turkish marks
# a condition with a suffix (olursa, isterse); English -verse/-merse/-perse words
# (reverse, immerse, disperse) only look like it.
_CONDITION = re.compile(r"\b(?:sauf\s+si|außer\s+wenn|a\s+menos\s+que|salvo\s+que|tranne\s+se"
                        # "se" opens a clause as "if" (Italian, Portuguese); after a word it
                        # is Hindi's "from" ("cron se hi kar do") or a pronoun.
                        r"|chyba\s+że|если\s+только|wenn|falls|si|(?<![^\W\d_]{2}\s)se|jeśli|если|mits"
                        r"|sofern|purché"
                        r"|desde\s+que|siempre\s+que|pod\s+warunkiem|при\s+условии|pokud|eğer"
                        r"|förutsatt)\b|除非|なら|如果|만약"
                        r"|もし|只要|\b\w+(?:ırsa|irse|ursa|ürse|arsa|(?<![vmp])erse)\b"
                        r"|\b(?:if|unless|provided|providing|as\s+long\s+as|so\s+long\s+as"
                        r"|assuming|depends|depending|only\s+(?:when|after|once)|on\s+(?:the\s+)?condition|contingent\s+on"
                        r"|conditional\s+on|sous\s+réserve|vorbehaltlich|in\s+attesa\s+di"
                        # "Worker queue agar Redis already deployed hai": Hindi's "if", as
                        # typed in Latin script
                        r"|agar"
                        # "B, pending the cost estimate": waiting on what is named
                        r"|pending\s+(?:a|an|the|some|our|their|legal|security|approval|review"
                        r"|sign-?off|confirmation|feedback|budget|finance|input|word))\b"
                        # "B once the session work in #214 lands": waiting on other work
                        # still to come (what landed last week is a reason)
                        r"|\b(?:once|after|when|as\s+soon\s+as|until)\b[^.!?;]{0,60}?\b(?:lands"
                        r"|merges|ships|is\s+(?:in|merged|done|ready|live|out|signed\s+off)"
                        r"|goes\s+(?:in|out|live)|has\s+(?:landed|merged|shipped))\b",
                        re.IGNORECASE)
_OTHERWISE = re.compile(r"\b(?:otherwise|else|if\s+not)\b[^.!?]*?(?<![\w'’])(?-i:[A-H])"
                        r"(?![\w'’])", re.IGNORECASE)
_CONDITION_FREE = re.compile(r"\b(?:when|once|after|as\s+soon\s+as|si|se|als|wenn)\b",
                             re.IGNORECASE)


@functools.lru_cache(maxsize=4096)
def corrected(reason: str) -> str:
    """The letter an answer's own words take it back to (`… actually no, B`), or ""."""
    after = clauses.after_correction(reason, leading=True)
    if after is reason or after == reason:
        return _contrasted(reason)
    match = _LEAD_LETTER.match(after)
    if match:
        return match.group("c") or match.group("low").upper()
    # "hmm no, if someone switches laptops that's gone. B.", "wait, … forever. Keep it A.":
    # the reason first, then the letter in a sentence of its own, or the one it ends on.
    said = _letters_alone(after)
    if said:
        return said[-1]
    last = _LAST_LETTER.search(after)
    return last.group("c") if last and not _OTHER_QUESTION.search(after) else ""


def _letters_alone(text: str) -> list[str]:
    """The letters of `text` each said in a sentence (or dashed part) of its own."""
    return [m.group("c") for part in re.split(r"(?<=[.;!])\s+|\s+[—–]\s+", text)
            if (m := _LETTER_SENTENCE.match(part.strip()))]


_LETTER_SENTENCE = re.compile(
    r"^\W*(?:(?:so|then|keep|make|go\s+with|change|switch|stick\s+with)\s+(?:it\s+|that\s+)?"
    r"(?:to\s+|with\s+)?)?(?:option\s+)?(?P<c>(?-i:[A-H]))"
    r"(?:\s+(?:then|instead|it\s+is|please|pls|thanks|for\s+sure))?\W*$",
    re.IGNORECASE)


# "A is what we do elsewhere, but I'd go with B here": a choice after a contrast.
_CONTRAST_PICK = re.compile(
    r"\b(?:but|though|however|although)\b[^.;!?]{0,40}?\b(?:i'?d|we'?d|i\s+would|we\s+should"
    r"|let'?s|go(?:ing)?\s+with|pick|prefer|choose|take|rather)\b[^.;!?]{0,20}?"
    r"(?:option\s+)?(?<![A-Za-z'’])(?P<c>(?-i:[A-H]))(?![A-Za-z0-9'’])(?P<rest>[^.;!?]*)",
    re.IGNORECASE)
OTHER_QUESTION = _OTHER_QUESTION = re.compile(
    r"\bq\s*\d|\bquestion\s*\d|\b(?:first|second|third|last)\b", re.IGNORECASE)


def _contrasted(reason: str) -> str:
    """The letter a contrast in an answer's reason chooses instead (`…, but I'd go with
    B here`), when it names no other question; or ""."""
    match = _CONTRAST_PICK.search(reason)
    if match is None or _OTHER_QUESTION.search(match.group(0)):
        return ""
    return match.group("c")


def positional(line: str, forks: Sequence[DesignFork]) -> list[tuple[int, str]]:
    """`A, B, B` (after any correction: `B, B, A — no, sorry: B, A, A`; `make the middle
    one A`), or a list after a few words (`Mine are B, A, B`, `Let's do B and A`): one
    letter per open question, in order, when there are exactly as many letters as open
    questions and no other letter stands in the line."""
    found = _positional(line, forks) or _positional_inside(line, forks) or _run_alone(line,
                                                                                       forks)
    return _renamed(line, found)


_QLIST = re.compile(
    r"(?<![\w-])(?P<qs>(?:Q|question\s*)?\d(?:\s*(?:/|,|&|\+)\s*(?:Q|question\s*)?\d)+)\s*"
    r"(?::|=|→|->|-|–|—|\bis\b|\bare\b)\s*"
    r"(?P<ls>[A-H](?:\s*(?:/|,|&|\+)\s*[A-H])+)(?![A-Za-z0-9'’])", re.IGNORECASE)


def listed(line: str, forks: Sequence[DesignFork]) -> tuple[list[tuple[int, str]], str] | None:
    """`Q1/Q2/Q3: B/A/A`, `1, 2, 3 = B, A, A`: questions listed, then as many letters,
    each an option of its question, with the words that said them; None when the line
    has no such list; no answers when its counts differ (`Q1/Q2: A/B/A`: never a guess)."""
    found: list[tuple[int, str]] = []
    said: list[str] = []
    for m in _QLIST.finditer(line):
        numbers = [int(n) for n in re.findall(r"\d", m.group("qs"))]
        letters = _LETTER.findall(m.group("ls").upper())
        if len(numbers) != len(letters) or len(set(numbers)) != len(numbers):
            return [], m.group(0)
        for number, letter in zip(numbers, letters, strict=True):
            fork = next((f for f in forks if f.number == number), None)
            if fork is None or letter not in fork.letters:
                return [], m.group(0)
            found.append((number, letter))
        said.append(m.group(0))
    return (found, " ".join(said)) if said else None


def _run_alone(line: str, forks: Sequence[DesignFork]) -> list[tuple[int, str]]:
    """`BA`: the whole line a run of capitals, one per open question."""
    still = open_forks(forks)
    word = line.strip().rstrip(".!")
    if not re.fullmatch(r"[A-H]{2,5}", word) or len(word) != len(still):
        return []
    return [(f.number, c) for f, c in zip(still, word, strict=True) if c in f.letters]


def _positional_inside(line: str, forks: Sequence[DesignFork]) -> list[tuple[int, str]]:
    if len(line) > 400 or _QREF.search(line) or "?" in line:
        return []
    runs = list(_LETTER_RUN.finditer(line))
    loose = _BARE_LETTER.findall(line)
    if len(runs) != 1:
        return []
    letters = _LETTER.findall(runs[0].group(0))
    still = open_forks(forks)
    if len(letters) != len(still) or len(loose) != len(letters) or len(letters) < 2:
        return []
    return [(f.number, letter) for f, letter in zip(still, letters, strict=True)]


# Letters joined by marks or by "and" in the languages people answer in ("B y A", "B和A").
_LETTER_RUN = re.compile(
    r"(?<![A-Za-z'’])[A-H](?:\s*(?:,|/|;|&|·|•|\band\b|\by\b|\bet\b|\bund\b|\be\b|\bi\b"
    r"|\bи\b|和|与|跟|と|및|\s)\s*[A-H])+(?![A-Za-z'’])")
_RENAME = re.compile(r"\b(?:make|change|switch)\s+the\s+(?P<n>first|second|middle|third|last)"
                     r"\s+(?:one\s+)?(?:to\s+|into\s+)?(?P<c>[A-H])\b", re.IGNORECASE)


def _renamed(line: str, found: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """`B, B, B — hmm, make the middle one A`: a place of the list said again."""
    match = _RENAME.search(line)
    if match is None or not found:
        return found
    word = match.group("n").lower()
    at = _NTH[word] - 1 if word in _NTH else (_relative_place(word, len(found)) or 0) - 1
    if not 0 <= at < len(found):
        return found
    return [(n, match.group("c").upper() if k == at else c) for k, (n, c) in enumerate(found)]


def leading_letter(text: str, forks: Sequence[DesignFork]) -> str:
    """The letter a correction starts with (`doch A.`, `no, A`), if its fork offers it."""
    match = _LEAD_LETTER.match(text)
    letter = match.group("c") if match else ""
    return letter if forks and letter in forks[0].letters else ""


def _positional(line: str, forks: Sequence[DesignFork]) -> list[tuple[int, str]]:
    """The list a line is, or the last sentence of it that is nothing but a list (`Oops,
    no — I wrote those in the wrong order. So B, A, B.`)."""
    if len(line) > 400:
        return []
    found = _list_of(line, forks)
    for sentence in reversed(_SENTENCES.split(line) if not found else []):
        if (found := _list_of(sentence, forks)) and len(_BARE_LETTER.findall(sentence)) == len(
                found):
            break
    return found


_LIST_LEAD = re.compile(r"^\s*(?:(?:i\s+meant|i\s+mean|what\s+i\s+mean\s+is|so|sorry|i\.?e\.?"
                        r"|that\s+is|final(?:ly)?|in\s+short|tl;?dr)\b\s*[:,]?\s*)+", re.IGNORECASE)


def _list_of(line: str, forks: Sequence[DesignFork]) -> list[tuple[int, str]]:
    text = _LIST_LEAD.sub("", clauses.after_correction(line))
    if not re.match(r"\s*[A-Z]\W", text):
        return []
    match = _LETTERS.match(text)
    still = open_forks(forks)
    if match is None or not still:
        return []
    letters = _LETTER.findall(match.group("list"))
    if len(letters) != len(still):
        return []
    return [(f.number, letter) for f, letter in zip(still, letters, strict=True)]


def recommended_for(line: str, forks: Sequence[DesignFork] = ()) -> list[int]:
    """The questions `recommended for Q1 and Q3` names; with the questions, also `your
    recommendation for the first two` and `the recommendation for storage and cleanup`."""
    found = [int(n) for m in _REC_FOR.finditer(line)
             if not _AGAINST_BEFORE.search(line[:m.start()][-48:])
             for n in _QNUM.findall(m.group("qs"))]
    if found or not forks:
        return found
    still = open_forks(forks)
    if (m := _REC_FIRST.search(line) or _FIRST_REC.search(line)) is not None:
        count = _COUNT[m.group("n").lower()]
        return [f.number for f in (still[-count:] if m.group("end").lower() == "last"
                                   else still[:count])]
    if (m := _REC_LABELS.search(line)) is not None:
        named = [question_named(p, forks) for p in re.split(r"\s*(?:,|\band\b)\s*",
                                                           m.group("labels"))]
        return [n for n in named if n is not None]
    return []


# "I don't agree with the recommendation on Q1": the recommendation refused, not taken.
_AGAINST_BEFORE = re.compile(r"\b(?:don'?t|do\s+not|not|disagree\w*|against|instead\s+of"
                             r"|rather\s+than|overrul\w*|override|going\s+against)\b(?:(?!\bbut\b)[^.!?;,])*$",
                             re.IGNORECASE)
_COUNT = {"two": 2, "three": 3, "2": 2, "3": 3}
_REC_FIRST = re.compile(
    r"\b(?:recommend\w*|defaults?|suggest\w*)\s+(?:\w+\s+){0,2}for\s+the\s+(?P<end>first|last)\s+"
    r"(?P<n>two|three|2|3)\b", re.IGNORECASE)
# "first two as recommended", "the last two: defaults"
_FIRST_REC = re.compile(
    r"\b(?P<end>first|last)\s+(?P<n>two|three|2|3)(?:\s+(?:ones|questions))?\s*(?:[:=→>-]+\s*"
    r"|(?:as|are|at|on|per|with|go\s+with|take|get)\s+(?:the\s+|your\s+)?)(?:recommend\w*"
    r"|defaults?|suggested)", re.IGNORECASE)
_REC_LABELS = re.compile(r"\b(?:recommend\w*|suggest\w*|propos\w*|defaults?)\s+(?:on|for)\s+"
                         r"(?P<labels>[\w\s,]+?)(?:[.;]|$)", re.IGNORECASE)


_BY_DEFAULT = re.compile(r"\bby\s+default\b", re.IGNORECASE)


def approves_all(text: str) -> bool:
    """`Go with your recommendations`, `Both as recommended 👍`, `Agree with the
    recommendation on all three`, `recommended 👍`: every recommendation, nothing
    excepted."""
    if len(text) > 400:
        return False  # a page of text is not "go with the recommendations"
    if _ORDINAL.search(text):
        return False  # "For the first question I'd go with the recommendation": that one
    text = _BY_DEFAULT.sub(" ", text)  # "a toggle that's off by default" describes
    # "…, we can revisit the cleanup story after launch": a later look, no condition.
    if _LATER_MOVE.search(text):
        text = ", ".join(c for c in clauses.split(text) if not _LATER_MOVE.search(c)) or text
    if _ONLY_RECOMMENDED.match(text) or (_AS_RECOMMENDED.search(text) and not _EXCEPT.search(
            text) and clauses.modality(text)[0] is clauses.Modality.CERTAIN \
            and not _QREF.search(text) and not _BARE_LETTER.search(text)):
        return True
    return bool(_RECOMMEND.search(text) and (_ALL.search(text) or glossary.meant(text)
                                             & _TAKING_MEANT)
                and not _EXCEPT.search(text)
                and not _QREF.search(text) and not _BARE_LETTER.search(text)
                and not text.rstrip().endswith("?")
                and clauses.modality(text)[0] in (clauses.Modality.CERTAIN,))


_LETTER_FOR_NUMBER = re.compile(r"(?<![A-Za-z'’])(?P<c>[A-H])\s+for\s+(?P<q>\d)\b(?![.,]\d)")
_LETTER_IS_FOR = re.compile(
    r"(?<![A-Za-z'’])(?P<c>[A-H])\s+(?:is|seems|sounds|would\s+be)\b[^.;?!]{0,40}?\bfor\s+"
    r"(?:Q|question\s*)(?P<q>\d{1,2})\b")


def letter_forms(line: str, forks: Sequence[DesignFork]) -> list[tuple[int, str]]:
    """`For Q1, A`, `for the third one, A`, `The second option for Q1`, `B is a much
    better idea for Q1`."""
    found = [(int(m.group("q")), m.group("c").upper()) for m in _FOR_Q.finditer(line)]
    found += [(int(m.group("q")), m.group("c")) for m in _LETTER_IS_FOR.finditer(line)
              if not _NEGATED.search(line[max(0, m.start() - 30):m.start() + 2])]
    found += [(int(m.group("q")), m.group("c")) for m in _LETTER_FOR_NUMBER.finditer(line)
              if any(f.number == int(m.group("q")) for f in open_forks(forks))]
    still = open_forks(forks)
    for m in _FOR_NTH.finditer(line):
        n = len(still) if m.group("n") == "last" else _NTH[m.group("n")]
        if 0 < n <= len(still):
            found.append((still[n - 1].number, m.group("c")))
    for m in _NTH_FOR_SUBJECT.finditer(line):
        # "the second approach for storage": an option by its place, its question by its words
        number = question_named(m.group("s"), forks, alike=True)
        fork = next((f for f in still if f.number == number), None)
        n = {"former": 1, "latter": 2}.get(m.group("n").lower()) or _NTH[m.group("n").lower()]
        if fork is not None and n <= len(fork.letters) and not (
                m.group("n").lower() == "latter" and len(fork.letters) != 2):
            found.append((fork.number, fork.letters[n - 1]))
    for m in _NTH_OPTION.finditer(line):
        fork = next((f for f in forks if f.number == int(m.group("q"))), None)
        n = _NTH[m.group("n").lower()]
        if fork is not None and n <= len(fork.letters):
            found.append((fork.number, fork.letters[n - 1]))
    return found


_ANYTHING_BUT = re.compile(r"\b(?:anything|everything|any|all)\s+but\b", re.IGNORECASE)


# The joins of a short list of picks ("S3 and cron", "s3 + cron", "disk / cron").
# "and" in the common languages: a list's join, and a clause carrying the verb before it.
_AND = r"(?:and|e|y|et|und|och|og)"
_LIST_JOIN = re.compile(rf"\s+{_AND}\s+|\s+/\s+|\s*\|\s*|\s+[+&]\s+")


def by_words(text: str, forks: Sequence[DesignFork], *, named: bool = False
             ) -> list[tuple[int, str, str]]:
    """The options `text` names in their own words, clause by clause: (question, letter,
    clause). A clause names an option by a word of it no other option of its question
    has (`disk`, `cron`, `worker queue`); a negated clause (`not S3`) names none, nor
    does one that names two options. Unless the question is `named`, a long clause must
    choose (`go with`, `store them`, `let's use`)."""
    text = _BACKGROUND.sub(" ", text)  # "Some background for whoever implements this"
    if _ANYTHING_BUT.search(text) or SARCASTIC.search(text):
        # "Anything but local disk": an option refused, none chosen; "Ah yes, a nightly
        # cron job. The thing that silently stopped …": named in scorn.
        return []
    if not named:  # only sentences that choose: not a question, a hedge, "either is fine"
        text = "\n".join(s for s in _SENTENCES.split(text) if _chooses(s))
    split = [(n, c) for n, part in enumerate(clauses.split(text)) for c in _LIST_JOIN.split(part)]
    parts = [c for _, c in split]
    portuguese = bool(_PORTUGUESE.search(text))  # once per comment, not per clause
    found: list[tuple[int, str, str]] = []
    for _, group in itertools.groupby(range(len(split)), key=lambda at: split[at][0]):
        # "localstorage as cache + server as source of truth": one clause's list naming
        # two options of one question names neither.
        found += named_once([hit for at in group for hit in _clause_names(
            parts, at, forks, named=named, portuguese=portuguese)])
    return found


def _clause_names(parts: Sequence[str], at: int, forks: Sequence[DesignFork], *, named: bool,
                  portuguese: bool = False) -> list[tuple[int, str, str]]:
    """What the clause `parts[at]` names in the options' own words (see `by_words`);
    `portuguese`: the comment is written in Portuguese (`_PREPOSITION_NO`)."""
    written = parts[at]
    clause = _PREPOSITION_NO.sub("em ", written) if portuguese else written
    if _REPORTED.search(clause) or _KNOWS.search(clause) or NEW_OPTION_ASKED.search(clause) or (
            at and NEW_OPTION_ASKED.search(parts[at - 1])):
        # "We talked about S3 in standup", "bob knows the backend better than me": what
        # was said, or who knows it, not chosen
        return []
    if clause.rstrip().endswith("?") or glossary.asks(clause) or _THANKS_FOR.match(clause):
        return []  # "thanks for the note": courtesy names no option
    if _UNDECIDED.search(clause) and _NEGATED.search(clause):
        return []  # "I'd rather not decide the export one yet": undecided, not a "No"
    if at and len(_WORD.findall(parts[at - 1])) <= 2 and _LABEL_REFUSED.match(clause):
        clause = f"{parts[at - 1]}: {clause}"  # "Export — nobody needs that": its label
    if (refused := subject_refused(clause, forks)) is not None:
        return [(*refused, clause.strip())]  # "skip the export": that question's No
    # Any language's negation: "у нас нет S3" refuses S3 as "we have no S3" does.
    if _NEGATED.search(clause) or glossary.negated(clause):
        return _not_needed(clause, forks)  # "экспорт не нужен": that question's "No"
    if judged_against(clause) or _LATER_MOVE.search(clause):
        # "localStorage would just recreate the problem", "we can move to S3 later":
        # named, not chosen (now).
        return []
    taken = _taken_next(parts, at)
    if not named and stated_fact(clause) and not taken:
        return []  # "we already store the theme on the server": said, not chosen
    foreign = _foreign(clause)
    # "Je préfère le stockage S3, et le cron de nuit pour le nettoyage": the verb of the
    # clause before, carried over its "and"
    carried = at > 0 and bool(_AND_LEAD.match(clause)) and _chose(parts[at - 1])
    if not named and len(clause.split()) > 6 and not (
            taken or carried or _chose(clause)
            or (foreign and _dwelt_on(foreign | set(_WORD.findall(clause.lower())), forks))):
        return []  # "a screenshot of the note editor": words of an option, no choice
    # "the server team will hate this": a word of an option naming people, not it; "YAML
    # would be nicer than JSON": what a comparison puts below the other, not chosen.
    unpeopled = _PEOPLE_OF.sub(" ", clause)
    if not _NOTHING_BETTER.search(unpeopled):  # "nothing simpler than a nightly cron" picks it
        unpeopled = _BELOW.sub(" ", unpeopled)
    said = set(_WORD.findall(unpeopled.lower())) | (
        foreign if unpeopled == clause else glossary.meant(unpeopled))
    hits = {(f.number, letter) for f in forks for letter, own in _distinctive(f).items()
            if own & said or _near(said, own)}
    # "Q3: crn", "Q3: chron job", "crom is fine": a slip, where the question is named or a
    # few words choose it.
    if not hits and (named or (len(clause.split()) <= 4 and _CHOOSING.search(clause))):
        hits = {(f.number, letter) for f in forks
                for letter, own in _distinctive(f).items() if _slipped(said, own)}
    if len(hits) != 1:
        return []
    number, letter = hits.pop()
    return [(number, letter, written.strip())]


_Named = TypeVar("_Named", bound=tuple[Any, ...])


def named_once(found: list[_Named]) -> list[_Named]:
    """The readings `(question, letter, …)` of questions named by one letter only: two
    letters for one question ("we have sidekiq, but a cron box too") name neither."""
    letters: dict[int, set[str]] = {}
    for reading in found:
        letters.setdefault(reading[0], set()).add(reading[1])
    return [reading for reading in found if len(letters[reading[0]]) == 1]


_NOTHING_BETTER = re.compile(r"\b(?:nothing|none|no\s+one|nobody)\s+(?:is\s+)?\w+er\s+than\b",
                             re.IGNORECASE)
_BELOW = re.compile(r"\bthan\s+(?:(?!(?:and|but|so|because|since|which|though)\b)"
                    r"[^\s,.;:!?—–()]+\s*){1,3}", re.IGNORECASE)


# An option asked for that the question lacks ("Q2 is missing an option: "everyone in the
# workspace""): its words name no option offered.
NEW_OPTION_ASKED = re.compile(
    r"\b(?:is\s+missing|lacks|needs|should\s+(?:have|offer|include|list)|please\s+add|add|"
    r"could\s+use)\s+(?:an?\s+|one\s+more\s+)?(?:other\s+|third\s+|new\s+|extra\s+|more\s+)?"
    r"options?\b", re.IGNORECASE)


# Speech reported, not a choice: "we talked about S3 in standup", "bob mentioned cron".
_REPORTED = re.compile(r"\b(?:talked|talking|discussed|discussing|mentioned|debated|debating"
                       r"|brought\s+up|chatted|spoke)\s+(?:about\s+|over\s+)?", re.IGNORECASE)


# What is so today ("we already store the theme on the server", "ops currently runs MinIO"):
# an option's words in it tell a fact that leans one way, a choice only with words that
# choose beyond the verb of the fact.
_PRESENT = re.compile(r"\b(?:already|currently|at\s+the\s+moment|these\s+days|right\s+now"
                      r"|today\s+we|we\s+now)\b", re.IGNORECASE)
_CHOSEN_BESIDE_FACT = re.compile(
    r"\b(?:let'?s|go(?:ing)?\s+with|should|please|i'?d|we'?d|prefer|want|pick|choose|vote"
    r"|make\s+(?:it|that)|rather|better|reuse|re-use|stick\s+(?:with|to)|so\s+(?:use|go|keep|store)"
    r"|just\s+use|use\s+(?:that|it|them|those))\b", re.IGNORECASE)


# "…, reuse that", "…, let's use it": the next clause takes what the fact named.
_TAKES_IT = re.compile(r"^\W*(?:so\s+|then\s+|just\s+)?(?:let'?s\s+|we\s+(?:can|should)\s+)?"
                       r"(?:re-?use|use|go\s+with|stick\s+with|keep|take|piggyback\s+on)\s+"
                       r"(?:it|that|this|those|them|the\s+same(?:\s+one)?)\b", re.IGNORECASE)


def stated_fact(clause: str) -> bool:
    return bool(_PRESENT.search(clause)) and not _CHOSEN_BESIDE_FACT.search(clause)


_AND_LEAD = re.compile(rf"^\W*{_AND}\b", re.IGNORECASE)
# Portuguese "no"/"na" (in the) before a word of an option in that language ("no servidor",
# "no disco local"): a place, not a refusal; only in a comment written in Portuguese (in
# Spanish and Italian "no servidor" refuses the server).
_PREPOSITION_NO = re.compile(
    r"\b(?:no|na|nos|nas)\s+(?=(?:servidor\w*|disco\w*|navegador\w*|armazenamento|nuvem|fila"
    r"|banco|sistema\s+de\s+arquivos)\b)", re.IGNORECASE)


_PORTUGUESE = re.compile(r"\b(?:não|sim|também|você|mesmo|só|arquivos?|fica|ficar"
                         r"|armazenamento|limpeza|pela|pelo|nuvem|está|pra|então)\b", re.IGNORECASE)


def _chose(clause: str) -> bool:
    foreign = _foreign(clause)
    return bool(_CHOOSING.search(clause) or foreign & _CHOOSING_MEANT)


def _taken_next(parts: Sequence[str], at: int) -> bool:
    """"we already run a worker for thumbnails, reuse that": the next clause takes it."""
    return at + 1 < len(parts) and bool(_TAKES_IT.match(parts[at + 1]))


# "background" as context, not the option "A background worker queue".
_BACKGROUND = re.compile(r"\b(?:some|more|a\s+bit\s+of|for|little|quick|the)\s+background\b"
                         r"(?!\s+(?:worker|job|queue|process|task))"
                         r"|\bbackground\s*(?::|info\w*|context|reading)", re.IGNORECASE)


# Scorn, not agreement: "Ah yes, a nightly cron job.", "Oh great, another cron",
# "what could possibly go wrong".
SARCASTIC = re.compile(r"^\W*(?:ah\s+yes|oh\s+(?:great|wonderful|lovely|joy|goody))\b"
                       r"|^\W*yeah\s+right\b|\bwhat\s+could\s+(?:possibly\s+)?go\s+wrong\b",
                       re.IGNORECASE)


def choosing_clauses(text: str) -> list[str]:
    """The clauses of `text` that may choose: not an option judged bad ("localStorage gets
    wiped"), not a fact of today ("we already store it on the server") unless the next
    clause takes it ("…, reuse that")."""
    if SARCASTIC.search(text):
        return []
    parts = clauses.split(text)
    return [c for at, c in enumerate(parts)
            if not judged_against(c) and not _LATER_MOVE.search(c)
            and not (stated_fact(c) and not _taken_next(parts, at))]


def stated(text: str, forks: Sequence[DesignFork]) -> list[tuple[int, str, str, str]]:
    """The options a clause of fact names by their own words (`stated_fact`): (question,
    letter, clause, the fact's word), one per question; likely, never certain."""
    if not _PRESENT.search(text):
        return []
    found: dict[int, tuple[int, str, str, str]] = {}
    for clause in clauses.split(text):
        if "?" in clause or not stated_fact(clause) or _NEGATED.search(clause):
            continue
        said = set(_WORD.findall(clause.lower()))
        for fork in open_forks(forks):
            hits = {letter for letter, own in _distinctive(fork).items() if own & said}
            if len(hits) == 1 and fork.number not in found:
                cue = _PRESENT.search(clause)
                found[fork.number] = (fork.number, hits.pop(), clause.strip(),
                                      cue.group(0) if cue else "")
    return list(found.values())


_PEOPLE_OF = re.compile(r"[\w-]+\s+(?:team|folks|people|guys|crew|squad|owners?|engineers?"
                        r"|devs?|developers?)\b", re.IGNORECASE)
# A judgement against what a clause names ("cron on that host has been flaky", "S3 would be
# overkill", "localStorage would just recreate the problem"): the option is weighed and
# refused, not chosen. Not when the clause says it cures the trouble ("fixes the problem").
_JUDGED_AGAINST = re.compile(
    r"\b(?:problems?|problematic|flaky|flakey|broken|breaks|unreliable|fragile|painful|pain"
    r"|overkill|a\s+mess|messy|risky|nightmare|headache|bad\s+idea|worse|loses?|losing|lost|hates?"
    r"|wiped|wipes?|wiping|gets?\s+cleared|disappears?|vanish\w*|leaks?|leaking"
    r"|unstable|buggy|slow|too\s+(?:slow|much|heavy|complex|complicated)|doesn't\s+scale"
    # "Nightly is too coarse", "S3 feels way too heavy": too much of anything is against it
    r"|(?:is|are|was|'s|be|feels?|seems?|looks?|sounds?)\s+(?:(?:way|far|much|a\s+bit|kinda"
    r"|just|probably)\s+)?too\s+\w+|coarse|clunky|brittle|heavyweight|non-?starter"
    r"|deal-?breaker"
    r"|won't\s+scale|a\s+pain|kaputt|instabil|langsam|problème|problema|проблем\w*|нестабильн\w*"
    r"|rots?|rotting|sucks?|fails?|failing|(?:silently\s+)?stop(?:s|ped)\s+running|dies"
    r"|always\s+(?:break|fail|rot)\w*|terrible|awful|horrible|hell"
    # left behind: "we moved everything off local disk", "got rid of the cron box"
    r"|(?:mov|migrat)\w*\s+(?:\w+\s+)?(?:off|away\s+from)|got\s+rid\s+of|ditched|bite\s+us)\b",
    re.IGNORECASE)
_REMEDY = re.compile(r"\b(?:fix(?:es|ed)?|solves?|solved|avoids?|avoided|without|no\s+more"
                     r"|prevents?|cures?|gets?\s+rid|removes?|instead)\b", re.IGNORECASE)
_LATER_MOVE = re.compile(
    r"\b(?:can|could|might|may|will|would|'ll)\b[^.;!?]*\b(?:later|someday|some\s+day|eventually"
    r"|down\s+the\s+road|in\s+the\s+future|next\s+(?:year|quarter|sprint)"
    r"|after\s+(?:the\s+)?(?:launch|release|go-?live|v\d))\b", re.IGNORECASE)


def own_sentence_letter(text: str, fork: DesignFork) -> str:
    """The letter of `fork` said in a sentence of its own in `text` (`… B please.`), the
    last one; "" when none."""
    said = [c for c in _letters_alone(text) if c in fork.letters]
    return said[-1] if said else ""


def judged_against(clause: str) -> bool:
    """Whether a clause judges what it names as bad (`localStorage gets wiped`)."""
    return bool(_JUDGED_AGAINST.search(clause)) and not _REMEDY.search(clause)


_THANKS_FOR = re.compile(r"^\W*(?:thanks|thank\s+you|thx|ty|cheers)\s+(?:for|to)\b", re.IGNORECASE)
# The words of choosing of `_CHOOSING`, as the glossary's headwords ("bitte", "храним").
_CHOOSING_MEANT = frozenset({"use", "store", "save", "keep", "want", "prefer", "choose", "go",
                             "please", "enough", "fine"})


def _foreign(clause: str) -> frozenset[str]:
    """The English headwords of the words of `clause` written in another language
    (`core.glossary`): none for a question asked by its particle ("S3でいいですか") or
    a doubt, which choose nothing."""
    meant = glossary.meant(clause)
    if not meant or glossary.asks(clause) \
            or clauses.modality(clause)[0] is not clauses.Modality.CERTAIN:
        return frozenset()
    return meant


def _dwelt_on(foreign: set[str] | frozenset[str], forks: Sequence[DesignFork]) -> bool:
    """Whether words of another language say two or more of one option's own words and
    of no other option ("todos los que pueden ver la nota": everyone, note), which name
    it even in a long clause (such languages take more words to say it)."""
    met = {(f.number, letter) for f in forks for letter, own in _distinctive(f).items()
           if sum(1 for w in own if w in foreign or _near(set(foreign), {w})) >= 2}
    return len(met) == 1


def _not_needed(clause: str, forks: Sequence[DesignFork]) -> list[tuple[int, str, str]]:
    """`экспорт не нужен`, `kein Export`, `不需要导出`, `エクスポートなし`: a question named
    by its words in another language, said not to be needed, picks its one negative
    option (`No`); never when an option's own word is among them (`kein S3`)."""
    rest = glossary.unneeded(clause)
    if rest is None or len(rest.split()) > 5 or glossary.asks(clause) \
            or clauses.modality(clause)[0] is not clauses.Modality.CERTAIN:
        return []
    words = " ".join((rest, *sorted(glossary.meant(rest))))
    number = question_named(words, forks)
    fork = next((f for f in forks if f.number == number), None)
    if fork is None:
        return []
    said = set(_WORD.findall(words.lower()))
    if any(own & said or _near(said, own) for f in forks for own in _distinctive(f).values()):
        return []
    negative = [k for k, text in fork.options if _NEGATIVE_OPTION.match(text)]
    return [(fork.number, negative[0], clause.strip())] if len(negative) == 1 else []


# A refusal of what a yes/no question asks about, in words before its subject: "skip the
# export", "let's not bother with export", "no hace falta exportar", "nobody needs it".
_REFUSAL = re.compile(r"\b(?:no|not|never|without|skip(?:ping)?|drop(?:ping)?|forget(?:\s+about)?"
                      r"|leave\s+out|nobody|no\s+one|(?:do|wo|should|would|need)n[’']t)\b",
                      re.IGNORECASE)
# "the editor doesn't export anything today" describes; it refuses nothing.
_DESCRIBING = re.compile(r"\b(?:does|is|was|did|has|had|can|could|are|were)n[’']t\b"
                         r"|\b(?:does|is|can|did)\s+not\b", re.IGNORECASE)
# Words after a negation that make it about the writer, not the subject ("no idea about
# export", "don't know about export", "not sure about export").
_REFUSAL_OF_SELF = re.compile(
    r"^\s*(?:idea|clue|opinion|preference|strong|sure|comment|answer|rush|hurry|worries|problem"
    r"|objection|view|decision|know|mind|care|think|understand|only|just|yet|really)\b",
    re.IGNORECASE)
_REFUSAL_REACH = 5  # words from the refusal to the subject
_TOPIC_REFUSED = re.compile(
    r"^\W*(?:(?:i'?d|i\s+would|we\s+can|we\s+could|we'?ll|let'?s|just|we\s+should)\s+"
    r"(?:just\s+)?(?:skip|drop|leave\s+out|forget|punt\s+on|pass\s+on)\b"
    r"|(?:is\s+)?not\s+needed\b|(?:nobody|no\s+one)\s+needs\b|can\s+wait\b"
    r"|we\s+don'?t\s+need\b)", re.IGNORECASE)
_LABEL_REFUSED = re.compile(
    r"^\W*(?:(?:nobody|no\s+one|no-one)\s+(?:needs|wants|asked\s+for|uses)\b"
    r"|(?:not|never)\s+(?:needed|now|required|necessary|wanted|for\s+now|this\s+time)\b"
    r"|(?:no|nope|nah|none|skip(?:\s+it)?|drop\s+it|don'?t\s+need\s+(?:it|that|one))\W*$"
    r"|(?:we\s+)?don'?t\s+need\s+(?:it|that|one)\b)", re.IGNORECASE)


def subject_refused(clause: str, forks: Sequence[DesignFork]) -> tuple[int, str] | None:
    """`skip the export`, `let's not bother with export for now`, `we don't need
    exporting`: a yes/no question (one option a No, the other a Yes) named by its own
    subject word, refused by the words just before it: (question, its No). None when the
    clause doubts or asks, names an option's own word (`no JSON, CSV`), or refuses twice
    (`no need to skip the export`)."""
    if "?" in clause or len(clause.split()) > 12 or _DESCRIBING.search(clause) \
            or clauses.modality(clause)[0] is not clauses.Modality.CERTAIN:
        return None
    number = question_named(clause, forks)
    fork = next((f for f in forks if f.number == number), None)
    if fork is None or len(fork.options) != 2:
        return None
    negative = [k for k, text in fork.options if _NEGATIVE_OPTION.match(text)]
    positive = [k for k, text in fork.options if _POSITIVE_OPTION.match(text)]
    said = set(_WORD.findall(clause.lower()))
    if len(negative) != 1 or len(positive) != 1 or any(
            own & said or _near(said, own) for own in _distinctive(fork).values()):
        return None
    subject = {w for w in _stems(fork.question) if len(w) >= 4} - set().union(
        *(_stems(f.question) for f in open_forks(forks) if f.number != fork.number))
    segments = re.split(r"[,;:.!—–]+", clause)
    for label, after in itertools.pairwise(segments):
        # "Export — nobody needs that", "export: not needed": the subject as a label, the
        # refusal after it
        heads = _WORD.findall(label.lower())
        if 0 < len(heads) <= 2 and any(_meets({w[:4]}, subject) for w in heads if len(w) >= 4) \
                and _LABEL_REFUSED.match(after):
            return fork.number, negative[0]
    for segment in segments:
        words = _WORD.findall(segment.lower().replace("’", "'"))
        if words and len(words[0]) >= 4 and _meets({words[0][:4]}, subject) \
                and _TOPIC_REFUSED.match(segment.lower().split(maxsplit=1)[-1]):
            return fork.number, negative[0]  # "Export I'd skip for now": the topic first
        at = next((k for k, w in enumerate(words) if _meets({w[:4]}, subject)
                   and len(w) >= 4), None)
        if at is None:
            continue
        cues = list(_REFUSAL.finditer(segment))
        before = [m for m in cues if len(_WORD.findall(segment[:m.start()].lower())) < at]
        if len(cues) == 1 and len(before) == 1 \
                and at - len(_WORD.findall(segment[:before[0].end()].lower())) < _REFUSAL_REACH \
                and not _REFUSAL_OF_SELF.match(segment[before[0].end():]):
            return fork.number, negative[0]
    return None


_SENTENCES = re.compile(r"(?<=[.!?…])\s+|\n+")
# Words that say no option is preferred: "Either storage is fine", "no strong feelings".
_NO_CHOICE = re.compile(
    rf"\b(?:either|whichever|any\s+of\s+(?:them|these|the\s+\w+)|{_NO_PREFERENCE}"
    r"|i'?m\s+asking|wonder(?:ing)?|whether)\b", re.IGNORECASE)


def _chooses(sentence: str) -> bool:
    """Whether a sentence can choose an option by its words: not a question, not hedged,
    not saying that any option would do, not asking or wondering."""
    # "And not the export either.": the "either" of a second refusal, no indifference
    if "?" in sentence or _NO_CHOICE.search(
            _EITHER_AT_END.sub("", sentence) if _NEGATED.search(sentence) else sentence):
        return False
    return clauses.modality(sentence)[0] is not clauses.Modality.HEDGED


_EITHER_AT_END = re.compile(r"\beither\W*$", re.IGNORECASE)


def _near(said: set[str], own: set[str]) -> bool:
    """Whether a word said is an option's word by its start (`workers`, `nightly` for
    `night`) or one slip off in a long word (`serevr`, `everone`)."""
    for word in said:
        if len(word) < 4:
            continue
        for mine in own:
            if len(mine) >= 4 and min(len(word), len(mine)) >= 5 and (
                    (word.startswith(mine) and word[len(mine):] in _LONGER)
                    or (mine.startswith(word) and mine[len(word):] in _SHORTER)):
                return True
            if len(word) >= 5 and len(mine) >= 5 and word[0] == mine[0] \
                    and clauses.distance(word, mine) <= 1:
                return True
    return False


# The endings by which a word said is an option's word all the same: `workers`, `nightly`
# for `night`; `worker` for `workers` (not `upload` for `uploader`: the act, not who does it).
_LONGER = frozenset({"", "s", "es", "ed", "d", "ing", "ly", "er", "ers", "y"})
_SHORTER = frozenset({"", "s", "es", "ed", "d"})


# Short words a slip of an option's word could make, which are words of their own ("not"
# is not "note", "con" is not "cron"): never read as a slip.
_COMMON = frozenset({
    "not", "now", "nor", "new", "one", "own", "none", "nope", "note", "con", "dis", "disc",
    "job", "jobs", "que", "ver", "vie", "sea", "set", "sit", "sat", "use", "used", "user",
    "yes", "yet", "bet", "but", "cut", "can", "cant", "don", "done", "gone", "good", "keep",
    "kept", "here", "there", "then", "than", "them", "they", "this", "that", "what", "when",
    "who", "why", "how", "all", "any", "are", "our", "out", "off", "per", "pro", "sure",
    "same", "some", "just", "only", "also", "both", "each", "else", "even", "ever", "fine",
    "like", "need", "want", "well", "will", "with", "your", "mine", "make", "take"})


def _slipped(said: set[str], own: set[str]) -> bool:
    """Whether a word said is an option's word with one letter left out or one too many
    (`crn`, `chron` for `cron`, `evryone`), of the same first letter, and no common word
    of its own: read only where the question is named."""
    # Not a word the option's word starts ("files", "disks", "notes"): an inflection,
    # which `_near` reads or leaves on purpose.
    # One key hit for its neighbour (`crom`, `crob` for `cron`), not any letter for another
    # (`node` is no slip of `note`).
    return any(len(word) >= 3 and word not in _COMMON and word not in _STOP and len(mine) >= 4
               and word[0] == mine[0] and (abs(len(word) - len(mine)) == 1
                                           or _neighbour_slip(word, mine))
               and not (word.startswith(mine) or mine.startswith(word))
               and clauses.distance(word, mine) == 1
               for word in said for mine in own)


_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
_KEYS = {c: (r, i) for r, row in enumerate(_ROWS) for i, c in enumerate(row)}


def _neighbour_slip(word: str, mine: str) -> bool:
    """Whether `word` is `mine` with one letter swapped for a key beside it on a
    QWERTY keyboard."""
    if len(word) != len(mine):
        return False
    differ = [(a, b) for a, b in zip(word, mine, strict=True) if a != b]
    if len(differ) != 1 or not all(c in _KEYS for c in differ[0]):
        return False
    (r1, i1), (r2, i2) = _KEYS[differ[0][0]], _KEYS[differ[0][1]]
    return abs(r1 - r2) <= 1 and abs(i1 - i2) <= 1


@functools.lru_cache(maxsize=1024)  # pure; asked for every clause of a comment (not changed)
def _distinctive(fork: DesignFork) -> dict[str, set[str]]:
    """Each option's words that no other option of the fork has (long enough to mean it)."""
    words = {letter: {w for w in _WORD.findall(re.sub(r"\((?:recommended|default)\)", "",
                                                       text, flags=re.IGNORECASE).lower())
                      if w not in _STOP}
             for letter, text in fork.options}
    # A word of the question names the question, not an option: "the storage question"
    # is not option B "object storage" of "Where are files stored?".
    asked = {w[:4] for w in _WORD.findall(fork.question.lower()) if len(w) >= 4}
    out: dict[str, set[str]] = {}
    for letter, own in words.items():
        others = set().union(*(w for k, w in words.items() if k != letter))
        out[letter] = {w for w in own - others if (len(w) >= 4 or any(c.isdigit() for c in w))
                       and w[:4] not in asked}
    return out


_DEFERRED = re.compile(
    r"\b(?:before\s+you\s+record|don'?t\s+record|do\s+not\s+record|hold\s+off(?:\s+on)?"
    r"(?:\s+recording)?|not\s+final(?:\s+yet)?|let\s+me\s+think\s+about\s+(?:this|it|them|these)"
    r"|(?:need|have)\s+to\s+re-?read|i'?ll\s+confirm\s+later|wait\s+before\s+recording"
    r"|ignore\s+(?:that|this|all\s+of\s+(?:that|this)|my\s+answers?)|forget\s+(?:all\s+of\s+)?"
    r"(?:that|this|it)|let\s+me\s+(?:talk|check)\s+(?:to|with)|(?:need|have)\s+to\s+check\s+with)\b",
    re.IGNORECASE)


def _option_refused(text: str, forks: Sequence[DesignFork]) -> bool:
    """`Not browser localStorage`, `definitely not the cron job`: an option's own word said
    with a negation (a word merely mentioned, "the note editor", is talk)."""
    if len(text) < _SHORT:  # "Anything but local disk, please."
        return _refuses_option(text, forks)
    return any(_refuses_option(clause, forks, reach=_REFUSED_REACH)
               for clause in clauses.split(text))


_REFUSED_REACH = 4  # words between a negation and the option word it refuses, in talk


_ONLY_REFUSES = re.compile(
    r"^\W*(?:(?:definitely|certainly|absolutely|please|just)\s+)?(?:not|no|never|anything\s+but)\b"
    r"(?:\s+[\w'-]+){1,4}\W*$", re.IGNORECASE)


def refused_alone(text: str, forks: Sequence[DesignFork]) -> list[tuple[int, str, str]]:
    """`Not the cron.`, `Definitely not localStorage`, `Anything but local disk`: the
    questions one option of which a short clause only refuses, with the clause and why.
    A negation never acts (even of one option of two): it is named back, and the
    question takes no recommendation from "the rest as recommended" either."""
    found: list[tuple[int, str, str]] = []
    for clause in clauses.split(text):
        if not _ONLY_REFUSES.match(clause.strip()) or _UNDECIDED.search(clause) \
                or clauses.modality(clause)[0] is clauses.Modality.HEDGED:
            continue
        said = set(_WORD.findall(clause.lower()))
        hits = {(f.number, letter) for f in open_forks(forks)
                for letter, own in _distinctive(f).items() if own & said}
        if len(hits) == 1:
            number, letter = hits.pop()
            found.append((number, clause.strip(), f"negated (“{clause.strip()}” refuses "
                                                  f"{letter}, and picks none)"))
    return found


def _refuses_option(clause: str, forks: Sequence[DesignFork], reach: int | None = None
                    ) -> bool:
    """A clause with a negation and an option's own word; in a page of talk, the word
    near the negation ("the note editor keeps one column and has no notion of children",
    "insert it at the cursor, not at the end of the note" refuse nothing)."""
    said = set(_WORD.findall(clause.lower())) | glossary.meant(clause)
    if not (_NEGATED.search(clause) or glossary.negated(clause)):
        return False
    own = {w for f in forks for mine in _distinctive(f).values() for w in mine} & said
    if not own or reach is None:
        return bool(own)
    words = re.findall(r"[a-z0-9]+(?:['’][a-z]+)?", clause.lower())
    cues = [k for k, w in enumerate(words) if _NEGATED.fullmatch(w)]
    if not cues:  # a negation of another language: the whole clause
        return True
    return any(abs(k - c) <= reach + 1 for k, w in enumerate(words) if w in own for c in cues)


def _doubts_an_answer(text: str, forks: Sequence[DesignFork]) -> bool:
    """A doubt that may be about an answer: in a short comment ("not sure yet"), or in a
    sentence of a long one that names a question or an option; a hedge in a page of talk
    about other things ("we probably want to replace the thumbnailer") is talk."""
    if clauses.modality(text)[0] is not clauses.Modality.HEDGED:
        return False
    if _TAKING_TIME.search(text) and not questions_said(text, forks):
        return False  # "Good questions. Let me think about these over the weekend."
    if len(text) < _SHORT:
        return True
    for sentence in _SENTENCES.split(text):
        said = set(_WORD.findall(sentence.lower()))
        if clauses.modality(sentence)[0] is clauses.Modality.HEDGED and (
                questions_said(sentence, forks) or any(
                    own & said or _near(said, own) for f in forks
                    for own in _distinctive(f).values())):
            return True
    return False


_SHORT = 300
# The writer taking time over all of it, naming nothing: talk, not a doubt on an answer.
_TAKING_TIME = re.compile(r"\b(?:let\s+me|i(?:'ll|\s+will|\s+need\s+to|\s+want\s+to)|need\s+to)"
                          r"\s+(?:think|sleep|mull|chew|look)\s+(?:about\s+|on\s+|over\s+|at\s+)?"
                          r"(?:these|this|them|it|that|all\s+of\s+(?:these|this|them))\b",
                          re.IGNORECASE)

# The words of an option's kind, by the headwords of its own text (`vocabulary.OPTION_KIN`).
def _kin_table() -> dict[str, tuple[str, ...]]:
    table: dict[str, list[str]] = {}
    for heads, kins in vocabulary.OPTION_KIN:
        for head in heads:
            known = table.setdefault(head, [])
            known.extend(k for k in kins if k not in known and k != head)
    return {head: tuple(kins) for head, kins in table.items()}


_KIN: dict[str, tuple[str, ...]] = _kin_table()
_ALL_KIN = frozenset(k for kins in _KIN.values() for k in kins)


def likely(text: str, forks: Sequence[DesignFork]) -> list[tuple[int, str, str, str, bool]]:
    """The options a clause names by a word of their kind, not their own (`_KIN`): (question,
    letter, clause, the word, whether the clause is that word and nothing more), in the
    order said, where the kin names one option only and the clause neither negates nor
    asks; a question is named by one letter only."""
    found: list[tuple[int, str, str, str, bool]] = []
    whole = text.lower()
    if not any(kin in whole for kin in _ALL_KIN):
        return []  # no word of any option's kind: nothing to look for clause by clause
    for clause in (c for part in clauses.split(text) for c in _LIST_JOIN.split(part)):
        low = clause.lower().replace("’", "'")
        if "?" in clause or _NEGATED.search(clause) or _REPORTED.search(clause) or (
                _KNOWS.search(clause)):
            continue  # "bob knows the backend better than me": who knows it, not a pick
        if len(clause.split()) > _KIN_TALK and not (_CHOOSING.search(clause)
                                                    or _CHOSEN_OTHERWISE.search(clause)):
            continue  # "a good write-up of the pattern in the MinIO docs": talk of it
        for fork in open_forks(forks):
            hits = {(letter, kin) for letter, own in _distinctive(fork).items()
                    for word in own for kin in _KIN.get(word, ())
                    if re.search(rf"(?<![\w-]){re.escape(kin)}(?![\w-])", low)}
            if len({letter for letter, _ in hits}) == 1:
                letter, kin = sorted(hits)[0]
                found.append((fork.number, letter, clause.strip(), kin, _bare(low, kin, fork)))
    return named_once(found)


def _bare(clause: str, kin: str, fork: DesignFork) -> bool:
    """Whether a clause is the kin word and nothing more ("minio", "just the filesystem",
    "storage on minio"): said as an option's letter is said alone, it picks it."""
    rest = re.sub(rf"(?<![\w-]){re.escape(kin)}(?![\w-])", " ", clause, count=1)
    asked = {w[:4] for w in _WORD.findall(fork.question.lower()) if len(w) >= 4}
    return not [w for w in _WORD.findall(rest)
                if w not in _STOP and w not in _BARE_AROUND and w[:4] not in asked]


# The words a bare pick may carry ("just the filesystem pls", "go with minio").
_BARE_AROUND = frozenset({
    "just", "please", "pls", "plz", "ok", "okay", "then", "for", "via", "using", "use", "on",
    "in", "into", "with", "it", "them", "our", "we", "go", "lets", "let", "put", "store", "keep",
    "simply", "only", "thanks", "thx", "yes", "yeah", "sure", "fine", "here", "there", "me",
    "files", "attachments", "settings"})


# What a person knows or looks after, said of them, not chosen.
_KNOWS = re.compile(r"\b(?:knows?|knew|understands?|owns|maintains?|is\s+(?:the|our)\s+"
                    r"(?:expert|owner|maintainer))\b", re.IGNORECASE)
_KIN_TALK = 8  # words: a longer clause that names an option's kind must choose it
# A choice in words `_CHOOSING` does not list: a clause that tells what to do ("put them in
# the MinIO bucket", "do the cleanup on the job queue"), or says it suffices ("a scheduled
# job at 3am is plenty").
_CHOSEN_OTHERWISE = re.compile(
    r"^\W*(?:(?:and|then|just|so)\s+)?(?:put|do|run|go|restrict|send|take|leave)\b"
    r"|\b(?:plenty|sufficient|will\s+do|does\s+the\s+job)\b", re.IGNORECASE)


def _weighs_options(text: str, forks: Sequence[DesignFork]) -> bool:
    """A short comment that names an option by two of its own words ("Object storage
    feels like the grown-up choice") or names two options of one question ("S3 or disk,
    depends on …"): about the answers, even when it chooses nothing for certain (one
    word alone, "thanks for the note", is talk)."""
    if len(text) >= _SHORT:
        return False
    said = set(_WORD.findall(text.lower())) | glossary.meant(text)
    for fork in open_forks(forks):
        met = {letter: own & said for letter, own in _distinctive(fork).items()}
        if sum(1 for words in met.values() if words) >= 2 or any(
                len(words) >= 2 for words in met.values()):
            return True
    return False


def deferred(text: str) -> str:
    """The words by which a writer holds back every answer of their comment ("hold off on
    recording these", "let me think about this more before you record anything"), when
    they name no question of their own; "" when none."""
    for sentence in re.split(r"(?<=[.!?…])\s+|\n+", text):
        match = _DEFERRED.search(sentence)
        if match is not None and not _QREF.search(sentence):
            return sentence.strip()
    return ""


# "cc @bob — can you weigh in?": a question to a person, not about the options.
_TO_SOMEONE = re.compile(r"@[\w-]+", re.IGNORECASE)
_SAME_AS = re.compile(r"\bsame\s+as\s+@?\w+|\bwhat\s+@?\w+\s+said\b|\b\+1\s+to\s+@?\w+",
                      re.IGNORECASE)


# An instruction about the thing being designed ("Keep them in our own DB", "let's not
# bother letting anyone download them"): an answer in words the reader may not place,
# asked back rather than left as talk.
_INSTRUCTS = re.compile(
    r"(?:^|[.!;]\s+|,\s*and\s+)(?:please\s+|just\s+)?(?:keep|put|store|save|host|use|allow|let)"
    r"\s+(?:them|it|those|these|the\s+(?:files?|settings|attachments|data|prefs?))\b"
    # "store the blobs in postgres", "mount a volume": a pick the options may not hold
    r"|(?:^|[.!;]\s+)(?:please\s+|just\s+)?(?:store|put|save|host|mount|dump|go\s+with"
    r"|stick\s+with)\s+(?:the|a|an|our|all|every)\s+\w+"
    r"|\blet'?s\s+not\s+(?:bother|allow|offer|support|add|build|do)\b",
    re.IGNORECASE | re.MULTILINE)


# A judgement for what a clause names ("Object storage feels like the grown-up choice"):
# a leaning to be asked back, not talk to leave alone.
_JUDGED_FOR = re.compile(r"\b(?:choice|way\s+to\s+go|sensible|makes\s+(?:more\s+|the\s+most\s+)?"
                         r"sense|feels\s+right|right\s+call|no-?brainer|obvious)\b", re.IGNORECASE)


def discussion(text: str, forks: Sequence[DesignFork]) -> bool:
    """A comment with nothing of an answer or a decision in it: no question named, no
    letter, ordinal, option words, recommendation, question mark or decision word."""
    if not text.strip():
        return True
    text = clauses.capped(text)
    if (_QREF.search(text) or _ORDINAL.search(text) or _BARE_LETTER.search(text)
            or _RECOMMEND.search(text) or _SAME_AS.search(text) or by_words(text, forks)
            or ("?" in text and not _TO_SOMEONE.search(text))
            or by_question_words(text, forks) or _option_refused(text, forks)
            or pairs(text, forks) or positional(text, forks)
            or _doubts_an_answer(text, forks) or _weighs_options(text, forks)
            or likely(text, forks) or stated(text, forks) or _INSTRUCTS.search(text)
            or refused_in_words(text, forks)
            or (_JUDGED_FOR.search(text) and by_words(text, forks, named=True))
            # "either is fine for cleanup, your call": no preference on a question named
            or (_INDIFFERENT.search(text) and questions_said(text, forks))):
        return False
    stance = clauses.stance(text)
    if stance is not None and (stance.strong or stance.modality is not clauses.Modality.CERTAIN
                               or not stance.rest):  # "Ja, passt alles so.": agreement alone
        return False
    return not re.search(r"\b(?:hold|pause|resume|replan|reject|accept|yes|lgtm|agree"
                         r"|disagree|objection)\b",
                         text, re.IGNORECASE)


# -- pairs: a question reference and a letter, in whatever words join them -------------

_ORDINAL_WORDS: dict[str, int] = {
    "first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4,
    "4th": 4, "erste": 1, "ersten": 1, "erster": 1, "zweite": 2, "zweiten": 2, "dritte": 3,
    "dritten": 3, "premier": 1, "première": 1, "premiere": 1, "deuxième": 2, "deuxieme": 2,
    "seconde": 2, "troisième": 3, "troisieme": 3, "primera": 1, "primero": 1, "segunda": 2,
    "segundo": 2, "tercera": 3, "tercero": 3, "primeira": 1, "primeiro": 1, "terceira": 3,
    "terceiro": 3, "prima": 1, "primo": 1, "seconda": 2,
    "secondo": 2, "terza": 3, "terzo": 3, "pierwsze": 1, "pierwszy": 1, "drugie": 2,
    "drugi": 2, "trzecie": 3, "trzeci": 3, "первый": 1, "первое": 1, "второй": 2,
    "второе": 2, "третий": 3, "третье": 3, "第一": 1, "第二": 2, "第三": 3, "第四": 4,
}
_QNOUN = (r"(?:question|frage|pregunta|questão|questao|domanda|vraag|pytanie|вопрос"
          r"|問題|问题|题|問|one|번째|번|号|番)")
_PAIR_REF = re.compile(
    r"(?P<q>(?<![\w-])(?:Q|question\s*#?|frage|pregunta|questão|questao|domanda|vraag|pytanie"
    r"|вопрос|питання|问题|問題|질문|soru|câu(?:\s+hỏi)?|pertanyaan|soal|sawal|(?<=for\s)|(?<=la\s)|(?<=le\s)|(?<=el\s))\s*(?P<n>\d{1,2})(?!\d)|第[一二三四]|(?<![\w-])(?:"
    + "|".join(sorted((w for w in _ORDINAL_WORDS if not w.startswith("第")), key=len,
                      reverse=True))
    + r")(?!\w)|(?<![\w-])(?:last|middle)(?=\s+(?:one|question)\b)"
      r"|(?:(?<=^)|(?<=[\s,;/|(\[、，。]))(?P<bare>\d)"
      r"(?=\s*(?:[:=)\-–—→.]|\s+[A-H]\b|[A-H]\b|\s+(?:should|would|must)\s+be\s+[A-H]\b"
      r"|번|号|番|題|は\s*[A-H]|은\s*[A-H]|는\s*[A-H])))"
    rf"(?:\s*{_QNOUN})?",
    re.IGNORECASE)
_PAIR_LETTER = re.compile(r"(?<![A-Za-z'’])(?:option\s+)?(?P<c>[A-H])(?![A-Za-z0-9'’])")
# What may stand between a question and its letter: marks and a few joining words.
_PAIR_NEGATION = re.compile(r"\b(?:not|no|never|nicht|kein\w*|pas|nie|не|non|nunca|não|\w+n't)\b",
                            re.IGNORECASE)
_PAIR_GLUE = re.compile(
    r"^[\s:=\-–—→>)(.,*_]*(?:(?:is|should\s+be|would\s+be|gets?|goes|take|pick|answer|choice"
    r"|mine|option|go\s+with|elijo|escolho|scelgo|wybieram|выбираю|nehme|je\s+prends"
    r"|también|tambien|auch|aussi|anche|também|też|тоже|too|also"
    r"|choisis|la|le|el|il|die|der|das|选|は|で|을|를|→|chọn|pilih|pakai)[\s:=\-–—→>)(.,*_]*){0,3}$",
    re.IGNORECASE)
_SCOPE_ALL = re.compile(
    r"\b(?:(?P<l1>[A-H])\s+(?:for|on|to)\s+(?:both|all(?:\s+(?:three|of\s+them))?|every(?:thing|"
    r"\s+one)|each(?:\s+one)?)\b|(?:all|both)\s+(?P<l2>[A-H])\b|(?P<l3>[A-H])\s+across\s+the\s+"
    r"board|(?:the\s+)?(?P<n1>first|second)\s+option\s+(?:for|on)\s+(?:both|all|every|each))",
    re.IGNORECASE)
_SCOPE_REST = re.compile(
    r"\b(?:option\s+)?(?P<l>[A-H])\s+(?:for|on)\s+(?:the\s+)?(?:rest|others|other\s+(?:two|ones?))\b",
    re.IGNORECASE)
_RECOMMENDED_ALL = re.compile(
    r"\b(?:recommended|(?:your|the)\s+recommendations?|(?:the\s+)?defaults?)\s+(?:for\s+|on\s+)?"
    r"(?:everything|all(?:\s+three|\s+of\s+them)?|both|across\s+the\s+board|every\s+question)\b"
    r"|\bgo\s+with\s+(?:your|the)\s+recommendations?\b|\brecomendaciones\b|\bempfehlungen\b"
    r"|\brecommandations\b|\braccomandazioni\b|\brecomendações\b|\brekomendacj\w*|\bрекомендац\w*",
    re.IGNORECASE)
_EXCEPT_LABEL = re.compile(r"^(?P<label>[\w\s'-]{2,40}?)\s*(?:[—–:,]|\s-\s)\s*(?:make\s+(?:that|it)"
                           r"\s+)?(?P<value>.+)$", re.IGNORECASE)
_EXCEPT_REF = re.compile(
    r"\b(?:except|but|apart\s+from|other\s+than|besides|salvo|excepto|menos|außer|ausser"
    r"|sauf|tranne|eccetto|oprócz|poza|кроме|ama|behalve|behoudens|exceto|só\s+que|tirando"
    r"|a\s+não\s+ser)\s+(?:for\s+)?(?:the\s+|na\s+|no\s+|a\s+|o\s+)?"
    r"|除了|但是|ただし|하지만",
    re.IGNORECASE)


def _relative_place(ref: str, count: int) -> int | None:
    """`the last one`, `the middle one` (of an odd number): a place counted from the open
    questions."""
    word = ref.split(maxsplit=1)[0].lower() if ref.strip() else ""
    if word == "last":
        return count or None
    if word == "middle" and count % 2:
        return count // 2 + 1
    return None


def _ordinal_of(ref: str) -> int | None:
    word = re.sub(rf"\s*{_QNOUN}$", "", ref.strip(), flags=re.IGNORECASE).lower()
    return _ORDINAL_WORDS.get(word)


def _number_of(match: re.Match[str], still: Sequence[DesignFork]) -> int | None:
    """The question a reference names: by its number, or by its place among the open."""
    if match.group("n"):
        return int(match.group("n"))
    if match.group("bare"):
        return int(match.group("bare"))
    place = _ordinal_of(match.group(0))
    if place is None:
        place = _relative_place(match.group(0), len(still))
    if place is None or not 0 < place <= len(still):
        return None
    return still[place - 1].number


def _glued(between: str) -> bool:
    """What stands between a question and its letter: marks and joining words, or up to
    three short words of any language ("bin ich für"), never a negation ("is not")."""
    if _PAIR_GLUE.match(between):
        return True
    words = between.split()
    return (len(words) <= 3 and all(len(w.strip(":,.-–—")) <= 5 for w in words)
            and not _PAIR_NEGATION.search(between) and not re.search(r"[?!;.\d]", between))


_JOINED = re.compile(r"([a-h])(?![\w'’])")
_REST_OF_CELL = re.compile(r"[^|?!;\n]{0,40}\|\s*")


def _next_cell(line: str, at: int, letter: re.Match[str]) -> bool:
    """`| Q1 storage | B | MinIO runs everywhere |`: the question's cell, then a cell that
    is nothing but the letter."""
    return bool(_REST_OF_CELL.fullmatch(line, at, letter.start())) and bool(
        re.match(r"\s*(?:\||$)", line[letter.end():]))


def pairs(line: str, forks: Sequence[DesignFork]) -> list[tuple[int, str]]:
    """`first: B / second: B`, `1B 2B 3B`, `Q1はB、Q2はA`, `第一题选B`, `Third question: A`:
    each question reference with the letter right after it, joined by marks or a few
    words of choosing; a letter must be an option of its question."""
    still = open_forks(forks)
    refs = list(_PAIR_REF.finditer(line))
    found: list[tuple[int, str]] = []
    recommended: set[int] = set()  # the questions given the recommendation, not a letter
    for k, ref in enumerate(refs):
        number = _number_of(ref, still)
        fork = next((f for f in forks if f.number == number), None)
        if fork is None:
            continue
        stop = refs[k + 1].start() if k + 1 < len(refs) else len(line)
        if ref.group("bare") and (joined := _JOINED.match(line, ref.end())) is not None:
            # "1b 2a" as the line's first words, not "section 2a of the spec".
            if (joined.group(1).upper() in fork.letters
                    and (found or not line[:ref.start()].strip(" -*+"))):
                found.append((fork.number, joined.group(1).upper()))
            continue
        letter = _PAIR_LETTER.search(line, ref.end(), stop)
        if letter is not None and letter.group("c") == "I" and "I" not in fork.letters:
            letter = None  # "For the second, I don't really care": the writer, no option I
        if letter is None or not (_glued(line[ref.end():letter.start()])
                                  or _next_cell(line, ref.end(), letter)):
            stretch = line[ref.end():stop]
            if found and _AS_WELL.match(stretch):
                # "For the first question I'd go with the recommendation. For the last one
                # as well.": the same answer as the one before, a letter or the recommendation.
                same = fork.recommended if found[-1][0] in recommended else found[-1][1]
                value = same if same in fork.letters else ""
                if found[-1][0] in recommended:
                    recommended.add(fork.number)
            elif not (ref.group("n") or ref.group("bare")) and _takes_recommendation(stretch):
                # by its place only: "Q3 go with the defaults" is read as the recommendation
                value = fork.recommended if fork.recommended in fork.letters else ""
                recommended.add(fork.number)
            else:
                value = _short_value(stretch, fork) if found or len(refs) > 1 else ""
            if value:
                found.append((fork.number, value))  # "first one server, second one no"
            continue
        chosen = _taken_back(line[letter.end():stop], fork) or letter.group("c")
        if chosen in fork.letters:
            found.append((fork.number, chosen))
    return found


_AS_WELL = re.compile(r"^\W*(?:(?:as\s+well|too|also|the\s+same|same(?:\s+(?:there|here))?)\W*"
                      r"(?:[.!;]|$))", re.IGNORECASE)


def _takes_recommendation(stretch: str) -> bool:
    """"I'd go with the recommendation" right after a question's place."""
    sentence = re.split(r"[.!?\n]", stretch, maxsplit=1)[0]
    return names_recommendation(_SPEAKER.sub("", sentence))


_SPEAKER = re.compile(r"^\W*(?:i'?d|we'?d|let'?s|i\s+would|we\s+(?:can|should))\s+", re.IGNORECASE)


def place_named(text: str, forks: Sequence[DesignFork]) -> int | None:
    """The question `the first one`, `the second question`, `the middle one`, `the last`
    name, counted among the open questions as `pairs` counts them; None when none."""
    match = _THE_PLACE.search(text)
    if match is None:
        return None
    still = open_forks(forks)
    place = _ordinal_of(match.group("w")) or _relative_place(match.group("w"), len(still))
    return still[place - 1].number if place is not None and 0 < place <= len(still) else None


_THE_PLACE = re.compile(
    r"\bthe\s+(?P<w>" + "|".join(sorted((w for w in _ORDINAL_WORDS if w.isascii()), key=len,
                                       reverse=True))
    + r"|last|middle)\b(?:\s+(?:one|question))?", re.IGNORECASE)


def _short_value(stretch: str, fork: DesignFork) -> str:
    """The option a few words right after an ordinal give ("first one server", "second:
    no"), in a line of several ordinals; "" for a longer stretch (a reason, a question)."""
    sentence = re.split(r"[.!?\n]", stretch.strip(" :=-–—>),"), maxsplit=1)[0]
    if takes_default(sentence) and fork.recommended in fork.letters:
        return fork.recommended  # "For the second, I don't really care, whatever you recommend"
    value = re.split(r"[,;.!?\n]|\s+(?:and|but)\s+", stretch.strip(" :=-–—>),"), maxsplit=1)[0]
    if not value.strip() or len(value.split()) > 8 or "?" in stretch[:len(value) + 1]:
        return ""
    return value_letter(value, fork)


def _taken_back(stretch: str, fork: DesignFork) -> str:
    """The letter the words after a pair take it back to, in any language (`第一个选A……
    不对，应该是B`, `1: A — no wait, B`): the first letter after the last cue of taking
    back, joined to it by a few words; "" when nothing is taken back."""
    after = clauses.after_correction(stretch, leading=True)
    if after is stretch or after == stretch:
        return ""
    letter = _PAIR_LETTER.search(after)
    if letter is None or not _glued(after[:letter.start()]):
        return ""
    return letter.group("c") if letter.group("c") in fork.letters else ""


def scoped(line: str, forks: Sequence[DesignFork], answered: set[int]
           ) -> list[tuple[int, str]]:
    """`A for both`, `All B`, `B across the board`, `the second option for both`, `option
    A on the rest`: one letter for every open question (the rest: those not answered)."""
    still = open_forks(forks)
    if (m := _SCOPE_ALL.search(line)) is not None:
        letter = m.group("l1") or m.group("l2") or m.group("l3")
        if m.group("n1"):
            n = 1 if m.group("n1").lower() == "first" else 2
            return [(f.number, f.letters[n - 1]) for f in still if len(f.letters) >= n]
        return [(f.number, letter.upper()) for f in still if letter.upper() in f.letters]
    if (m := _SCOPE_REST.search(line)) is not None:
        letter = m.group("l").upper()
        return [(f.number, letter) for f in still
                if f.number not in answered and letter in f.letters]
    return []


_EVERY = re.compile(r"\b(?:everything|all|every\s+\w+|whatever|both|the\s+rest)\b",
                    re.IGNORECASE)


# The recommendations and nothing else before a "but": "defaults, but cleanup via the
# queue", "Go with your recommendations, but …".
_BARE_DEFAULTS = re.compile(r"^\W*(?:(?:let'?s\s+)?(?:go\s+with|take|use)\s+)?(?:the\s+|your\s+)?"
                            r"(?:defaults|recommendations|recommended(?:\s+ones)?)\W*$",
                            re.IGNORECASE)


def _takes_all(before: str, cut: str) -> bool:
    """`Everything as recommended, except`, `Whatever you recommend, except`,
    `Recommendations are fine except`, `recommended, except`: every recommendation taken,
    one excepted (not "it's not the recommendation but …")."""
    return ((not re.match(r"\s*but\b", cut, re.IGNORECASE) or bool(_BARE_DEFAULTS.match(before)))
            and bool(_EVERY.search(before) or _ALL_RECOMMENDED.search(before))
            and bool(_RECOMMEND.search(before)) and not _NEGATED.search(before))


# The recommendations as a whole: a plural, or "recommended" opening the sentence.
_ALL_RECOMMENDED = re.compile(
    rf"\b(?:recommendations|defaults|{answer_forms.RECOMMENDED_ELSEWHERE})|^\W*recommended\b",
    re.IGNORECASE)


def recommended_except(line: str, forks: Sequence[DesignFork]
                       ) -> tuple[list[int], list[tuple[int, str]]] | None:
    """`Recommended for everything except Q2 — make that one B`, `Vamos con las
    recomendaciones, salvo la 2: B`: the questions that take the recommendation, and the
    excepted ones with their letters; None when the line says no such thing."""
    if not (_RECOMMEND.search(line) or _RECOMMENDED_ALL.search(line)):
        return None
    cut = _EXCEPT_REF.search(line)
    if cut is None or (re.match(r"but\b", cut.group(0), re.IGNORECASE)
                       and _QREF.search(line[:cut.start()])):
        # "Q2 — A is the recommended one, but we need exports, so B": a "but" after a
        # named question turns that question's answer, it excepts nothing from the rest.
        return None
    rest = line[cut.end():]
    still = open_forks(forks)
    refs = [(n, rest[m.start():]) for m in _PAIR_REF.finditer(rest)
            if (n := _number_of(m, still)) is not None] or [
        (int(m.group(1)), rest[m.start():]) for m in re.finditer(r"(?<!\w)(\d)(?!\d)", rest)]
    if not refs and (m := _EXCEPT_LABEL.match(rest)) is not None \
            and (n := question_named(m.group("label"), forks)) is not None:
        refs = [(n, m.group("value"))]  # "except cleanup — make that the worker queue"
    takes_all = _takes_all(line[:cut.start()], cut.group(0))
    if not refs and takes_all:
        # "Everything as recommended, except visibility: uploader and admins only", "…
        # except I'd keep it in the browser, we don't want more data server-side": the
        # option its first clause names, else its sentence.
        clause = re.split(r"[,;]", rest)[0]
        for stretch in (clause, _SENTENCES.split(rest)[0]):
            picked = {(q, c) for q, c, _ in by_words(stretch, still, named=True)}
            if len(picked) == 1:
                return _all_but(still, picked)
        if (open_one := question_named(clause, forks)) is not None:
            return _all_but(still, {(open_one, "")})  # "except cleanup, still chewing…"
    excepted: list[tuple[int, str]] = []
    for number, words in refs[:3]:
        fork = next((f for f in forks if f.number == number), None)
        letter = next((m.group("c") for m in _PAIR_LETTER.finditer(words)), "") or (
            value_letter(words, fork) if fork is not None else "")
        if fork is not None and letter not in fork.letters and takes_all and len(refs) == 1:
            return _all_but(still, {(number, "")})  # "except cleanup, still chewing…"
        if fork is None or letter not in fork.letters:
            return None
        excepted.append((number, letter))
    return _all_but(still, set(excepted)) if excepted else None


def _all_but(still: Sequence[DesignFork], excepted: set[tuple[int, str]]
             ) -> tuple[list[int], list[tuple[int, str]]]:
    """The open questions that take the recommendation, and the excepted ones with their
    letters; one excepted without a letter ("" ) stays open."""
    named = {n for n, _ in excepted}
    return ([f.number for f in still if f.number not in named],
            sorted((n, c) for n, c in excepted if c))


# -- a question named by its own words ("Storage: S3", "for cleanup, the worker queue") --

_NEGATIVE_OPTION = re.compile(r"^\s*(?:no|none|never|nothing|not\s+at\s+all)\b", re.IGNORECASE)
_POSITIVE_OPTION = re.compile(r"^\s*yes\b", re.IGNORECASE)
_NEGATIVE_VALUE = re.compile(
    r"^\W*(?:no|nope|nah|nay|none|not\s+needed|not\s+necessary|unnecessary|not\s+required|never"
    r"|no\s+need(?:\s+for\s+now)?"
    r"|skip(?:\s+it)?|nein|non|не\s+нужно)\W*$|^\W*(?:no|nope|nah|non|nein|nee|nie|não|nao|нет)"
    r"\s*[,;:—–]\s*\w|\bnot\s+needed\b|\bisn'?t\s+needed\b"
    r"|\bnot\s+necessary\b|^\W*(?:we\s+|i\s+)?(?:don'?t|do\s+not|won'?t)\s+(?:need|want)\s+"
    r"(?:it|that|one|this)\b|^\W*no\s+(?!(?:idea|clue|opinion|preference|strong|sure|comment|answer"
    r"|rush|hurry|worries|problem|objection|view|decision)\b)\w+\W*$", re.IGNORECASE)
# "yes", and a yes said as doing it: "let's allow it", "enable it", "go for it".
_POSITIVE_VALUE = re.compile(
    r"^\W*(?:yes|yep|sure|ja|oui|sí|si|sim|absolutely|definitely|of\s+course|go\s+for\s+it"
    r"|(?:let'?s\s+|please\s+|we\s+should\s+)?(?:allow|enable|support|offer|add|include|do)"
    r"\s+(?:it|that|this|them)(?!\s+later)\b)", re.IGNORECASE)
_LABELLED = re.compile(r"^\W*(?P<label>[^:|=→\n]{2,60}?)\s*(?::|\||→|=|\s[—–-]\s)\s*"
                       r"(?P<value>[^|\n]+?)[\s|]*$")
_FOR_LABEL = re.compile(r"^\W*(?:for|pour|para|per|für|voor|dla|as\s+for|regarding|concerning|re:?"
                        r"|on|when\s+it\s+comes\s+to|as\s+to)\s+"
                        r"(?:the\s+|la\s+|le\s+|el\s+|die\s+|den\s+)?"
                        r"(?P<label>[\w'-]{2,20}(?:\s+[\w'-]{1,20}){0,3}?)(?:\s*[,:—–]|\s+-)\s*"
                        r"(?P<value>.+)$|^(?P<value2>.+?)\s+for\s+(?:the\s+)?(?P<label2>[\w\s'-]{2,40}?)"
                        r"\W*$", re.IGNORECASE)
_SENTENCE = re.compile(r"(?<=[.!;])\s+")


_QSTOP = _STOP - {"see"}


def _stems(text: str) -> set[str]:
    return {w[:4] for w in _WORD.findall(text.lower()) if len(w) >= 3 and w not in _QSTOP}


def questions_said(text: str, forks: Sequence[DesignFork]) -> set[int]:
    """Every open question whose own distinctive words `text` says (`how we clean them
    up` says the cleanup question), however many."""
    said = {w for w in _stems(text) if len(w) >= 4}  # not "see" in "let's see"
    own = {f.number: {w for w in _stems(f.question) if len(w) >= 4} for f in open_forks(forks)}
    return {n for n, stems in own.items()
            if _meets(said, stems - set().union(*(s for m, s in own.items() if m != n)))}


def label_number(label: str, forks: Sequence[DesignFork]) -> int | None:
    """The question a label names: by number or place (`Q2`, `first one`, `Para la
    primera`), else by its own words (`Storage`)."""
    refs = list(_PAIR_REF.finditer(label))
    if len(refs) == 1 and len(label.split()) <= 4:
        return _number_of(refs[0], open_forks(forks))
    return question_named(label, forks)


_LABEL = re.compile(r"(?:^|[.;\n])\s*(?P<label>[^\W\d_][\w\s-]{0,30}?)\s*[:=→]", re.MULTILINE)


_LABELLED_LETTER = re.compile(r"^[\s*+\-•]*(?P<label>[^\W\d_][\w\s'-]{1,30}?)\s*(?:[:=→|]|\s[—–-])"
                              r"\s*\**(?:option\s+)?(?P<c>(?-i:[A-H]))\**[\s.!]*$", re.IGNORECASE)


def labelled_list(text: str, forks: Sequence[DesignFork]) -> list[tuple[int, str, str]] | None:
    """`- storage: B` / `- visibility: A` / `- cleanup: B`: as many lines of a label and a
    letter as there are open questions, and nothing else. Each label that names a question
    names the one at its place (else this is no list), and one that names none (a word of
    the writer's own: "visibility") is the question at its place. None when not such a list,
    or when every label names its question anyway (the lines read alone then)."""
    still = open_forks(forks)
    lines = [line for line in text.splitlines() if line.strip()]
    if len(still) < 2 or len(lines) != len(still):
        return None
    matches = [_LABELLED_LETTER.match(line) for line in lines]
    if any(m is None for m in matches):
        return None
    found: list[tuple[int, str, str]] = []
    unnamed = False
    for fork, match, line in zip(still, matches, lines, strict=True):
        assert match is not None
        named = label_number(match.group("label"), forks)
        if named is not None and named != fork.number:
            return None
        if _PAIR_REF.search(match.group("label")):
            return None  # "Q2: B" lines: read as they are, each names its own question
        unnamed = unnamed or named is None
        if match.group("c") not in fork.letters:
            return None
        found.append((fork.number, match.group("c"), line.strip()))
    return found if unnamed else None


def worded_list(text: str, forks: Sequence[DesignFork]) -> list[tuple[int, str, str]] | None:
    """`s3/everyone/cron`, `server, no export`: a short line of as many parts as there
    are open questions, each in a few words that pick one option of the question at its
    place. None unless every part picks one."""
    still = open_forks(forks)
    line = text.strip().rstrip(".!")
    if len(still) < 2 or len(line) > 120 or "\n" in line or "?" in line:
        return None
    parts = [p.strip() for p in _LIST_PARTS.split(line)]
    if len(parts) != len(still) or any(not p or len(p.split()) > 5 for p in parts):
        return None
    letters = [value_letter(p, f) for p, f in zip(parts, still, strict=True)]
    if not all(letters):
        return None
    return [(f.number, c, p) for f, c, p in zip(still, letters, parts, strict=True)]


_LIST_PARTS = re.compile(r"\s*[/;|,]\s*|\s+[—–-]\s+")


def labels_a_question(text: str, forks: Sequence[DesignFork]) -> bool:
    """Whether `text` leads with a question's label (`Cleanup: your recommendation`):
    what follows is for that question, not for every one."""
    return any(label_number(m.group("label"), forks) is not None
               for m in _LABEL.finditer(text))


def question_named(words: str, forks: Sequence[DesignFork], *, alike: bool = False
                   ) -> int | None:
    """The one open question whose own distinctive words `words` says (`Storage`, `who
    sees attachments`, `cleanup`, `Exporting`), or None. `alike`: `words` is a subject
    alone (`the second approach for storage`), which may name the question's verb by a
    word of its kind (`_ALIKE_WORDS`)."""
    still = open_forks(forks)
    own = {f.number: _alike(_stems(f.question)) if alike else _stems(f.question)
           for f in still}
    for said in (_stems(words), _stems(" ".join(sorted(glossary.meant(words))))):
        # Its English words first; else those of another language ("Speicherung", "导出").
        hits = [n for n, stems in own.items()
                if _meets(said, stems - set().union(*(s for m, s in own.items() if m != n)))]
        if hits:
            return hits[0] if len(hits) == 1 else None
    return None


# English words that name what a question is about by its verb, when the writer names its
# subject ("the second approach for storage" for "Where are settings kept?"); as stems.
_ALIKE_WORDS = (
    frozenset({"kept", "keep", "stor", "save", "live", "pers", "hold"}),
    frozenset({"clea", "dele", "purg", "remo", "swee", "expi", "tidy"}),
    frozenset({"see", "sees", "visi", "acce", "view"}),
    frozenset({"expo", "down"}),
)


def _alike(stems: set[str]) -> set[str]:
    """`stems` with the stems of the words that name the same thing (`_ALIKE_WORDS`)."""
    return stems.union(*(group for group in _ALIKE_WORDS if stems & group))


def _meets(said: set[str], stems: set[str]) -> bool:
    """Whether a word said and a word of the question share their start ("sees", "see")."""
    return any(a.startswith(b) or b.startswith(a) for a in said for b in stems)


# The recommendation as a question's value, in the languages of `core.vocabulary`
# ("keep the default", "wie empfohlen", "como recomendado", "按默认").
_RECOMMENDATION = (
    r"(?:(?:whatever|what|the\s+one|the\s+option)\s+you\s+(?:recommend\w*|suggest\w*|propos\w*)"
    r"|(?:(?:keep|take|use|go\s+with|stick\s+(?:with|to))\s+)?(?:(?:the|your)\s+)?"
    r"(?:recommend(?:ation|ed)(?:\s+(?:one|option))?|defaults?|suggestion)"
    r"|(?:as|like)\s+(?:recommended|suggested|proposed|you\s+recommend\w*)"
    r"|wie\s+(?:empfohlen|vorgeschlagen)|(?:die\s+)?empfehlung|comme\s+(?:recommandé|proposé)"
    r"|como\s+(?:recomendado|sugerido|se\s+recomienda)|come\s+(?:consigliato|suggerito)"
    r"|zoals\s+(?:aanbevolen|voorgesteld)|jak\s+(?:zalecano|sugerowano)"
    r"|по\s+рекомендации|как\s+рекомендовано|(?:按|用)?(?:默认|推荐)的?|おすすめ|推奨)")
_RECOMMENDED_VALUE = re.compile(
    rf"^\W*{_RECOMMENDATION}\W*(?:is\s+fine|please|works|thanks)?\W*$", re.IGNORECASE)
# "visibility as recommended", "Sichtbarkeit wie empfohlen", "可见性按默认": a question's
# words, then the recommendation, with nothing between to mark them apart; no number in
# the words, so "Q1 and Q3 go with the defaults" stays a list of questions.
_LABEL_RECOMMENDED = re.compile(
    rf"^\W*(?:and\s+)?(?P<label>[^\W\d_](?:[^\W\d]|[\s'-]){{1,40}}?)\s*(?P<value>{_RECOMMENDATION})"
    r"(?:\s+(?:is\s+fine|please|works|thanks))?\W*$", re.IGNORECASE)


def names_recommendation(value: str) -> bool:
    """Whether `value` is the recommendation itself ("go with the defaults", "wie empfohlen")."""
    return bool(_RECOMMENDED_VALUE.match(value))


def value_letter(value: str, fork: DesignFork) -> str:
    """The option `value` picks for `fork`: its letter, its own words, or for a yes/no
    question, `no`, `not needed`, `yes`; "" when it picks none for certain."""
    if _LETTER_REFUSED.search(value):
        return ""  # "definitely not A", "no, not A": a letter refused picks no other one
    # "A", and "nobody's asked for it, A": the letter alone, or closing the reason before it.
    bare = re.fullmatch(r"\W*(?:option\s+)?([A-H])\W*", value) or re.fullmatch(
        r"[^?]*[,;—–-]\s*(?:so\s+|hence\s+|thus\s+)?(?:option\s+)?([A-H])\W*", value)
    if bare:
        return bare.group(1) if bare.group(1) in fork.letters else ""
    if _RECOMMENDED_VALUE.match(value) and fork.recommended in fork.letters:
        return fork.recommended  # "Cleanup: whatever you recommended"
    named = [c for q, c, _ in by_words(value, [fork], named=True)]
    # "we already have a worker queue, no point adding another cron": a negation refuses
    # what its own clause names, not the option the other clauses choose.
    if len(set(named)) == 1 and named[0] not in _refused(value, fork):
        return named[0]
    negative = [k for k, text in fork.options if _NEGATIVE_OPTION.match(text)]
    positive = [k for k, text in fork.options if _POSITIVE_OPTION.match(text)]
    if (_NEGATIVE_VALUE.search(value) or glossary.says_no(value)
            or glossary.unneeded(value) == "") and len(negative) == 1:
        return negative[0]  # "Export: nein", "Export: nicht nötig", "导出：不需要"
    if (_POSITIVE_VALUE.match(value) or glossary.says_yes(value)) and len(positive) == 1:
        return positive[0]
    return ""


_LETTER_REFUSED = re.compile(r"(?:\b(?:not|never|no)|n[’']t)\s+(?:(?:the\s+)?option\s+)?"
                             r"(?-i:[A-H])(?![\w’'])", re.IGNORECASE)
_UNDECIDED = re.compile(r"\b(?:know|sure|decid(?:e|ed|ing)|decisions?|idea|certain|remember|care"
                        r"|mind|opinion|preference|understand|get\s+it)\b", re.IGNORECASE)


def refused_value(value: str, fork: DesignFork) -> str:
    """`Q2: on ne propose pas de téléchargement pour l'instant`, `Q2 - export abhi nahi
    chahiye`: a yes/no question named by its number, its value a plain negation in any
    language naming no option: its one negative option. Not "I don't know", not a doubt."""
    negative = [k for k, text in fork.options if _NEGATIVE_OPTION.match(text)]
    positive = [k for k, text in fork.options if _POSITIVE_OPTION.match(text)]
    first = _SENTENCE.split(value.strip(" :=-–—>)"), maxsplit=1)[0]
    if len(negative) != 1 or len(positive) != 1 or "?" in first or not first.strip() \
            or _BARE_LETTER.search(first):  # "no, not A": a letter refused, for the letters
        return ""
    if not (_NEGATED.search(first) or glossary.negated(first)) or _UNDECIDED.search(first) \
            or _INDIFFERENT.search(first) or by_words(first, [fork], named=True) \
            or doubt(first)[0] is not clauses.Modality.CERTAIN:
        return ""
    return negative[0]


def refused_in_words(text: str, forks: Sequence[DesignFork]
                     ) -> tuple[tuple[int, str, str, bool], ...]:
    """`We don't need people to be able to download their prefs`, `and the export we dont
    need it now`: a clause naming a yes/no question by its own words (or their meaning),
    refused plainly: (question, its negative option, the clause, whether certain). Certain
    where the clause says it is not needed or wanted; else only likely, named back.

    Worked out once per comment: the check for talk and the reading both ask (a page of
    text is read anew rather than kept)."""
    if len(text) > _CACHED_MAX:
        return _refused_in_words.__wrapped__(text, tuple(forks))
    return _refused_in_words(text, tuple(forks))


_CACHED_MAX = 20_000


@functools.lru_cache(maxsize=1024)  # pure
def _refused_in_words(text: str, forks: tuple[DesignFork, ...]
                      ) -> tuple[tuple[int, str, str, bool], ...]:
    found: list[tuple[int, str, str, bool]] = []
    for clause in clauses.split(text):
        number = question_named(clause, forks) if len(clause) <= _CLAUSE_MAX else None
        fork = next((f for f in open_forks(forks) if f.number == number), None)
        if fork is None or _NO_HARM.search(clause) or _QREF.search(clause):
            continue
        letter = refused_value(clause, fork)
        if letter:
            certain = bool(_NOT_WANTED.search(clause) or glossary.unneeded(clause) is not None)
            found.append((fork.number, letter, clause.strip(), certain))
    return tuple(found)


_CLAUSE_MAX = 300  # a page of one clause names no question plainly
# A negation that says yes ("it would not hurt", "no harm in it", "why not", "no problem"),
# or that negates a refusal ("no need to skip the export").
_NO_HARM = re.compile(
    r"\b(?:not|n[’']t)\s+(?:hurt|harm|be\s+bad|a\s+bad)|\bno\s+harm\b|\bwhy\s+not\b"
    r"|\bnot\s+against\b|\bwouldn[’']t\s+mind\b|\b(?:no|kein|nessun|geen|sin|sem)\s+(?:big\s+)?"
    r"probl\w*|\bpas\s+de\s+probl\w*|без\s+проблем|没问题|問題(?:ない|なし)|문제\s*없"
    r"|\b(?:no\s+need|no\s+reason|not|n[’']t|never)\s+(?:\w+\s+){0,2}?(?:to\s+)?(?:skip|drop"
    r"|remove|cut|avoid|lose|kill|forget|block|ban)\b", re.IGNORECASE)
# Not needed, not wanted, nobody asking for it: a refusal of what the question offers.
_NOT_WANTED = re.compile(
    r"\b(?:don[’']?t|do\s+not|doesn[’']?t|does\s+not|won[’']?t|no)\s+(?:really\s+)?(?:need|want"
    r"|demand|use\s+for)\w*|(?:\bnot|n[’']t)\s+(?:really\s+)?(?:needed|wanted|necessary|required)\b"
    r"|\bnot\s+bother"
    r"|\bdon[’']?t\s+(?:\w+\s+)?see\s+(?:the\s+|any\s+)?(?:demand|need|point|use)\b"
    r"|\bnobody\s+(?:has\s+)?(?:asked|needs|wants)\b"
    # …in the other common languages, in their own word order ("Export brauchen wir
    # erstmal nicht", "on n'en a pas besoin", "no hace falta", "non ci serve")
    r"|\bbrauch\w*\s+(?:\w+\s+){0,3}?(?:nicht|kein\w*)\b|\bnicht\s+(?:nötig|notwendig|erforderlich)"
    r"|\bpas\s+besoin\b|\bno\s+(?:lo\s+|la\s+|los\s+)?necesit\w*|\bno\s+hace\s+falta\b"
    r"|\bnão\s+(?:precis\w*|é\s+necessári\w*)|\bnon\s+(?:ci\s+)?serv\w*|\bnon\s+abbiamo\s+bisogno"
    r"|\bnie\s+potrzeb\w*|\bniepotrzebn\w*|\bне\s+нужн\w*|\bniet\s+nodig\b"
    # Hindi, in Latin script and in Devanagari ("export abhi nahi chahiye")
    r"|\bnahi+n?\s+chahiye\b|\bzaro+rat\s+nahi+n?\b|\bzarurat\s+nahi+n?\b|नहीं\s+चाहिए"
    r"|ज़?रूरत\s+नहीं", re.IGNORECASE)


def _refused(text: str, fork: DesignFork) -> set[str]:
    """The options of `fork` a negated clause of `text` names (`no point adding cron`)."""
    out: set[str] = set()
    for clause in clauses.split(text):
        if _NEGATED.search(clause) or glossary.negated(clause):
            said = set(_WORD.findall(clause.lower())) | glossary.meant(clause)
            out |= {letter for letter, own in _distinctive(fork).items()
                    if own & said or _near(said, own)}
    return out


def by_question_words(line: str, forks: Sequence[DesignFork]) -> list[tuple[int, str]]:
    """`Storage: S3`, `| Cleanup | A |`, `- Can they be exported? **No**`, `Exporting:
    not needed`, `For who sees attachments, B`, `the worker queue for cleanup`: a question
    named by its own words, with the option its value picks."""
    found: list[tuple[int, str]] = []
    parts = [p for s in _SENTENCE.split(line.replace("**", ""))
             for p in ([s] if _LABELLED.match(s.strip()) or _for_question(s, forks)
                       else re.split(r",\s*|;\s*", s))]
    for sentence in parts:
        label, value = _label_value(sentence.strip().rstrip("."))
        if not label:
            continue
        number = label_number(label, forks)
        fork = next((f for f in forks if f.number == number), None)
        if fork is None or value.rstrip().endswith("?"):
            continue
        # "On storage I'd go with object storage — … local disk will bite us": the label
        # itself chooses; what follows is its reason.
        chosen = {c for _, c, _ in by_words(label, [fork], named=True)} \
            if _CHOOSING.search(label) else set()
        letter = chosen.pop() if len(chosen) == 1 else value_letter(value, fork)
        if letter and (number, letter) not in found:
            found.append((fork.number, letter))
    return found


def _for_question(sentence: str, forks: Sequence[DesignFork]) -> bool:
    """`For who sees attachments, B`: a sentence led by a question's own words."""
    match = _FOR_LABEL.match(sentence.strip().rstrip("."))
    if not match or not match.group("label") or re.search(r"\bfor\b", match.group("value"),
                                                          re.IGNORECASE):
        return False  # "For the first local disk, and for the third one …": two parts
    return label_number(match.group("label"), forks) is not None


_NO_LABEL = re.compile(r"^\W*(?:and\s+)?(?:no|pas\s+d[e'’]|kein\w*|sin|sem|niente|geen|без"
                       r"|(?:skip|drop|forget|leave\s+out)(?:\s+the)?)\s*"
                       r"(?:to\s+)?(?P<label>[\w-]{4,})"
                       r"(?:\s+(?:for\s+now|please|thanks|yet|needed))?\W*$", re.IGNORECASE)
_NOT_NEEDED = re.compile(r"^\W*(?P<label>.+?)\s+(?:isn'?t|is\s+not|not|aren'?t)\s+"
                         r"(?:needed|necessary|required)\W*$", re.IGNORECASE)


_FOR_PLACE = re.compile(
    r"^\W*(?:and\s+)?for\s+the\s+(?P<label>(?:first|second|third|last)(?:\s+(?:one|question))?)"
    r"\s*[,:]?\s+(?P<value>.+)$", re.IGNORECASE)


def _label_value(part: str) -> tuple[str, str]:
    part = re.sub(r"^\W*re:\s*", "", part, flags=re.IGNORECASE)  # "re: visibility — …"
    if (m := _FOR_PLACE.match(part)) is not None:  # "for the third one the worker queue"
        return m.group("label"), m.group("value")
    if (m := _LABEL_RECOMMENDED.match(part)) is not None:  # "visibility as recommended"
        return m.group("label"), m.group("value")
    if (m := _NO_LABEL.match(part)) is not None:  # "no export"
        return m.group("label"), "no"
    if (m := _NOT_NEEDED.match(part)) is not None:  # "export isn't needed"
        return m.group("label"), "not needed"
    if "?" in part and not part.rstrip().endswith("?"):
        question, _, answer = part.partition("?")  # "- Can they be exported? No"
        return question, answer
    if (m := _LABELLED.match(part)) is not None:
        return m.group("label"), m.group("value")
    if (m := _FOR_LABEL.match(part)) is not None:
        if m.group("label"):
            return m.group("label"), m.group("value")
        return m.group("label2"), m.group("value2")
    return "", ""
