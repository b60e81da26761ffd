"""Sub-issues on the GitHub dialect, through the adapter: an issue is found by its id
without listing the repository, a page of sub-issues reads only its own, and "already a
sub-issue" is a fact of one repository (its numbers name its issues only)."""

from __future__ import annotations

from pathlib import Path

import httpx

from architect.emulator.github_dialect import GitHubDialect
from tests.world import BASE, BOT, OPS, PROJECT, World, make_world


def _dialect(world: World) -> GitHubDialect:
    assert world.github is not None
    return world.github


def _forget_asked(world: World) -> None:
    _dialect(world).backend.asked.clear()


def _asked(world: World) -> list[tuple[str, str]]:
    """The Forgejo requests the dialect made since `_forget_asked`."""
    return list(_dialect(world).backend.asked)


def _get(world: World, path: str, **params: int) -> httpx.Response:
    http = httpx.Client(transport=httpx.WSGITransport(app=_dialect(world)), base_url=BASE)
    return http.get(f"/api/v3{path}", params=params,
                    headers={"Authorization": f"Bearer {world.tokens[BOT]}"})


def _sub_issues(world: World, repo: str, parent: int) -> list[int]:
    return [i["number"] for i in _get(world, f"/repos/{repo}/issues/{parent}/sub_issues").json()]


def test_attaching_a_sub_issue_finds_it_by_id_without_listing_the_repository(
        tmp_path: Path) -> None:
    world = make_world(tmp_path, dialect="github")
    parent = world.bot.create_issue(PROJECT, title="Vision", body="")
    for n in range(60):  # more than one page of the store's listing
        world.setup.create_issue(PROJECT, f"Issue {n}", "")
    child = world.bot.create_issue(PROJECT, title="Part", body="")
    _forget_asked(world)
    world.bot.link_sub_issue(PROJECT, parent.number, child.number)
    asked = _asked(world)
    assert ("GET", f"/repos/{PROJECT}/issues") not in asked
    assert len(asked) <= 4  # the parent twice, the child, the repository: not 61 issues
    assert _sub_issues(world, PROJECT, parent.number) == [child.number]


def test_a_page_of_sub_issues_reads_only_the_issues_on_it(tmp_path: Path) -> None:
    world = make_world(tmp_path, dialect="github")
    parent = world.bot.create_issue(PROJECT, title="Vision", body="")
    children = [world.bot.create_issue(PROJECT, title=f"Part {n}", body="") for n in range(5)]
    for child in children:
        world.bot.link_sub_issue(PROJECT, parent.number, child.number)
    _forget_asked(world)
    answer = _get(world, f"/repos/{PROJECT}/issues/{parent.number}/sub_issues",
                  per_page=2, page=2)
    assert [i["number"] for i in answer.json()] == [c.number for c in children[2:4]]
    reads = [path for method, path in _asked(world) if method == "GET"]
    assert reads == [f"/repos/{PROJECT}/issues/{n}"
                     for n in (parent.number, children[2].number, children[3].number)]


def test_the_same_number_is_a_sub_issue_in_each_repository_once(tmp_path: Path) -> None:
    world = make_world(tmp_path, dialect="github")
    pairs = {}
    for repo in (PROJECT, OPS):
        while (made := world.bot.create_issue(repo, title="Parent", body="")).number < 20:
            pass
        pairs[repo] = (made.number, world.bot.create_issue(repo, title="Child", body="").number)
    assert pairs[PROJECT] == pairs[OPS]  # the same numbers on both repositories
    for repo, (parent, child) in pairs.items():
        world.bot.link_sub_issue(repo, parent, child)
        assert _sub_issues(world, repo, parent) == [child]
