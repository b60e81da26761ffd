"""`DELETE /repos/{o}/{r}/labels/{id}` as Forgejo has it (`issueDeleteLabel`): a writer's
request, 204; the label leaves the repository and every issue that carried it."""

from __future__ import annotations

from tests.emulator.conftest import REPO, Forge

LABELS = f"/repos/{REPO}/labels"


def test_a_writer_deletes_a_label_and_it_leaves_the_issues_that_had_it(world: Forge) -> None:
    vision = world.setup.create_label(REPO, "vision", "ee0701")
    world.setup.create_label(REPO, "backlog", "00ee88")
    number = world.issue("t", labels=("vision", "backlog"))
    deleted = world.call("DELETE", f"{LABELS}/{vision}", "alice")
    assert deleted.status_code == 204 and deleted.content == b""
    assert [lab["name"] for lab in world.get(LABELS)] == ["backlog"]
    assert world.call("GET", f"{LABELS}/{vision}").status_code == 404
    assert [lab["name"] for lab in world.get(f"/repos/{REPO}/issues/{number}/labels")] == [
        "backlog"]


def test_a_reader_gets_403_anonymous_401_and_the_label_stays(world: Forge) -> None:
    vision = world.setup.create_label(REPO, "vision", "ee0701")
    refused = world.call("DELETE", f"{LABELS}/{vision}", "carol")
    assert refused.status_code == 403
    assert world.call("DELETE", f"{LABELS}/{vision}", None).status_code == 401
    assert [lab["name"] for lab in world.get(LABELS)] == ["vision"]


def test_an_unknown_id_is_204_as_forgejo_answers_it(world: Forge) -> None:
    # models/issues/label.go DeleteLabel returns nil for a label that does not exist.
    assert world.call("DELETE", f"{LABELS}/999", "alice").status_code == 204
