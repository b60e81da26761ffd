"""The written forms of an answer on one line: where each answer starts, and what it says. Pure.

A line may carry several answers (`Q1: B, Q2: A`, `Q1: A and Q2: B`, `q1=b; q2=a`,
`1) B 2) A`, `Q1: A Q2: B`); each runs up to the next one, and what lies between
is the reason of the one before. A question named with nothing readable after it
(`Q2: maybe later`) ends the answer before it and is returned as unread, with
its number, so the acknowledgment can quote it back.

The question: `Q1`, `q1`, `**Q1:**`, `Question 1`, `1)`, `1.` (at the start of the
line, or after another answer), `Q1.`, `Q1 -`, `q1=`. The letter: bare, `(B)`,
`option B`, `recommended`, or before the question (`b for q1`, `B for the first one`).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

# "I" before "'d", "'m" or a word is the writer, not an option ("Q2: I'd say B").
_CHOICE = (r"(?:\(\s*(?P<{p}p>[A-Za-z])\s*\)|option\s+(?P<{p}o>[A-Za-z])\b"
           r"|(?P<{p}r>recommended|rec|default)\b"
           r"|(?!I(?:'|’|\s+(?:think|would|guess|prefer|say|vote|mean|am|do)\b))"
           r"(?P<{p}b>[A-Za-z])(?![A-Za-z0-9'’]))")
_EMPH = r"(?:\*\*|__)?"
# A question named by its number, in the languages of `core.vocabulary`.
# "Pour la 2", "para la 2", "für die 2": the question's noun left out after "for the"
# (feminine, as question is; not "le 2", a date).
_QWORD = (r"(?:Q|question\s*\#?|frage|pregunta|questão|questao|domanda|vraag|pytanie"
          r"|вопрос|問題|问题|(?<=pour\s)la|(?<=para\s)la|(?<=per\s)la|(?<=für\s)die"
          r"|(?<=voor\s)de)")
# A particle of the language may follow the number ("Q1은 B로", "Q1は"): not a word's end.
_QREF = rf"{_EMPH}\b{_QWORD}\s*(?P<q>\d{{1,3}})(?![A-Za-z0-9_])"
# "Q1 definitely B": a word that makes the letter surer, never one that hedges it.
_SURELY = (r"(?:(?:definitely|clearly|obviously|absolutely|certainly|surely|totally"
           r"|def|defo|deffo|100\s*%)\s+)?")
_ITEM = re.compile(
    rf"{_QREF}\s*{_EMPH}\s*(?P<sep>[:=\-–—).|→]|->|=>|\bis\b|\bshould\s+be\b|\bto\b"
    # "Q1 powinno być B", "Q1 debería ser B", "Q1 devrait être B", "Q1 sollte B sein"
    r"|\bpowinn[oa]\s+być\b|\bpowinien\s+być\b|\bma\s+być\b|\bdebería\s+ser\b"
    r"|\bdeveria\s+ser\b|\bdeve\s+ser\b|\bdevrait\s+être\b|\bdovrebbe\s+essere\b"
    r"|\bsollte\b|\bzostaje\b"
    rf"|\bbecomes\b|\bwould\s+be\b)?\s*{_EMPH}\s*{_SURELY}{_CHOICE.format(p='q')}",
    re.IGNORECASE)
_NUMBERED = re.compile(
    rf"(?:^|(?<=[\s;,/|、，；]))(?:[-*+]\s+)?{_EMPH}(?P<n>\d{{1,2}})\s*(?:[:.)=|→]|->)\s*{_EMPH}\s*"
    rf"{_CHOICE.format(p='n')}", re.IGNORECASE)
# "the latter for the first one": an option by its place, of a question of two options.
_FOR = re.compile(
    r"\b(?:option\s+)?(?:(?P<fc>[A-Za-z])|the\s+(?P<fp>former|latter))\s+(?:for|on)\s+"
    r"(?:(?:Q|question\s*\#?)\s*(?P<fq>\d{1,3})\b"
    r"|the\s+(?P<ord>first|second|third|fourth|fifth|last)(?:\s+(?:one|question|fork))?\b)",
    re.IGNORECASE)
_ANY_REF = re.compile(_QREF, re.IGNORECASE)
_BARE_REF = re.compile(r"(?<=[.;,、，；。])\s*(?P<q>\d)\s*[:)]\s")
# A letter said with a verb of choosing, after a question named without one
# ("Changed my mind on Q2, make it B", "Q2: I'd say B").
_CHOSEN = re.compile(
    r"\b(?i:make\s+it|make\s+that|say|go\s+with|going\s+with|should\s+be|pick|picking|choose"
    r"|take|prefer|vote|vote\s+for|switch\s+(?:it\s+)?to|change\s+(?:it\s+)?to|to|is|elijo"
    r"|has\s+to\s+be|must\s+be|needs\s+to\s+be|ought\s+to\s+be"
    r"|nehme|je\s+choisis|donc|so|do|let\s+us\s+do|let's\s+do|use|→|->"
    # "prefiero la B", "je préfère la B", "ich nehme die A", "prefiro a B"
    r"|prefiero|prefiro|préfère|prefere|preferisco|bevorzuge|wähle|escojo|escolho|scelgo"
    r"|voto\s+por|voto\s+per|opto\s+por)\s*:?\s+(?:(?i:option|opción|opção|opzione|la|el"
    r"|le|die|der|das|o|a)\s+)?(?P<c>[A-Z])(?![A-Za-z0-9'’])")
# What may end an answer written loosely ("q1 b", "1: A"): the end of the line, a
# sentence mark, a dash, a joining word, or the next answer.
_END = re.compile(
    r"\s*$|\s*[.,;!?)/|](?:\s|$)|\s+[-–—:/|]\s|\s*[.,;!?)/|]$"
    r"|\s+(?:because|since|as|and|but|please|for\s+now|actually|instead|then|too|probably"
    r"|maybe|perhaps|if|unless|provided|i\s+think|honestly|or)\b"
    r"|\s*(?:\*\*|__)?\s*(?:Q|question\s*\#?)\s*\d|\s+\d{1,2}\s*[).:=]\s"
    r"|\s*[（(]|\s*(?:\*\*|__)|\s+(?:thx|thanks|thank\s+you|ty|pls|cheers)\b"
    r"|\s*[、，。；]|(?=[\u3040-\u30ff\u4e00-\u9fff])|\s+(?:here|for\s+me)\b"
    r"|\s*[\U0001F300-\U0001FAFF\u2600-\u27BF\u2B50\u2705]", re.IGNORECASE)
# "the rest as recommended", "il resto come raccomandato", "Остальное по рекомендациям",
# "The rest — defaults.", "残りはおすすめで": the questions not answered take their
# recommendation. The words for "the rest" and for "recommended" in the common languages,
# a few joining words between them.
_REST_WORD = (
    r"(?:(?<![^\W\d_])(?:the\s+)?(?:rest|others|other\s+(?:ones?|two|questions?)"
    r"|remaining(?:\s+ones)?|everything\s+else|all\s+(?:the\s+)?others?|resto"
    r"|(?:los|las|lo)\s+dem[aá]s|le\s+reste|les\s+autres|(?:der\s+)?rest|die\s+(?:anderen|übrigen)"
    r"|restlichen?|остальн\w*|reszt\w*|pozostał\w*|de\s+rest|os\s+demais|o\s+resto"
    r"|diğerleri|geri\s+kalan\w*|(?:le|gli)\s+altr[ei]|il\s+resto|baaki\s+(?:dono|sab)|baaki"
    r"|sisanya|yang\s+lain|còn\s+lại|de\s+andere|overige)(?![^\W\d_])"
    r"|残り|その他|ほか|其余|其他|剩下的?|나머지)")
# The other questions, named as such ("the other two", "the rest", "die anderen"; not
# "encrypted at rest").
OTHER_QUESTIONS = re.compile(
    r"\b(?:the\s+)?(?:other\s+(?:two|three|ones?|questions?)|others)\b"
    r"|\bthe\s+(?:rest|remaining(?:\s+ones)?)\b|\b(?:die\s+anderen|les\s+autres"
    r"|(?:los|las)\s+dem[aá]s|gli\s+altri|os\s+outros)\b|остальн\w*|其他|他の", re.IGNORECASE)
# "Recommended" in the common languages other than English: stems of spaced languages, and
# the words of unspaced ones. Every reading of "the recommendation" starts from these.
RECOMMENDED_ELSEWHERE = (r"raccomand\w*|recomendad\w*|recomendaci\w*|recomenda\w*|recomiend\w*"
                         r"|recommand\w*|empf(?:ehl|ohl)\w*|aanbevel\w*|aanbevol\w*|rekomend\w*"
                         r"|рекоменд\w*|öneril\w*|consigliat\w*|zalecan\w*|sugerid\w*"
                         r"|suggerit\w*")
RECOMMENDED_UNSPACED = r"おすすめ|推荐|推奨|추천"
# …and, after "the rest", the defaults too ("Der Rest Standard", "остальное по умолчанию").
_REST_RECOMMENDED = (
    rf"(?:recommended|recommendations?|defaults?|suggested|{RECOMMENDED_ELSEWHERE}"
    r"|par\s+d[ée]faut|standard|vorschl\w*|умолчани\w*|domyśln\w*|zalecan\w*|standaard"
    rf"|varsayılan\w*|{RECOMMENDED_UNSPACED}|デフォルト|默认|기본)")
_REST_GLUE = (r"[\s:,;=—–\-]*(?:(?:as|are|at|is|go|goes|with|by|like|come|como|wie|comme|по"
              r"|the|to|on|lo|la|le|il|el|как|take|get|follow|sigue|siguen|seguono|nach|laut|zgodnie\s+z|は|も|で"
              r"|按|照|는|은|도|대로|va|bene|quell[oaie]|wale|wala|pakai|ikut)[\s:,;]*){0,3}")
REST = re.compile(
    rf"(?:\band\s+)?{_REST_WORD}{_REST_GLUE}(?:the\s+|your\s+)?{_REST_RECOMMENDED}"
    r"|\ball\s+(?:as\s+)?recommended\s+(?:except|but)"
    # "q1 a. others fine", after answers: the other questions as they stand ("The rest
    # looks good" may be the rest of the plan)
    r"|(?<=[.;,)]\s)(?:the\s+)?(?:others|other\s+(?:two|ones?|questions?))\s+(?:(?:are|look|seem"
    r"|sound)\s+)?(?:fine|ok|okay|good|lgtm|as\s+is)\b(?=\W*$)"
    rf"|\b(?:recommended|defaults?)\s+(?:for|on)\s+{_REST_WORD}",
    re.IGNORECASE)
_BARE = re.compile(rf"^\s*{_CHOICE.format(p='x')}", re.IGNORECASE)
_GLUE = re.compile(r"^[\s,;:.\-–—)*_]*(?:and\b|because\b|since\b|as\b)?[\s,;:]*",
                   re.IGNORECASE)
_TRAIL = re.compile(r"[\s,;*_]*(?:\band)?[\s,;]*$", re.IGNORECASE)


@dataclass(frozen=True)
class Form:
    """One answer as written: its question (or an ordinal for it), its choice and reason."""

    question: int | None
    ordinal: str  # "first" … "last" when the question is named by its place, else ""
    choice: str  # one letter as written, "recommended", or "former" / "latter"
    reason: str
    said: str  # the words that carried the answer, as written


@dataclass(frozen=True)
class LineReading:
    forms: tuple[Form, ...] = ()
    unread: tuple[tuple[int, str], ...] = ()  # (question, words) named but not readable
    rest_recommended: bool = False  # "the rest as recommended"


# "With bob's Q2 that should be everything": someone else's answer, cited, not one unread.
_WHOSE = re.compile(r"(?:\b[\w-]+['’]s|\b(?:his|her|their|your))\s+$", re.IGNORECASE)


@functools.lru_cache(maxsize=4096)  # pure; a long comment often repeats its lines
def read_line(line: str) -> LineReading:
    rest = bool(REST.search(line))
    text = REST.sub(lambda m: " " * len(m.group(0)), line)
    spans = _answers(text)
    refs = [(m.start(), m.end(), int(m.group("q"))) for m in _ANY_REF.finditer(text)
            if not any(s <= m.start() < e for s, e, _ in spans)
            and not _WHOSE.search(text[:m.start()])]
    # "1: B. 2: no, not needed": a bare number after an answer names the next question,
    # so the answer before it ends there.
    refs += [(m.start("q"), m.end(), int(m.group("q"))) for m in _BARE_REF.finditer(text)
             if spans and spans[0][1] <= m.start()
             and not any(s <= m.start("q") < e for s, e, _ in spans)]
    cuts = sorted([s for s, _, _ in spans] + [s for s, _, _ in refs] + [len(text)])
    forms = []
    for start, end, form in spans:
        stop = next(c for c in cuts if c >= end)
        reason = _TRAIL.sub("", _GLUE.sub("", text[end:stop])).strip()
        forms.append(Form(form.question, form.ordinal, form.choice, reason,
                          text[start:end].strip()))
    unread = []
    for start, _end, number in refs:
        stop = next(c for c in cuts if c > start)
        unread.append((number, _TRAIL.sub("", text[start:stop]).strip()))
    return LineReading(tuple(forms), tuple(unread), rest)


def bare_choice(line: str) -> Form | None:
    """A line that is nothing but a choice (`B`, `(b)`, `option B, because …`): the answer
    to a question quoted just above it."""
    match = _BARE.match(line)
    if match is None or not _ended(line, match.end()):
        return None
    choice = _choice(match, "x")
    reason = _TRAIL.sub("", _GLUE.sub("", line[match.end():])).strip()
    return Form(None, "", choice, reason, line[:match.end()].strip())


def _answers(text: str) -> list[tuple[int, int, Form]]:
    """Each answer on the line as (start, end, form), left to right, never overlapping."""
    found: list[tuple[int, int, Form]] = []
    for match in _ITEM.finditer(text):
        written = match.group("qp") or match.group("qo") or match.group("qb") or "R"
        # "Q1. A bit more context" is a sentence: after a full stop, the letter must end.
        strict = match.group("sep") in (None, ".") or written.islower()
        if match.group("sep") is None and _JOINS_NEXT.match(text, match.end() - 1):
            continue  # "Q1 y Q3: A", "Q1 e Q2": the word "and", then the next question
        if not strict or _ended(text, match.end()):
            found.append((match.start(), match.end(),
                          Form(int(match.group("q")), "", _choice(match, "q"), "", "")))
    for match in _FOR.finditer(text):
        letter = match.group("fc") or ""
        # "a for loop" is English; "A for Q1", "b for q1" and "B for the first one" answer.
        if letter.islower() and match.group("fq") is None:
            continue
        question = int(match.group("fq")) if match.group("fq") else None
        choice = letter.upper() or match.group("fp").lower()  # "former" / "latter" as said
        found.append((match.start(), match.end(),
                      Form(question, (match.group("ord") or "").lower(), choice, "", "")))
    found = _disjoint(found)
    for match in _NUMBERED.finditer(text):
        at_start = not text[:match.start()].strip(" -*+|")
        after_answer = any(e <= match.start() for _, e, _ in found)
        if (at_start or after_answer) and _ended(text, match.end()):
            found.append((match.start(), match.end(),
                          Form(int(match.group("n")), "", _choice(match, "n"), "", "")))
    return _disjoint(found)


def chosen_letter(text: str) -> str:
    """The letter `text` chooses with a verb of choosing, the last one ("" when none)."""
    last = last_chosen(text)
    return last.group("c") if last else ""


def last_chosen(text: str) -> re.Match[str] | None:
    """The last verb of choosing with its letter in `text` (`chosen_letter`), where it stands."""
    found = list(_CHOSEN.finditer(text))
    return found[-1] if found else None


def _disjoint(found: list[tuple[int, int, Form]]) -> list[tuple[int, int, Form]]:
    kept: list[tuple[int, int, Form]] = []
    for item in sorted(found, key=lambda f: (f[0], -f[1])):
        if not kept or item[0] >= kept[-1][1]:
            kept.append(item)
    return kept


# "and" as one letter in Spanish, Portuguese, Italian, Polish ("y", "e", "i"), before a
# question named.
_JOINS_NEXT = re.compile(r"[yei]\s+(?:\*\*|__)?(?:Q|question\s*\#?)\s*\d", re.IGNORECASE)


def _ended(text: str, at: int) -> bool:
    return _END.match(text, at) is not None


def _choice(match: re.Match[str], p: str) -> str:
    if match.group(f"{p}r"):
        return "recommended"
    letter = match.group(f"{p}p") or match.group(f"{p}o") or match.group(f"{p}b")
    return str(letter).upper()
