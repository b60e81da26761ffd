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


def first_word(text: str) -> str:
    stripped = clean_text(text).lstrip()
    match = re.match(r"[A-Za-z]+", stripped)
    return match.group(0) if match else ""


def one_line(text: str, limit: int = 120) -> str:
    flat = " ".join(clean_text(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def slugify(text: str, *, max_words: int = 6, max_len: int = 48) -> str:
    ascii_text = unicodedata.normalize("NFKD", clean_text(text)).encode("ascii", "ignore").decode()
    words = re.findall(r"[a-z0-9]+", ascii_text.lower())[:max_words]
    slug = "-".join(words)[:max_len].strip("-")
    return slug or "sprint"
