"""Text hygiene (`core.text`): what every reader of human text sees before it parses."""

from __future__ import annotations

from architect.core.text import (
    clean_text,
    first_word,
    html_comment_spans,
    keywords,
    normalize,
    one_line,
    slugify,
    strip_html_comments,
    visible_text,
)


def test_clean_text_drops_invisible_characters_and_unifies_newlines() -> None:
    assert clean_text("Q1:\u200b A\r\nok\rend") == "Q1: A\nok\nend"
    assert clean_text("\u202eA\u202c\ufeff") == "A"
    assert clean_text("ﬁle") == "file"  # NFKC folds the ligature a reader sees as "fi"


def test_visible_text_is_what_the_rendered_page_shows() -> None:
    assert visible_text("ACCEPT <!-- architect: box id=x -->\r\nthanks") == "ACCEPT \nthanks"


def test_normalize_and_first_word_compare_human_text_loosely() -> None:
    assert normalize("  Store, the WISH-list!  ") == "store the wish list"
    assert first_word("\u200b  Accept: yes") == "Accept"
    assert first_word("42 is not a word") == ""


def test_one_line_flattens_and_cuts_with_an_ellipsis() -> None:
    assert one_line("a\n\n b\tc") == "a b c"
    assert one_line("abcdef", limit=4) == "abc…"
    assert one_line("abcd", limit=4) == "abcd"


def test_slugify_cuts_at_a_word_boundary_and_keeps_ascii() -> None:
    assert slugify("Shoppers keep a Wishlist!") == "shoppers-keep-a-wishlist"
    assert slugify("Café crème brûlée", max_words=2) == "cafe-creme"
    assert slugify("alpha beta gamma", max_len=12) == "alpha-beta"
    assert slugify("abcdefghijkl", max_len=5) == "abcde"
    assert slugify("日本語 !!") == ""


def test_an_unclosed_comment_hides_the_rest_as_a_renderer_does() -> None:
    text = "a<!-- one -->b<!-- open"
    assert html_comment_spans(text) == [(1, 13), (14, len(text))]
    assert strip_html_comments(text) == "ab"
    assert strip_html_comments("no comment") == "no comment"


def test_keywords_are_stemmed_content_words() -> None:
    assert keywords("The shoppers are storing wishlists, and they should share") == {
        "shopp", "stor", "wishlist", "share"}
    assert keywords("a to of it is") == frozenset()
