"""shell/cited.py: the files and issues a pitch cites, read as git and the forge know them."""

from __future__ import annotations

import subprocess
from pathlib import Path

from architect.core import source
from architect.shell.cited import CitedReader, blob_sha
from tests.world import PROJECT, make_world


def test_a_files_sha_is_gits_blob_id() -> None:
    data = b"WISHLIST = []\n"
    git = subprocess.run(["git", "hash-object", "--stdin"], input=data, capture_output=True,
                         check=True).stdout.decode().strip()
    assert blob_sha(data) == git


def test_on_the_forge_a_file_is_its_contents_sha_and_the_head_is_read_once(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    world.setup.put_file(PROJECT, "shop/wishlist.py", "WISHLIST = []\n")
    reader = CitedReader(world.bot, world.config)
    mark = reader.source("Wishlists", "Builds on #1.", ("shop/wishlist.py", "gone.py"), 2)
    assert dict(mark.files) == {"shop/wishlist.py": blob_sha(b"WISHLIST = []\n")}
    assert mark.issues == ()  # issue #1 does not exist: not cited as there
    branch = world.bot.get_branch(PROJECT, "main")
    assert branch is not None and mark.head == branch.head != ""
    assert reader.now(mark) == source.Cited(dict(mark.files), {}, mark.head)

    world.setup.put_file(PROJECT, "shop/wishlist.py", "WISHLIST: list[str] = []\n")
    now = CitedReader(world.bot, world.config).now(mark)
    assert now is not None and now.head != mark.head
    assert now.files == {"shop/wishlist.py": blob_sha(b"WISHLIST: list[str] = []\n")}


def test_with_a_checkout_files_are_hashed_from_disk_and_issues_taken_from_the_look(
        tmp_path: Path) -> None:
    world = make_world(tmp_path)
    (tmp_path / "a.py").write_text("x = 1\n")
    config = world.config.model_copy(update={"repo_root": tmp_path})
    design = world.setup.create_issue(PROJECT, "Design", "Small.", token=world.tokens["alice"])
    mark = CitedReader(world.bot, config).source("V", f"See #{design}.", ("a.py",), 99)
    assert dict(mark.files) == {"a.py": blob_sha(b"x = 1\n")} and mark.head == ""
    issue = world.bot.get_issue(PROJECT, design)
    closed = issue.model_copy(update={"state": "closed"})
    # After a look, an issue not on its page has not changed; one on it is read from it.
    assert CitedReader(world.bot, config, {}).now(mark) == source.Cited(
        dict(mark.files), dict(mark.issues), "")
    moved = CitedReader(world.bot, config, {design: closed}).now(mark)
    assert moved is not None and moved.issues[design] != dict(mark.issues)[design]
