"""The `q` of an issue search, as Forgejo's two issue indexers answer it.

Pure functions: a keyword becomes tokens, a document becomes terms, and a
match is decided without any store or clock. The references are Forgejo's
sources (d883bd8f12):

* `modules/indexer/issues/internal/qstring.go`, `Tokenizer.next`: tokens split
  on spaces; `"…"` makes a phrase that is not fuzzy, a leading `+` makes the
  token required, `-` excludes it, and `\\` escapes.
* `modules/indexer/issues/bleve/bleve.go`, `Search` and the `issueIndexer`
  analyzer (unicode tokenizer, NFC, camelCase split, lower case): every token is
  a phrase on title, content and comments, OR-ed; `#N` also matches the issue of
  index N. Fuzzy tokens use bleve's automatic fuzziness
  (`search/searcher/search_fuzzy.go`, `GetAutoFuzziness`: 0 edits up to two
  bytes, 1 up to five, 2 beyond).
* `sort=relevance` (`SortByScore`): bleve orders by its score, which grows with
  the clauses a document matches (the coordination factor); here, the number of
  tokens that hit, then those that hit the title, then the newest. The database
  indexer has no score and answers newest first (`db/options.go`, `ToDBOptions`).
* `modules/indexer/issues/db/db.go`, `Search`: each token is a case-insensitive
  `LIKE '%term%'` on title, content and comment text, but the loop reassigns
  its condition, so only the last token counts; and the index comparison sits
  under `err != nil`, so `#N` never matches an index.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cached_property

BLEVE = "bleve"
DB = "db"
INDEXERS = (BLEVE, DB)


class Kind(Enum):
    MUST = "+"
    SHOULD = ""
    NOT = "-"


@dataclass(frozen=True)
class Token:
    term: str
    kind: Kind = Kind.SHOULD
    fuzzy: bool = True

    @cached_property
    def phrase(self) -> tuple[str, ...]:
        """The term's words as the analyzer reads them: once a query, not once an issue."""
        return analyze(self.term)

    def issue_reference(self) -> int | None:
        """`ParseIssueReference`: `#12`, `!12` or `12` name issue 12."""
        term = self.term[1:] if self.term[:1] in ("#", "!") else self.term
        try:
            return int(term, 10)
        except ValueError:
            return None


def tokens(keyword: str) -> list[Token]:
    """`SearchOptions.Tokens`, rune by rune as `Tokenizer.next` reads them.

    The caller trims the keyword first (`ctx.FormTrim("q")`).
    """
    found: list[Token] = []
    at, end = 0, len(keyword)
    while True:
        while at < end and keyword[at] == " ":
            at += 2  # the skip loop reads one more rune after a space and drops it
        if at >= end:
            return found
        kind = Kind.SHOULD
        if keyword[at] in "+-":
            kind = Kind.MUST if keyword[at] == "+" else Kind.NOT
            at += 1
            if at >= end:  # a lone operator at the end reads EOF: no token
                return found
        term: list[str] = []
        fuzzy, escaped = True, False
        while at < end:
            char = keyword[at]
            at += 1
            if escaped:
                if char not in '+-\\"':
                    term.append("\\")
                term.append(char)
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                if not fuzzy:
                    break
                fuzzy = False
            elif char in " \t" and fuzzy:
                break
            else:
                term.append(char)
        found.append(Token("".join(term), kind, fuzzy))


# -- bleve's `issueIndexer` analyzer -------------------------------------------------

# Unicode word segmentation (UAX #29) as bleve's `unicode` tokenizer keeps it: runs of
# letters, digits and `_`, joined across `.`, `'` and `:` between letters and across
# `.`, `,`, `;` and `'` between digits ("don't", "v1.2", "a.b" are one word each).
_WORD = re.compile(
    r"\w+(?:(?:(?<=[^\W\d_])[.'’:·](?=[^\W\d_])|(?<=\d)[.,;'’](?=\d))\w+)*"
)


def _camel_case(word: str) -> list[str]:
    """bleve's `camelCase` filter: runs of lower case, Upper(lower…|UPPER…), digits, others."""
    parts: list[str] = []
    at = 0
    while at < len(word):
        start, char = at, word[at]
        at += 1
        if char.islower():
            while at < len(word) and word[at].islower():
                at += 1
        elif char.isupper():
            collecting_upper: bool | None = None
            while at < len(word):
                sym = word[at]
                peek = word[at + 1] if at + 1 < len(word) else None
                if not (sym.islower() or sym.isupper()):
                    break
                if peek is not None and sym.isupper() and peek.islower():
                    break
                if collecting_upper is None:
                    collecting_upper = sym.isupper()
                elif collecting_upper != sym.isupper():
                    break
                at += 1
        elif char.isnumeric():
            while at < len(word) and word[at].isnumeric():
                at += 1
        else:
            while at < len(word) and not (word[at].isalpha() or word[at].isnumeric()):
                at += 1
        parts.append(word[start:at])
    return parts


def analyze(text: str) -> tuple[str, ...]:
    """The terms bleve indexes for `text`, in position order."""
    text = unicodedata.normalize("NFC", text)
    return tuple(
        part.lower() for word in _WORD.findall(text) for part in _camel_case(word)
    )


def fuzziness(term: str) -> int:
    """`GetAutoFuzziness`: by length in bytes, as Go's `len` counts."""
    size = len(term.encode())
    return 2 if size > 5 else 1 if size > 2 else 0


def within(a: str, b: str, limit: int) -> bool:
    """Levenshtein distance of `a` and `b` at most `limit` (bleve's automaton: no swaps)."""
    if a == b:
        return True
    if limit == 0 or abs(len(a) - len(b)) > limit:
        return False
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1,
                               previous[j - 1] + (ca != cb)))
        if min(current) > limit:
            return False
        previous = current
    return previous[-1] <= limit


@dataclass(frozen=True)
class Document:
    """What the indexer stored for one issue: its index and the text of each field."""

    index: int
    raw: tuple[str, ...]  # title, content, comments as written: what `LIKE` reads

    @classmethod
    def of(cls, index: int, title: str, content: str, comments: Sequence[str]) -> Document:
        return cls(index, (title, content, *comments))

    @cached_property
    def terms(self) -> tuple[tuple[str, ...], ...]:
        """The terms of title, content and each comment, analyzed when first searched."""
        return tuple(analyze(text) for text in self.raw)


TermMatch = Callable[[str, str], bool]


def _phrase_in(phrase: Sequence[str], field: Sequence[str], fuzzy: bool) -> bool:
    """`MatchPhraseQuery`: the terms at consecutive positions, each within its fuzziness."""
    if not phrase or len(phrase) > len(field):
        return False  # a term with no words (`#`, `""`) matches nothing
    limits = [fuzziness(t) if fuzzy else 0 for t in phrase]
    for start in range(len(field) - len(phrase) + 1):
        if all(within(t, field[start + k], limits[k]) for k, t in enumerate(phrase)):
            return True
    return False


def _bleve_hit(token: Token, doc: Document) -> bool:
    """One token's disjunction: title, content, comments, and the index for `#N`."""
    if any(_phrase_in(token.phrase, field, token.fuzzy) for field in doc.terms):
        return True
    return token.issue_reference() == doc.index


def bleve_matches(query: Sequence[Token], doc: Document) -> bool:
    """The boolean query: every MUST, no NOT, and one SHOULD unless a MUST is there.

    With only NOT tokens bleve starts from "match all" (`BooleanQuery.Searcher`).
    """
    must = [t for t in query if t.kind is Kind.MUST]
    should = [t for t in query if t.kind is Kind.SHOULD]
    if any(_bleve_hit(t, doc) for t in query if t.kind is Kind.NOT):
        return False
    if not all(_bleve_hit(t, doc) for t in must):
        return False
    return bool(must) or not should or any(_bleve_hit(t, doc) for t in should)


def bleve_score(query: Sequence[Token], doc: Document) -> tuple[int, int]:
    """How well `doc` answers `query` for `sort=relevance`: the tokens that hit it, then
    those that hit its title (an approximation of bleve's score, same order in the cases
    that matter: more words in common ranks higher)."""
    wanted = [t for t in query if t.kind is not Kind.NOT]
    title = doc.terms[0] if doc.terms else ()
    return (sum(1 for t in wanted if _bleve_hit(t, doc)),
            sum(1 for t in wanted if _phrase_in(t.phrase, title, t.fuzzy)))


def _like(term: str) -> re.Pattern[str]:
    """`LIKE '%term%'`, unescaped as xorm's builder sends it: `%` and `_` are wildcards."""
    pattern = "".join(".*" if c == "%" else "." if c == "_" else re.escape(c) for c in term)
    return re.compile(pattern, re.IGNORECASE | re.DOTALL)


def db_matches(query: Sequence[Token], doc: Document) -> bool:
    """`db.go`: the last token's LIKE alone decides (the loop overwrites `cond`)."""
    if not query:
        return True
    pattern = _like(query[-1].term)
    return any(pattern.search(text) for text in doc.raw)


def matcher(indexer: str) -> Callable[[Sequence[Token], Document], bool]:
    return db_matches if indexer == DB else bleve_matches
