"""The GitHub dialect as an app: routing, ETags, the rate-limit window, the rest passed on."""

from __future__ import annotations

import httpx
import pytest

from architect.emulator import EmbeddedForge
from architect.emulator.github_dialect import GitHubDialect, ghes_version
from tests.emulator.conftest import REPO, ROOT, Forge, github_of


def test_an_unknown_route_is_githubs_404(world: Forge) -> None:
    gh = github_of(world)
    missing = gh.call("GET", "/repos/acme/widgets/nothing/here")
    assert missing.status_code == 404
    assert missing.json()["message"] == "Not Found"
    assert missing.headers["X-GitHub-Media-Type"] == "github.v3; format=json"


def test_outside_api_v3_the_forge_answers_as_itself(world: Forge) -> None:
    gh = github_of(world)
    forgejo = gh.http.get(f"/api/v1/repos/{REPO}",
                          headers={"Authorization": f"token {world.tokens['bot']}"})
    assert forgejo.status_code == 200 and forgejo.json()["full_name"] == REPO
    page = gh.http.get(f"/{REPO}")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")


def test_a_matching_etag_is_a_304_that_costs_nothing(world: Forge) -> None:
    gh = github_of(world)
    first = gh.call("GET", f"/repos/{REPO}")
    assert first.headers["X-RateLimit-Remaining"] == "4999"
    again = gh.call("GET", f"/repos/{REPO}", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.content == b""
    assert again.headers["X-RateLimit-Remaining"] == "4999"


def test_a_spent_budget_is_a_403_with_none_remaining(world: Forge) -> None:
    gh = github_of(world, rate_limit=2)
    assert [gh.call("GET", "/user").status_code for _ in range(2)] == [200, 200]
    spent = gh.call("GET", "/user")
    assert spent.status_code == 403
    assert spent.json()["message"] == "API rate limit exceeded for user."
    assert spent.headers["X-RateLimit-Remaining"] == "0"
    assert gh.call("GET", "/user", "alice").status_code == 200  # each token has its own


def test_answers_carry_the_forges_date_and_are_recorded(world: Forge) -> None:
    gh = github_of(world)
    answer = gh.call("GET", f"/repos/{REPO}/issues")
    assert answer.headers["Date"].startswith("Mon, 05 Jan 2026 09:")  # the forge's clock
    assert gh.dialect.served[-1][:3] == ("GET", "/repos/<owner>/<repo>/issues", 200)


def test_a_ghes_version_is_read_from_3_17_on() -> None:
    assert ghes_version(" 3.18 ") == (3, 18)
    assert ghes_version("3.17") == (3, 17)
    for wrong in ("3.16", "3", "three.eighteen", ""):
        with pytest.raises(ValueError, match=r"from 3\.17 on, like 3\.18"):
            ghes_version(wrong)


def test_an_older_ghes_lacks_the_newest_routes_and_says_its_version() -> None:
    forge = EmbeddedForge()
    try:
        sub_issues = "/repos/<owner>/<repo>/issues/<int:number>/sub_issues"
        blocked_by = "/repos/<owner>/<repo>/issues/<int:number>/dependencies/blocked_by"
        served = {version: (GitHubDialect(forge, ghes=version).serves(sub_issues),
                            GitHubDialect(forge, ghes=version).serves(blocked_by))
                  for version in ("3.18", "3.19", "3.20")}
        assert served == {"3.18": (False, False), "3.19": (False, True), "3.20": (True, True)}
        assert GitHubDialect(forge).serves(sub_issues)  # github.com has everything
    finally:
        forge.stop()


def test_an_older_ghes_answers_404_and_names_itself(world: Forge) -> None:
    number = world.issue("parent")
    old = GitHubDialect(world.forge, ghes="3.18")
    http = httpx.Client(transport=httpx.WSGITransport(app=old), base_url=ROOT)
    headers = {"Authorization": f"Bearer {world.tokens['bot']}"}
    missing = http.get(f"/api/v3/repos/{REPO}/issues/{number}/sub_issues", headers=headers)
    assert (missing.status_code, missing.json()["message"]) == (404, "Not Found")
    assert missing.headers["X-GitHub-Enterprise-Version"] == "3.18.0"
