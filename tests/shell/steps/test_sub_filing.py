"""Filing sub-issues once each (`shell.steps.sub_filing`): created in order with their
dependencies, and found again by their marker when the record of them was lost."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from architect.core.ledger import Ledger
from architect.shell.steps.sub_filing import Filing, file_each, filed_before
from tests.builders import a_sub_issue
from tests.shell.steps.helpers import planned_with
from tests.world import OPS, PROJECT, make_world


def test_each_sub_issue_is_filed_once_and_a_lost_record_is_found_by_marker(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    vision = world.vision("Wishlists")
    hands, _ = planned_with(world)
    labels = {label.name: label.id for label in world.bot.list_labels(PROJECT)}
    filing = Filing(vision, "1-wishlists", f"http://forge.test/{OPS}/pulls/9", labels, Ledger())
    subs = [a_sub_issue("store", "Store wishlist items"),
            a_sub_issue("page", "Wishlist page", depends_on=["store"])]
    noted: list[tuple[str, int]] = []
    since = datetime(2026, 1, 1, tzinfo=UTC)
    numbers, created = file_each(hands, filing, subs, done={},
                                 note=lambda sub, n: noted.append((sub, n)))
    assert noted == list(numbers.items()) and sorted(created) == sorted(numbers.values())
    store, page = numbers["store"], numbers["page"]
    assert world.bot.get_issue(PROJECT, store).label_names == {"backlog"}
    assert [d.number for d in world.bot.list_dependencies(PROJECT, page)] == [store]
    # The record was lost: the markers find both, and a second filing creates nothing.
    found = filed_before(hands, filing, since=since)
    assert found == numbers and filed_before(hands, filing, since=since, skip={store}) == {
        "page": page}
    again, more = file_each(hands, filing, subs, done=found, note=lambda sub, n: None)
    assert again == numbers and more == {}
    other = Filing(vision, "1-other", filing.pr_url, labels, Ledger())
    assert filed_before(hands, other, since=since) == {}  # another sprint's issues
