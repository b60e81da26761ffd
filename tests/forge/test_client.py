"""What the client puts on the wire and how it reads the answers (MockTransport)."""

from __future__ import annotations

import base64
from collections.abc import Callable
from datetime import UTC, datetime, timedelta, timezone

import httpx
import pytest

from architect.errors import ConfigError, ForgeError
from architect.forge.client import ForgeClient
from architect.forge.http import next_page
from architect.forge.models import Permission

from .fakes import FORGE, Scripted, client_for, comment, error, issue, label, pull


def paged(total: int, *, headers: str, cap: int = 50) -> Callable[[httpx.Request], httpx.Response]:
    """A list endpoint over `total` issues paginated like Forgejo; `headers`: link|total|none."""

    def answer(request: httpx.Request) -> httpx.Response:
        page = int(request.url.params.get("page", "1"))
        limit = min(int(request.url.params.get("limit", "30")), cap)
        items = [issue(n) for n in range(total, 0, -1)][(page - 1) * limit : page * limit]
        extra: dict[str, str] = {}
        last = max(1, -(-total // limit))
        if headers == "link" and last > 1:
            url = f"{FORGE}/api/v1{request.url.path.removeprefix('/api/v1')}"
            rels = [(page + 1, "next"), (last, "last")] if page < last else [(1, "first")]
            extra["Link"] = ",".join(f'<{url}?limit={limit}&page={p}>; rel="{r}"' for p, r in rels)
        if headers in ("link", "total"):
            extra["X-Total-Count"] = str(total)
        return httpx.Response(200, json=items, headers=extra)

    return answer


@pytest.mark.parametrize("headers", ["link", "total", "none"])
def test_lists_are_read_to_the_end_in_pages_of_50(headers: str) -> None:
    forge = Scripted(paged(120, headers=headers))
    client = client_for(forge)

    issues = client.list_issues("o/r")

    assert sorted(i.number for i in issues) == list(range(1, 121))
    assert client.stats.requests == 3
    assert [r.url.params["limit"] for r in forge.requests] == ["50"] * 3
    assert [r.url.params["page"] for r in forge.requests] == ["1", "2", "3"]


def test_a_smaller_server_cap_is_followed_through_link_and_total() -> None:
    for headers in ("link", "total"):
        forge = Scripted(paged(45, headers=headers, cap=20))
        client = client_for(forge)
        assert len(client.list_issues("o/r")) == 45
        assert client.stats.requests == 3


def test_an_exact_multiple_without_headers_costs_one_empty_page() -> None:
    forge = Scripted(paged(100, headers="none"))
    client = client_for(forge)

    assert len(client.list_issues("o/r")) == 100
    assert client.stats.requests == 3


def test_an_item_shifted_onto_the_next_page_is_listed_once() -> None:
    first = httpx.Response(
        200, json=[issue(n) for n in range(60, 10, -1)], headers={"X-Total-Count": "61"}
    )
    second = httpx.Response(200, json=[issue(11), issue(10)], headers={"X-Total-Count": "61"})
    client = client_for(Scripted(first, second))

    numbers = [i.number for i in client.list_issues("o/r")]

    assert len(numbers) == len(set(numbers)) == 51


def test_null_entries_in_a_list_are_skipped() -> None:
    client = client_for(Scripted(httpx.Response(200, json=[pull(1), None, pull(2)])))

    assert [p.number for p in client.list_pulls("o/r")] == [1, 2]


def test_next_page_reads_link_relations_joined_without_spaces() -> None:
    link = (
        '<http://x/api/v1/repos/o/r/issues?labels=a%2Cb&page=3>; rel="next",'
        '<http://x/api/v1/repos/o/r/issues?page=9>; rel="last"'
    )
    assert next_page(link, 2) == 3
    assert next_page('<http://x/issues?page=1>; rel="first"', 9) is None


def test_the_next_link_is_followed_on_our_own_base_url() -> None:
    # ROOT_URL behind a proxy often differs from the URL we reach the forge by.
    def answer(request: httpx.Request) -> httpx.Response:
        if request.url.params["page"] == "1":
            link = '<https://public.example/api/v1/repos/o/r/issues?page=2>; rel="next"'
            return httpx.Response(200, json=[issue(2)], headers={"Link": link})
        return httpx.Response(200, json=[issue(1)])

    forge = Scripted(answer)
    client_for(forge).list_issues("o/r")

    assert {r.url.host for r in forge.requests} == {"localhost"}


def test_list_issues_maps_every_filter() -> None:
    forge = Scripted(httpx.Response(200, json=[]))
    since = datetime(2025, 1, 15, 11, 20, 30, 999, tzinfo=timezone(timedelta(hours=1)))

    client_for(forge).list_issues(
        "o/r",
        state="all",
        labels=["vision", "in progress"],
        type="issues",
        since=since,
        created_by="alice",
        q="cache",
    )

    assert forge.query() == {
        "state": "all",
        "labels": "vision,in progress",
        "type": "issues",
        "since": "2025-01-15T10:20:30Z",
        "created_by": "alice",
        "q": "cache",
        "limit": "50",
        "page": "1",
    }


def test_list_issues_refuses_a_naive_since_and_a_label_with_a_comma() -> None:
    client = client_for(Scripted(httpx.Response(200, json=[])))

    with pytest.raises(ValueError, match="time zone"):
        client.list_issues("o/r", since=datetime(2025, 1, 1))
    with pytest.raises(ValueError, match="comma"):
        client.list_issues("o/r", labels=["a,b"])
    assert client.stats.requests == 0


@pytest.mark.parametrize("state", ["open", "closed", "all"])
def test_list_pulls_always_sends_state(state: str) -> None:
    forge = Scripted(httpx.Response(200, json=[]))

    client_for(forge).list_pulls("o/r", state=state)  # type: ignore[arg-type]

    assert forge.query()["state"] == state


def test_list_pulls_keeps_only_the_asked_head_and_base_even_if_the_server_ignores_them() -> None:
    answer = [
        pull(1, head="architect/sprint-vision-1"),
        pull(2, head="other"),
        pull(3, head="architect/sprint-vision-1", base="dev"),
        pull(4, head="refs/pull/4/head")
        | {"head": {"label": "architect/sprint-vision-1", "ref": "refs/pull/4/head"}},
    ]
    forge = Scripted(httpx.Response(200, json=answer))

    pulls = client_for(forge).list_pulls(
        "o/r", state="all", head="architect/sprint-vision-1", base="main"
    )

    assert [p.number for p in pulls] == [1, 4]
    assert forge.query()["head"] == "architect/sprint-vision-1"
    assert forge.query()["base"] == "main"


def test_unpaginated_lists_are_one_request_without_page() -> None:
    forge = Scripted(httpx.Response(200, json=[label("vision")]))
    client = client_for(forge)
    forge.answers = [httpx.Response(200, json=[label("vision")])]
    client.list_labels("o/r")
    forge.answers = [httpx.Response(200, json=[comment(1)])]
    client.list_comments("o/r", 4)
    forge.answers = [httpx.Response(200, json=[])]
    client.list_reviews("o/r", 5)

    assert [r.url.path for r in forge.requests] == [
        "/api/v1/repos/o/r/labels",
        "/api/v1/repos/o/r/issues/4/comments",
        "/api/v1/repos/o/r/pulls/5/reviews",
    ]
    assert all(not r.url.params for r in forge.requests)


def test_branch_names_and_file_paths_keep_their_slashes_and_escape_the_rest() -> None:
    forge = Scripted(error(404))
    client = client_for(forge)

    assert client.get_branch("o/r", "architect/sprint vision#1") is None
    assert client.get_file("o/r", "sprints/a?b.md", ref="architect/x") is None
    assert client.get_pull_by_branches("o/r", "main", "architect/x") is None
    client_for(forge_ok := Scripted(httpx.Response(204))).remove_issue_label("o/r", 3, "kind/bug")

    raw = [r.url.raw_path.decode() for r in forge.requests + forge_ok.requests]
    assert raw == [
        "/api/v1/repos/o/r/branches/architect/sprint%20vision%231",
        "/api/v1/repos/o/r/contents/sprints/a%3Fb.md?ref=architect%2Fx",
        "/api/v1/repos/o/r/pulls/main/architect/x",
        "/api/v1/repos/o/r/issues/3/labels/kind%2Fbug",
    ]


def test_get_file_decodes_base64_and_refuses_a_directory() -> None:
    text = "# Sprint\n\nünïcode ✓\n"
    content = {
        "type": "file",
        "path": "sprints/a.md",
        "sha": "blob1",
        "encoding": "base64",
        "content": base64.b64encode(text.encode()).decode(),
    }
    client = client_for(Scripted(httpx.Response(200, json=content)))

    got = client.get_file("o/r", "sprints/a.md")

    assert got is not None
    assert (got.path, got.sha, got.text) == ("sprints/a.md", "blob1", text)
    directory = client_for(Scripted(httpx.Response(200, json=[content])))
    with pytest.raises(ForgeError, match="directory"):
        directory.get_file("o/r", "sprints")


def test_file_writes_send_base64_branch_message_and_the_blob_sha() -> None:
    answer = {"content": {"path": "sprints/a.md", "sha": "blob2", "type": "file"}, "commit": {}}
    forge = Scripted(httpx.Response(201, json=answer))
    client = client_for(forge)

    created = client.create_file("o/r", "sprints/a.md", "hé", branch="b", message="add")
    forge.answers = [httpx.Response(200, json=answer)]
    client.update_file("o/r", "sprints/a.md", "new", sha="blob2", branch="b", message="edit")

    assert (created.sha, created.text) == ("blob2", "hé")
    assert forge.body(0) == {
        "content": base64.b64encode("hé".encode()).decode(),
        "branch": "b",
        "message": "add",
    }
    assert forge.requests[1].method == "PUT"
    assert forge.body(1)["sha"] == "blob2"


def test_merge_sends_do_and_both_title_spellings_and_accepts_an_empty_200() -> None:
    forge = Scripted(httpx.Response(200))

    client_for(forge).merge_pull("o/r", 3, style="squash", message="Sprint: cache\n\nDecisions.")

    assert forge.body() == {
        "Do": "squash",
        "do": "squash",
        "MergeTitleField": "Sprint: cache",
        "merge_title_field": "Sprint: cache",
        "MergeMessageField": "Decisions.",
        "merge_message_field": "Decisions.",
    }


def test_edits_send_only_the_fields_given_and_accept_201() -> None:
    forge = Scripted(httpx.Response(201, json=issue(3, state="closed")))
    client = client_for(forge)

    assert client.edit_issue("o/r", 3, state="closed").state == "closed"
    assert forge.body() == {"state": "closed"}
    forge.answers = [httpx.Response(201, json=pull(4, body=""))]
    assert client.edit_pull("o/r", 4, body="").body == ""
    assert forge.body() == {"body": ""}


def test_hook_is_active_json_with_the_default_events() -> None:
    hook = {
        "id": 1,
        "type": "forgejo",
        "active": True,
        "events": ["issues"],
        "config": {"url": "u"},
    }
    forge = Scripted(httpx.Response(201, json=hook))

    client_for(forge).create_hook("o/r", url="http://127.0.0.1:9000/hook", secret="s3")

    body = forge.body()
    assert body["active"] is True
    assert body["type"] == "gitea"  # the one type both Forgejo and Gitea accept
    assert body["config"] == {
        "url": "http://127.0.0.1:9000/hook",
        "content_type": "json",
        "secret": "s3",
    }
    assert body["events"] == [
        "issues",
        "issue_comment",
        "pull_request",
        "pull_request_review",
        "pull_request_comment",
    ]


def test_labels_by_name_dependency_by_issue_meta() -> None:
    forge = Scripted(httpx.Response(200, json=[label("vision"), label("in-progress", 2)]))
    client = client_for(forge)

    assert [x.name for x in client.add_issue_labels("o/r", 3, ["in-progress"])] == [
        "vision",
        "in-progress",
    ]
    assert forge.body() == {"labels": ["in-progress"]}
    forge.answers = [httpx.Response(201, json=issue(3))]
    client.add_dependency("acme/widgets", 5, depends_on=3)
    assert forge.requests[-1].url.path == "/api/v1/repos/acme/widgets/issues/5/dependencies"
    assert forge.body() == {"index": 3, "owner": "acme", "repo": "widgets"}


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("write", Permission.WRITE),
        ("owner", Permission.OWNER),
        ("none", Permission.NONE),
        ("odd", Permission.NONE),
    ],
)
def test_collaborator_permission(answer: str, expected: Permission) -> None:
    forge = Scripted(
        httpx.Response(200, json={"permission": answer, "role_name": answer, "user": None})
    )

    assert client_for(forge).collaborator_permission("o/r", "bob") is expected
    assert forge.requests[0].url.path == "/api/v1/repos/o/r/collaborators/bob/permission"


@pytest.mark.parametrize(
    "url", ["http://localhost:3000/", "http://localhost:3000/api/v1", "http://localhost:3000"]
)
def test_base_url_is_the_forge_root(url: str) -> None:
    forge = Scripted(httpx.Response(200, json={"version": "11.0.1"}))
    client = ForgeClient(url, "t", transport=httpx.MockTransport(forge))

    assert client.get_version() == "11.0.1"
    assert str(forge.requests[0].url) == "http://localhost:3000/api/v1/version"


@pytest.mark.parametrize("url", ["localhost:3000", "ftp://localhost", ""])
def test_a_bad_base_url_is_a_config_error(url: str) -> None:
    with pytest.raises(ConfigError, match="forge_url"):
        ForgeClient(url, "t")


def test_a_bad_repo_is_refused_before_any_request() -> None:
    client = client_for(Scripted(httpx.Response(200, json=[])))

    with pytest.raises(ValueError, match="owner/name"):
        client.list_labels("just-a-name")


def test_the_client_is_a_context_manager() -> None:
    with client_for(Scripted(httpx.Response(200, json={"version": "1"}))) as client:
        assert client.get_version() == "1"
    with pytest.raises(RuntimeError):
        client.get_version()


def test_since_in_utc_keeps_z() -> None:
    forge = Scripted(httpx.Response(200, json=[]))
    client_for(forge).list_issues("o/r", since=datetime(2025, 1, 15, 10, 0, tzinfo=UTC))
    assert forge.query()["since"] == "2025-01-15T10:00:00Z"


def test_removing_a_label_by_name_falls_back_to_its_id_where_only_ids_are_taken() -> None:
    # Gitea 1.27: DELETE …/labels/{id} answers a name with 422 (docs/gitea.md).
    forge = Scripted(error(422, "label does not exist"),
                     httpx.Response(200, json=[label("kind/bug", 7)]), httpx.Response(204))
    client_for(forge).remove_issue_label("o/r", 3, "kind/bug")
    assert [(r.method, r.url.raw_path.decode()) for r in forge.requests] == [
        ("DELETE", "/api/v1/repos/o/r/issues/3/labels/kind%2Fbug"),
        ("GET", "/api/v1/repos/o/r/issues/3/labels"),
        ("DELETE", "/api/v1/repos/o/r/issues/3/labels/7"),
    ]
