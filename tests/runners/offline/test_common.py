"""The text helpers the offline planner's modes share (`runners.offline.common`)."""

from __future__ import annotations

from architect.runners.offline.common import bullets, clip, kind_of, listing, plural, sentence


def test_sentence_capitalises_and_ends_with_a_stop() -> None:
    assert sentence("  keep items ") == "Keep items."
    assert sentence("Why not?") == "Why not?"
    assert sentence("") == ""


def test_clip_cuts_at_a_word_in_its_second_half() -> None:
    assert clip("short", 10) == "short"
    assert clip("keep the wishlist forever", 12) == "keep the…"
    assert clip("abcdefghijklmnop", 8) == "abcdefg…"  # no space to cut at


def test_bullets_say_how_many_more_were_left_out() -> None:
    assert bullets(["a", "b\nc", "d"], limit=2) == "- a\n- b c\n- … and 1 more"
    assert bullets([], limit=3) == ""


def test_counts_and_lists_read_as_english() -> None:
    assert (plural(1, "task"), plural(3, "task"), plural(0, "task")) == (
        "1 task", "3 tasks", "no tasks")
    assert plural(2, "dependency", "dependencies") == "2 dependencies"
    assert [listing(n) for n in ([], ["a"], ["a", "b"], ["a", "b", "c"])] == [
        "", "a", "a and b", "a, b and c"]


def test_a_tasks_kind_is_read_from_its_first_word() -> None:
    assert [kind_of(t) for t in ("Fix the cart", "docs: API", "Refactoring x", "Add a page",
                                 "", "42 things")] == [
        "fix", "docs", "refactor", "feature", "feature", "feature"]
