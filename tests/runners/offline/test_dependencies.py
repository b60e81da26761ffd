"""`after:` notes resolved, chained and checked for cycles (`runners.offline.dependencies`)."""

from __future__ import annotations

from architect.runners.offline.dependencies import find_cycle, longest_chain, resolve_dependencies
from architect.runners.offline.vision import ChecklistItem


def test_after_notes_name_an_item_by_id_slug_text_or_an_unambiguous_part() -> None:
    items = [ChecklistItem("store", "Store wishlist items"),
             ChecklistItem("api", "Wishlist API endpoints", after=("store",)),
             ChecklistItem("page", "Wishlist page",
                           after=("API endpoints", "store-wishlist-items")),
             ChecklistItem("mail", "Mail the list", after=("wishlist", "nothing like it", "mail"))]
    deps, unresolved = resolve_dependencies(items)
    assert deps == {"store": (), "api": ("store",), "page": ("api", "store"), "mail": ()}
    # "wishlist" is in three items' text: ambiguous; "mail" is the item itself: dropped.
    assert unresolved == [("Mail the list", "wishlist"), ("Mail the list", "nothing like it")]


def test_the_longest_chain_runs_first_task_first() -> None:
    deps = {"store": (), "api": ("store",), "page": ("api",), "mail": ("store",)}
    assert longest_chain(deps) == ["store", "api", "page"]
    assert longest_chain({}) == []


def test_a_cycle_is_one_closed_path_and_none_is_empty() -> None:
    assert find_cycle({"a": ("b",), "b": ("c",), "c": ("a",)}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": ("b",), "b": ()}) == []
    assert longest_chain({"a": ("b",), "b": ("a",)}) in (["a", "b"], ["b", "a"])  # cut
