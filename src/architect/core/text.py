"""Text hygiene shared by everything that reads what humans wrote."""

from __future__ import annotations

import re
import unicodedata

# Zero-width and bidirectional control characters: invisible, and able to make
# "Q1: A" look like something else, so they are dropped before any parsing.
_INVISIBLE = re.compile("[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u00ad]")


def clean_text(text: str) -> str:
    """Normalise newlines and drop invisible characters; keeps everything visible."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = _INVISIBLE.sub("", text)
    return unicodedata.normalize("NFKC", text)


def visible_text(text: str) -> str:
    """`clean_text` minus HTML comments: what a reader of the rendered page sees."""
    return strip_html_comments(clean_text(text))


_WORD = re.compile(r"[a-z0-9]+")


def normalize(text: str) -> str:
    """Lowercase words separated by single spaces, for comparing human text."""
    return " ".join(_WORD.findall(text.lower()))


def first_word(text: str) -> str:
    stripped = clean_text(text).lstrip()
    match = re.match(r"[A-Za-z]+", stripped)
    return match.group(0) if match else ""


def one_line(text: str, limit: int = 120) -> str:
    flat = " ".join(clean_text(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def slugify(text: str, *, max_words: int | None = None, max_len: int = 48) -> str:
    """Lowercase ASCII words joined by "-", cut at a word boundary; "" when none."""
    ascii_text = unicodedata.normalize("NFKD", clean_text(text)).encode("ascii", "ignore").decode()
    slug = "-".join(re.findall(r"[a-z0-9]+", ascii_text.lower())[:max_words])
    if len(slug) > max_len:
        head = slug[:max_len]
        slug = head.rsplit("-", 1)[0] if "-" in head else head
    return slug


def html_comment_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each `<!-- … -->`; an unclosed one runs to the end of the text.

    A find() loop, not a regex: a lazy `<!--.*?-->` is quadratic on text full of
    unclosed comments, and human text can be a megabyte of anything.
    """
    spans: list[tuple[int, int]] = []
    pos = 0
    while (start := text.find("<!--", pos)) != -1:
        end = text.find("-->", start + 4)
        if end == -1:  # unclosed: a markdown renderer hides the rest too
            spans.append((start, len(text)))
            break
        spans.append((start, end + 3))
        pos = end + 3
    return spans


def strip_html_comments(text: str) -> str:
    parts: list[str] = []
    pos = 0
    for start, end in html_comment_spans(text):
        parts.append(text[pos:start])
        pos = end
    parts.append(text[pos:])
    return "".join(parts)


_KEYWORD = re.compile(r"[a-z0-9]+")
_KEYWORD_STOP_TEXT = (
    "about after also and are because been before being both but can could does each "
    "every for from have how into its just like make more most must need only other "
    "should some such than that the their them then there these they this those through "
    "under until what when where which while will with without would your"
)
_KEYWORD_STOPWORDS = frozenset(_KEYWORD_STOP_TEXT.split())


def _keyword_stem(word: str) -> str:
    for suffix in ("ers", "ing", "ed", "es", "s", "er"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


def keywords(text: str) -> frozenset[str]:
    """Content words (stemmed, 4+ letters, no stop words) for loose matching."""
    words = _KEYWORD.findall(text.lower()[:20_000])
    return frozenset(_keyword_stem(w) for w in words if len(w) >= 4 and w not in _KEYWORD_STOPWORDS)
