"""The recorded `@octokit/fixtures` sessions of real GitHub replayed against the
adapter's own request code (`GitHubClient` on an `httpx.MockTransport`): it asks
what the recording asked (method, path, the recorded body's fields, Link pages) and
reads what GitHub answered (models, errors, rate limits, redirects)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest

from architect.errors import ForgeValidation
from architect.forge.github import GitHubClient
from architect.forge.github_http import Kept, Pace
from architect.forge.http import RetryPolicy
from tests.world import VirtualTime

FIXTURES = Path(__file__).parents[1] / "data" / "github" / "fixtures"
ORG = "octokit-fixture-org"


class Replay:
    """Serves the recorded answers in order; a request must be the one recorded next
    (method, path; the query too once a page's Link named it)."""

    def __init__(self, scenario: str, skip: tuple[int, ...] = ()) -> None:
        recorded = json.loads((FIXTURES / f"{scenario}.json").read_text())
        self.pending: list[dict[str, Any]] = [r for i, r in enumerate(recorded) if i not in skip]
        self.sent: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        assert self.pending, f"unexpected request {request.method} {request.url}"
        record = self.pending.pop(0)
        path, _, query = str(record["path"]).partition("?")
        assert (request.method.lower(), request.url.path) == (record["method"], path)
        if re.search(r"(^|&)page=", query):  # a page the previous answer's Link named
            assert request.url.query.decode() == query
        if isinstance(record.get("body"), dict):
            sent = json.loads(request.content)
            assert {k: sent.get(k) for k in record["body"]} == record["body"]
        self.sent.append(request)
        headers = {k: str(v) for k, v in record["headers"].items()
                   if k not in ("content-length", "transfer-encoding", "content-encoding")}
        answer = record["response"]
        content = json.dumps(answer).encode() if not isinstance(answer, str) else answer.encode()
        return httpx.Response(record["status"], headers=headers, content=content)


def client(replay: Replay) -> GitHubClient:
    time = VirtualTime()  # the one-second spacing of writes, without waiting
    return GitHubClient(None, "0000000000000000000000000000000000000001",
                        transport=httpx.MockTransport(replay),
                        retry=RetryPolicy(sleep=lambda _: None),
                        kept=Kept(pace=Pace(clock=time, sleep=time.sleep)))


def test_a_repository_reads_as_the_recording_answered() -> None:
    replay = Replay("get-repository")
    repo = client(replay).get_repo(f"{ORG}/hello-world")
    assert (repo.full_name, repo.default_branch, repo.private) == (f"{ORG}/hello-world",
                                                                    "master", False)
    assert replay.pending == []


def test_a_renamed_repository_is_followed_through_its_redirect() -> None:
    replay = Replay("rename-repository", skip=(0, 3, 4))
    repo = client(replay).get_repo(f"{ORG}/rename-repository")
    assert repo.name == "rename-repository-newname"
    assert [r.url.path for r in replay.sent] == [f"/repos/{ORG}/rename-repository",
                                                 "/repositories/1000"]


def test_issues_are_read_to_the_last_page_by_link() -> None:
    replay = Replay("paginate-issues")
    forge = client(replay)
    issues = forge.list_issues(f"{ORG}/paginate-issues")
    recorded = json.loads((FIXTURES / "paginate-issues.json").read_text())
    assert [i.number for i in issues] == [i["number"] for r in recorded for i in r["response"]]
    assert len(issues) == 13 and replay.pending == []
    # The rate limit the last answer reported is what the client now knows.
    assert forge.http.rate.remaining == int(recorded[-1]["headers"]["x-ratelimit-remaining"])


def test_labels_are_listed_and_created_as_recorded() -> None:
    replay = Replay("labels", skip=(2, 3, 4))
    forge = client(replay)
    names = [label.name for label in forge.list_labels(f"{ORG}/labels")]
    assert "bug" in names and len(names) == 9
    made = forge.create_label(f"{ORG}/labels", name="test-label", color="663399")
    assert (made.name, made.color) == ("test-label", "663399")


def test_an_issue_is_created_and_labelled_by_name() -> None:
    replay = Replay("add-labels-to-issue")
    forge = client(replay)
    issue = forge.create_issue(f"{ORG}/add-labels-to-issue", title="Issue without a label",
                               body="")
    assert issue.number == 1 and issue.label_names == frozenset()
    labels = forge.add_issue_labels(f"{ORG}/add-labels-to-issue", 1, ["Foo", "bAr", "baZ"])
    assert [label.name for label in labels] == ["Foo", "bAr", "baZ"]


def test_a_text_search_goes_to_the_search_api_and_reads_its_items() -> None:
    replay = Replay("search-issues")
    found = client(replay).list_issues(f"{ORG}/search-issues", state="all", q="sesame")
    (sent,) = replay.sent
    assert set(sent.url.params["q"].split()) == {"sesame", f"repo:{ORG}/search-issues"}
    assert found and all("sesame" in (i.title + i.body).lower() for i in found)


def test_a_directory_is_listed_from_the_contents_api() -> None:
    replay = Replay("get-content", skip=(1,))  # the second asks for the raw media type
    assert client(replay).list_files(f"{ORG}/hello-world", "") == ["README.md"]


def test_a_file_is_created_with_a_put_and_its_sha_read_back() -> None:
    replay = Replay("create-file")
    made = client(replay).create_file(f"{ORG}/create-file", "test.txt", "Test content",
                                      branch="master", message="create test.txt")
    recorded = json.loads((FIXTURES / "create-file.json").read_text())[0]["response"]
    assert (made.path, made.sha) == ("test.txt", recorded["content"]["sha"])


def test_a_branch_is_deleted_as_its_git_ref() -> None:
    replay = Replay("git-refs", skip=(0, 1, 2, 3))
    client(replay).delete_branch(f"{ORG}/git-refs", "test")
    assert [(r.method, r.url.path) for r in replay.sent] == [
        ("DELETE", f"/repos/{ORG}/git-refs/git/refs/heads/test")]


def test_a_validation_error_names_githubs_message_and_documentation() -> None:
    replay = Replay("errors")
    with pytest.raises(ForgeValidation) as refused:
        client(replay).create_label(f"{ORG}/errors", name="foo", color="invalid")
    message = str(refused.value)
    assert "Validation Failed" in message and "Label color invalid" in message
    assert "https://docs.github.com/rest/reference/issues#create-a-label" in message
    assert "0000000000000000000000000000000000000001" not in message


def test_every_replayed_request_is_bearer_authenticated_and_versioned() -> None:
    replay = Replay("get-repository")
    client(replay).get_repo(f"{ORG}/hello-world")
    (sent,) = replay.sent
    assert sent.headers["authorization"].startswith("Bearer ")
    assert sent.headers["x-github-api-version"] == "2022-11-28"
    assert urlsplit(str(sent.url)).netloc == "api.github.com"
