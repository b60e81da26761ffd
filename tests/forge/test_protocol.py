"""The `Forge` seam (forge/protocol.py): each method declared a read or a write once, and
both clients implement every method with the protocol's signature."""

from __future__ import annotations

import inspect

import pytest

from architect.forge.client import ForgeClient
from architect.forge.github import GitHubClient
from architect.forge.protocol import READS, WRITES, Forge

METHODS = {name for name, _ in inspect.getmembers(Forge, inspect.isfunction)
           if not name.startswith("_")}


def test_the_protocol_declares_each_method_a_read_or_a_write_once() -> None:
    assert READS.isdisjoint(WRITES)
    assert METHODS == READS | WRITES


def test_nothing_that_changes_the_forge_is_declared_a_read() -> None:
    # A dry run sends every read: a method named for a change among them would write.
    changing = ("create_", "edit_", "add_", "remove_", "delete_", "merge_", "update_",
                "change_", "link_")
    assert sorted(name for name in READS if name.startswith(changing)) == []
    assert sorted(name for name in WRITES if name.startswith(("get_", "list_"))) == []


@pytest.mark.parametrize("client", [ForgeClient, GitHubClient])
def test_each_client_implements_every_protocol_method_with_its_signature(
        client: type) -> None:
    for name in sorted(METHODS):
        ours = inspect.signature(getattr(client, name)).parameters
        theirs = inspect.signature(getattr(Forge, name)).parameters
        assert list(ours)[: len(theirs)] == list(theirs), name
        for param in theirs.values():
            assert ours[param.name].kind == param.kind, f"{name}({param.name})"
            if param.default is not inspect.Parameter.empty:
                assert ours[param.name].default == param.default, f"{name}({param.name})"
