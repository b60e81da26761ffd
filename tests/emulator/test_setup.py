"""Seeding a forge through its API (`emulator.setup`), as one would seed a real Forgejo:
users with tokens, repos with collaborators, issues, labels, comments and files."""

from __future__ import annotations

import httpx
import pytest

from architect.emulator import EmbeddedForge
from architect.emulator.setup import ForgeSetup, ForgeSetupError
from architect.forge.client import ForgeClient

BASE = "http://forge.test"


def test_what_is_seeded_is_what_a_client_reads() -> None:
    forge = EmbeddedForge()
    transport = httpx.WSGITransport(app=forge.wsgi)
    setup = ForgeSetup(httpx.Client(transport=transport, base_url=BASE), forge.admin_token)
    alice = setup.create_user("alice")
    setup.create_repo("alice", "shop")
    setup.create_label("alice/shop", "vision", "5319e7")
    number = setup.create_issue("alice/shop", "Wishlists", "Keep a wishlist.",
                                labels=("vision",), token=alice)
    setup.comment("alice/shop", number, "ACCEPT", token=alice)
    setup.put_file("alice/shop", "docs/a.md", "# A\n", branch="feature")
    client = ForgeClient(BASE, alice, transport=transport)
    assert client.current_user().login == "alice"
    issue = client.get_issue("alice/shop", number)
    assert (issue.title, issue.user.login) == ("Wishlists", "alice")
    assert issue.label_names == {"vision"}
    assert [c.body for c in client.list_comments("alice/shop", number)] == ["ACCEPT"]
    found = client.get_file("alice/shop", "docs/a.md", ref="feature")
    assert found is not None and found.text == "# A\n"
    assert "feature" in client.list_branches("alice/shop")


def test_a_refused_request_names_itself_and_the_forges_answer() -> None:
    forge = EmbeddedForge()
    setup = ForgeSetup(httpx.Client(transport=httpx.WSGITransport(app=forge.wsgi),
                                    base_url=BASE), forge.admin_token)
    with pytest.raises(ForgeSetupError, match=r"^POST /repos/nobody/shop/labels: 404 "):
        setup.create_label("nobody/shop", "vision", "5319e7")
