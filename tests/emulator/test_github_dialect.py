"""The GitHub dialect as an app: routing, ETags, the rate-limit window, the rest passed on."""

from __future__ import annotations

from tests.emulator.conftest import REPO, Forge, github_of


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
