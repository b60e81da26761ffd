"""Pagination as Forgejo does it: 30 by default, 50 at most, Link and X-Total-Count."""

from __future__ import annotations

import pytest

from architect.emulator import EmbeddedForge
from tests.emulator.conftest import REPO, Forge, SteppingClock, make_forge

ISSUES = f"/repos/{REPO}/issues"


@pytest.fixture(scope="module")
def busy() -> Forge:
    """120 issues, 60 comments on #1, 60 labels: created once for the module."""
    made = make_forge(EmbeddedForge(clock=SteppingClock()))
    for i in range(120):
        made.call("POST", ISSUES, json={"title": f"issue {i + 1}"})
    for i in range(60):
        made.call("POST", f"{ISSUES}/1/comments", json={"body": f"comment {i}"})
        made.call("POST", f"/repos/{REPO}/labels", json={"name": f"l{i:02}", "color": "fff"})
    return made


def _links(header: str) -> dict[str, str]:
    links = {}
    for part in header.split(","):
        url, rel = part.split(">; rel=")
        links[rel.strip('"')] = url.lstrip("<")
    return links


def test_three_pages_of_fifty_with_link_and_total(busy: Forge) -> None:
    pages = [busy.call("GET", f"{ISSUES}?limit=50&page={n}") for n in (1, 2, 3)]
    assert [len(p.json()) for p in pages] == [50, 50, 20]
    assert {p.headers["X-Total-Count"] for p in pages} == {"120"}
    assert [p.json()[0]["number"] for p in pages] == [120, 70, 20]
    first, middle, last = (p.headers["Link"] for p in pages)
    assert ", " not in first
    assert first == (
        f'<http://forge.test/api/v1{ISSUES}?limit=50&page=2>; rel="next",'
        f'<http://forge.test/api/v1{ISSUES}?limit=50&page=3>; rel="last"'
    )
    assert list(_links(middle)) == ["next", "last", "first", "prev"]
    assert list(_links(last)) == ["first", "prev"]
    assert _links(last)["prev"].endswith("page=2")


def test_default_thirty_clamp_at_fifty_and_past_the_end(busy: Forge) -> None:
    assert len(busy.get(ISSUES)) == 30
    assert len(busy.get(f"{ISSUES}?limit=500")) == 50
    assert len(busy.get(f"{ISSUES}?limit=-1")) == 30
    assert busy.get(f"{ISSUES}?limit=50&page=9") == []
    assert busy.get(f"{ISSUES}?page=0")[0]["number"] == 120
    one_page = busy.call("GET", f"{ISSUES}?type=pulls")
    assert one_page.json() == [] and "Link" not in one_page.headers


def test_lists_that_paginate_only_when_a_page_is_asked_for(busy: Forge) -> None:
    labels = busy.call("GET", f"/repos/{REPO}/labels")
    assert len(labels.json()) == 60 and labels.headers["X-Total-Count"] == "60"
    assert len(busy.get(f"/repos/{REPO}/labels?page=2&limit=50")) == 10
    assert len(busy.get(f"{ISSUES}/comments")) == 60
    assert len(busy.get(f"{ISSUES}/comments?page=1")) == 30


def test_per_issue_comments_are_never_paginated(busy: Forge) -> None:
    comments = busy.call("GET", f"{ISSUES}/1/comments?limit=10&page=2")
    assert len(comments.json()) == 60 and comments.headers["X-Total-Count"] == "60"
    assert comments.json()[0]["body"] == "comment 0"
