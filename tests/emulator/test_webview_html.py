"""The web view's HTML: Markdown as a forge renders it, escaping, links and badges."""

from __future__ import annotations

from datetime import UTC, datetime

from architect.emulator.webview_html import (
    href,
    label_badges,
    listing,
    markdown,
    page,
    title_html,
    when,
)


def test_raw_html_is_shown_as_text_and_comments_vanish() -> None:
    shown = markdown("Hi <script>alert(1)</script>\n\n<!-- architect: x -->\n")
    assert "<script>" not in shown
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in shown
    assert "architect" not in shown


def test_task_items_become_disabled_boxes() -> None:
    shown = markdown("- [ ] todo\n- [x] done\n")
    assert '<input type="checkbox" disabled> todo' in shown
    assert '<input type="checkbox" disabled checked> done' in shown


def test_references_and_bare_urls_become_links_outside_code() -> None:
    shown = markdown("See #4, other/repo#7 and https://example.test/a. `#5`", ("acme", "w"))
    assert '<a href="/acme/w/issues/4">#4</a>' in shown
    assert '<a href="/other/repo/issues/7">other/repo#7</a>' in shown
    assert '<a href="https://example.test/a">https://example.test/a</a>.' in shown
    assert "<code>#5</code>" in shown
    assert "<a" not in markdown("See #4")  # no repository to resolve it in


def test_href_encodes_each_segment_and_skips_empty_ones() -> None:
    assert href("acme", "w", "src/branch", "a b", "") == "/acme/w/src/branch/a%20b"


def test_title_code_spans_and_label_colors() -> None:
    assert title_html("Fix `<b>` now") == "Fix <code>&lt;b&gt;</code> now"
    badges = label_badges([("bug", "ee0701"), ("odd", "red;x:1")])
    assert 'style="border-color:#ee0701"' in badges
    assert "red;x" not in badges
    assert label_badges([]) == ""


def test_listing_page_and_when() -> None:
    assert listing([], "None <yet>") == '<p class="meta">None &lt;yet&gt;</p>'
    assert listing(["<b>a</b>"], "x") == "<ul><li><b>a</b></li></ul>"
    assert when(datetime(2026, 1, 5, 9, 30, tzinfo=UTC)) == "2026-01-05 09:30 UTC"
    assert when(None) == ""
    doc = page("A <title>", "<p>body</p>", [("/acme", "acme")])
    assert "<title>A &lt;title&gt;</title>" in doc
    assert ' / <a href="/acme">acme</a>' in doc
