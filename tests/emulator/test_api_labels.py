"""Labels: colours, the list's order and paging, replacing and clearing an issue's labels."""

from __future__ import annotations

import pytest

from architect.emulator.api_labels import normalise_color
from architect.emulator.web import ApiError
from tests.emulator.conftest import REPO, Forge

LABELS = f"/repos/{REPO}/labels"


def test_colours_are_stored_as_six_lowercase_digits_with_a_hash() -> None:
    assert normalise_color("EE0701") == "#ee0701"
    assert normalise_color("#0e8") == "#00ee88"
    with pytest.raises(ApiError) as raised:
        normalise_color("blue")
    assert (raised.value.status, raised.value.message) == (422, "invalid color: blue")


def test_the_list_is_whole_unless_a_page_is_asked_and_may_be_reversed(world: Forge) -> None:
    for name in ("b", "a", "c", "a"):  # a duplicate name is allowed, as in Forgejo
        world.setup.create_label(REPO, name, "ffffff")
    whole = world.call("GET", LABELS, params={"limit": 1})
    assert [x["name"] for x in whole.json()] == ["a", "a", "b", "c"]
    assert whole.headers["X-Total-Count"] == "4"
    paged = world.get(LABELS, params={"page": 2, "limit": 2, "sort": "reversealphabetically"})
    assert [x["name"] for x in paged] == ["a", "a"]


def test_get_label_by_id_or_404(world: Forge) -> None:
    bug = world.setup.create_label(REPO, "bug", "ee0701")
    assert world.get(f"{LABELS}/{bug}")["name"] == "bug"
    assert world.call("GET", f"{LABELS}/{bug + 50}").status_code == 404


def test_put_replaces_the_labels_and_an_empty_list_clears_them(world: Forge) -> None:
    world.setup.create_label(REPO, "one", "ffffff")
    world.setup.create_label(REPO, "two", "ffffff")
    number = world.issue("t", labels=("one",))
    path = f"/repos/{REPO}/issues/{number}/labels"
    replaced = world.call("PUT", path, json={"labels": ["two"]})
    assert [x["name"] for x in replaced.json()] == ["two"]
    assert world.call("PUT", path, json={"labels": []}).json() == []


def test_delete_clears_all_and_a_non_list_is_a_binding_error(world: Forge) -> None:
    world.setup.create_label(REPO, "one", "ffffff")
    number = world.issue("t", labels=("one",))
    path = f"/repos/{REPO}/issues/{number}/labels"
    bad = world.call("POST", path, json={"labels": "one"})
    assert (bad.status_code, bad.json()["message"]) == (
        422, "[Labels]: Json: cannot unmarshal into []interface {}"
    )
    assert world.call("POST", path, json={"labels": [True]}).status_code == 400
    cleared = world.call("DELETE", path)
    assert (cleared.status_code, cleared.content) == (204, b"")
    assert world.get(path) == []
    events = [e["type"] for e in world.get(f"/repos/{REPO}/issues/{number}/timeline")]
    assert events == ["label"]
