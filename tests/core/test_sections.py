"""Old sprint PRs stay readable: the parsers read the bare `#N` that earlier versions
wrote on the ops repo as well as the qualified `owner/repo#N` written now."""

from __future__ import annotations

from architect.core import render
from architect.core.render import filed_numbers
from architect.core.sections import in_file, own_sections

OLD_FILE = ("# Sprint: Wishlists\n\n## Vision issues\n\n- #1 — Wishlists\n\n"
            "_Vision: #1. Kept by the architect._\n")


def test_the_filed_line_is_read_in_both_forms() -> None:
    assert filed_numbers("pitch\n\n## Filed: #4 #5\n\n<!-- architect: vision=#1 -->") == (4, 5)
    assert filed_numbers("pitch\n\n## Filed: acme/shop#4 acme/shop#5\n") == (4, 5)
    assert filed_numbers(render.pr_body(1, "pitch", None, (7, 8), repo="acme/shop")) == (7, 8)


def test_an_old_sprint_file_gets_its_sections_before_its_bare_footer() -> None:
    text = in_file(OLD_FILE, own_sections(None, (4,), repo="acme/shop"))
    assert text.endswith("## Filed: acme/shop#4\n\n_Vision: #1. Kept by the architect._\n")


def test_a_new_sprint_file_names_its_vision_qualified() -> None:
    text = render.sprint_file("Wishlists", 1, "## Vision issues\n\n- acme/shop#1 — Wishlists",
                              None, (), repo="acme/shop")
    assert text.endswith("_Vision: acme/shop#1. Kept by the architect._\n")
    assert render.pr_body(1, "pitch", None, (), repo="acme/shop").endswith(
        "<!-- architect: vision=#1 -->\n")  # the marker keeps DESIGN.md's form
