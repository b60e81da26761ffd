"""The web view's HTML pieces (`emulator.webview_html`): markdown as a forge shows it,
raw HTML as text, hidden comments gone, every path and text escaped."""

from __future__ import annotations

from architect.emulator.webview_html import href, link, markdown, state_badge, title_html


def test_markdown_shows_task_boxes_and_links_issue_references() -> None:
    html = markdown("- [x] done\n- [ ] todo\n\nSee #3 and acme/shop#4", ("acme", "shop"))
    assert '<li><input type="checkbox" disabled checked> done</li>' in html
    assert '<li><input type="checkbox" disabled> todo</li>' in html
    assert '<a href="/acme/shop/issues/3">#3</a>' in html
    assert '<a href="/acme/shop/issues/4">acme/shop#4</a>' in html


def test_raw_html_is_shown_as_text_and_hidden_comments_are_dropped() -> None:
    html = markdown("<b>bold</b> <script>x()</script> <!-- architect: footer slug=1-a -->")
    assert "&lt;b&gt;bold&lt;/b&gt;" in html and "<script>" not in html
    assert "architect: footer" not in html


def test_paths_and_texts_are_escaped() -> None:
    assert href("acme", "shop", "src/branch/main", "a b.md") == (
        "/acme/shop/src/branch/main/a%20b.md")
    assert link("/x?a=1&b", "<me>") == '<a href="/x?a=1&amp;b">&lt;me&gt;</a>'
    assert title_html("Use `x` <now>") == "Use <code>x</code> &lt;now&gt;"
    assert state_badge("merged") == '<span class="state state-merged">Merged</span>'
