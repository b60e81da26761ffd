"""More behaviours of the real server, each pinned to its Go handler (Forgejo; paths are
files of the forgejo/forgejo tree), and what the client makes of them: form bodies,
`updated_at` sent with a write, the `url` keys, a pending review submitted, and file
writes (people, dates, messages, paths, the multi-file answer)."""

from __future__ import annotations

import base64

import httpx
import pytest

from architect.forge.client import ForgeClient
from architect.forge.models import FileChange
from tests.emulator.conftest import REPO, ROOT, Forge

ISSUES = f"/repos/{REPO}/issues"
CONTENTS = f"/repos/{REPO}/contents"
FORM = {"Content-Type": "application/x-www-form-urlencoded"}


def client_of(world: Forge, who: str = "bot") -> ForgeClient:
    return ForgeClient(ROOT, world.tokens[who],
                       transport=httpx.WSGITransport(app=world.forge.wsgi))


def b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


# -- form-encoded bodies ---------------------------------------------------------------
# routers/api/v1/api.go, `bind`: binding.Bind (gitea.com/go-chi/binding) picks the
# form binder for `form-urlencoded` and `multipart/form-data`, JSON for `json`; the
# form binder names a field by its Go name in snake case (`nameMapper`).


def test_an_issue_and_a_comment_can_be_posted_as_a_form(world: Forge) -> None:
    world.setup.create_label(REPO, "kind/bug", "ee0701")
    world.setup.create_label(REPO, "kind/doc", "00aabb")
    ids = world.setup.label_ids(REPO, ["kind/bug", "kind/doc"])
    form = {"title": "From a form", "body": "line one", "labels": [str(i) for i in ids]}
    made = world.call("POST", ISSUES, data=form)  # form-urlencoded, `labels` repeated
    assert made.status_code == 201, made.text
    issue = made.json()
    assert (issue["title"], issue["body"]) == ("From a form", "line one")
    assert sorted(lab["name"] for lab in issue["labels"]) == ["kind/bug", "kind/doc"]
    said = world.call("POST", f"{ISSUES}/{issue['number']}/comments",
                      files={"body": (None, "multipart too")})
    assert said.status_code == 201 and said.json()["body"] == "multipart too"


def test_a_form_field_is_named_after_the_go_field_not_the_json_key(world: Forge) -> None:
    # CreateBranchRepoOption.BranchName has `json:"new_branch_name"`: the form key is
    # `branch_name`, so the JSON key alone leaves the required field empty.
    world.setup.put_file(REPO, "a.md", "a\n")
    branches = f"/repos/{REPO}/branches"
    by_json_key = world.call("POST", branches, data={"new_branch_name": "x"})
    assert (by_json_key.status_code, by_json_key.json()["message"]) == (
        422, "[BranchName]: Required")
    made = world.call("POST", branches, data={"branch_name": "from-form"})
    assert made.status_code == 201 and made.json()["name"] == "from-form"


def test_a_form_value_that_does_not_parse_is_a_422_and_other_types_stay_refused(
        world: Forge) -> None:
    # setWithProperType: strconv.ParseBool, "on" is true; the error names the form key
    bad = world.call("POST", ISSUES, data={"title": "t", "closed": "maybe"})
    assert (bad.status_code, bad.json()["message"]) == (
        422, "[closed]: Value could not be parsed as boolean")
    closed = world.call("POST", ISSUES, data={"title": "t", "closed": "on"})
    assert closed.status_code == 201 and closed.json()["state"] == "closed"
    plain = world.call("POST", ISSUES, content=b"title=t", headers={"Content-Type": "text/plain"})
    assert (plain.status_code, plain.json()["message"]) == (422, "[]: Unsupported Content-Type")


# -- updated_at sent with a label change or a comment edit -----------------------------
# services/issue/issue.go, SetIssueUpdateDate: the repository owner or an admin only.


def test_a_label_change_takes_the_updated_at_it_is_sent(world: Forge) -> None:
    # routers/api/v1/repo/issue_label.go: Add, Replace (prepareForReplaceOrAdd), Delete
    # and Clear all call SetIssueUpdateDate before the change
    world.setup.create_label(REPO, "ready", "00ff00")
    number = world.issue("Labelled")
    labels = f"{ISSUES}/{number}/labels"
    when = "2026-01-05T09:00:01Z"
    added = world.call("POST", labels, "acme", json={"labels": ["ready"], "updated_at": when})
    assert added.status_code == 200
    assert world.get(f"{ISSUES}/{number}")["updated_at"] == when
    cleared = world.call("DELETE", labels, "acme", json={"updated_at": "2026-01-05T09:00:02Z"})
    assert cleared.status_code == 204
    assert world.get(f"{ISSUES}/{number}")["updated_at"] == "2026-01-05T09:00:02Z"
    refused = world.call("PUT", labels, "bot", json={"labels": ["ready"], "updated_at": when})
    assert refused.status_code == 403
    assert world.get(labels) == []  # refused before anything changed


def test_a_comment_edit_takes_the_updated_at_it_is_sent_and_leaves_the_issue(
        world: Forge) -> None:
    # routers/api/v1/repo/issue_comment.go, editIssueComment → UpdateComment
    # (models/issues/comment.go): with NoAutoTime the comment's updated_unix is the sent time
    number = world.issue("Discussed")
    comment_id = world.setup.comment(REPO, number, "first", token=world.tokens["acme"])
    before = world.get(f"{ISSUES}/{number}")["updated_at"]
    when = "2026-01-05T09:00:03Z"
    edited = world.call("PATCH", f"{ISSUES}/comments/{comment_id}", "acme",
                        json={"body": "second", "updated_at": when})
    assert edited.status_code == 200
    assert (edited.json()["body"], edited.json()["updated_at"]) == ("second", when)
    assert world.get(f"{ISSUES}/{number}")["updated_at"] == before
    since = world.get(f"{ISSUES}/comments", params={"since": when})
    assert [c["id"] for c in since] == [comment_id]


def test_the_client_reads_a_back_dated_issue_as_the_forge_says(world: Forge) -> None:
    world.setup.create_label(REPO, "ready", "00ff00")
    number = world.issue("Labelled")
    world.call("POST", f"{ISSUES}/{number}/labels", "acme",
               json={"labels": ["ready"], "updated_at": "2026-01-05T09:00:01+00:00"})
    seen = client_of(world).get_issue(REPO, number)
    assert seen.updated_at.isoformat() == "2026-01-05T09:00:01+00:00"
    assert [lab.name for lab in seen.labels] == ["ready"]


# -- url -----------------------------------------------------------------------------------


def test_a_pulls_url_is_its_page_and_its_issue_url_the_issues_api(world: Forge) -> None:
    # services/convert/pull.go: `URL: pr.Issue.HTMLURL()`; services/convert/issue.go:
    # `apiIssue.URL = issue.APIURL(ctx)`, which is `{repo api}/issues/{index}`
    number = world.pull("feature/url")
    pull = world.get(f"/repos/{REPO}/pulls/{number}")
    assert pull["url"] == pull["html_url"] == f"{ROOT}/{REPO}/pulls/{number}"
    as_issue = world.get(f"{ISSUES}/{number}")
    assert as_issue["url"] == f"{ROOT}/api/v1/repos/{REPO}/issues/{number}"
    assert as_issue["html_url"] == f"{ROOT}/{REPO}/pulls/{number}"
    client = client_of(world)  # it links with html_url only
    assert client.get_pull(REPO, number).html_url == f"{ROOT}/{REPO}/pulls/{number}"
    assert client.get_issue(REPO, number).html_url == f"{ROOT}/{REPO}/pulls/{number}"


# -- a pending review submitted ----------------------------------------------------------


def test_a_review_posted_over_a_pending_one_submits_it_with_the_same_id(world: Forge) -> None:
    # models/issues/review.go, SubmitReview: GetCurrentReview finds the doer's pending
    # review and updates its content, type and commit in place
    number = world.pull("feature/review")
    reviews = f"/repos/{REPO}/pulls/{number}/reviews"
    draft = world.call("POST", reviews, "alice", json={"body": "thinking"})
    assert draft.status_code == 200 and draft.json()["state"] == "PENDING"
    vote = world.call("POST", reviews, "alice", json={"event": "APPROVED", "body": "fine"})
    assert vote.status_code == 200
    assert (vote.json()["id"], vote.json()["state"], vote.json()["body"]) == (
        draft.json()["id"], "APPROVED", "fine")
    listed = world.get(reviews)
    assert [(r["id"], r["state"], r["dismissed"]) for r in listed] == [
        (draft.json()["id"], "APPROVED", False)]
    votes = client_of(world).list_reviews(REPO, number)
    assert [(r.user.login if r.user else "", r.state) for r in votes] == [("alice", "APPROVED")]


# -- file writes ----------------------------------------------------------------------------
# routers/api/v1/repo/file.go fills ChangeRepoFilesOptions; services/repository/files.


def test_a_file_write_takes_author_committer_and_dates(world: Forge) -> None:
    # file.go: GetAuthorAndCommitterUsers; temp_repo.go, CommitTreeWithDate
    body = {"content": b64("x\n"), "message": "by hand",
            "author": {"name": "Ada", "email": "ada@example.test"},
            "committer": {"name": "Bob", "email": "bob@example.test"},
            "dates": {"author": "2025-03-01T10:00:00Z", "committer": "2025-03-02T11:00:00+01:00"}}
    made = world.call("POST", f"{CONTENTS}/people.md", json=body)
    assert made.status_code == 201, made.text
    commit = made.json()["commit"]
    assert commit["author"] == {"name": "Ada", "email": "ada@example.test",
                                "date": "2025-03-01T10:00:00Z"}
    assert commit["committer"] == {"name": "Bob", "email": "bob@example.test",
                                   "date": "2025-03-02T10:00:00Z"}
    assert commit["message"] == "by hand\n"
    assert world.get(f"/repos/{REPO}")["updated_at"] >= "2026-01-05"  # pushed now all the same
    only_author = {"content": b64("y\n"), "signoff": True,
                   "author": {"name": "Ada", "email": "ada@example.test"}}
    second = world.call("POST", f"{CONTENTS}/alone.md", json=only_author).json()["commit"]
    assert second["committer"]["name"] == second["author"]["name"] == "Ada"
    assert second["message"] == "Add alone.md\n\nSigned-off-by: Ada <ada@example.test>\n"
    nameless = world.call("POST", f"{CONTENTS}/plain.md", json={"content": b64("z\n")})
    assert nameless.json()["commit"]["author"]["name"] == "bot"


def test_the_multi_file_default_message_lists_add_update_delete(world: Forge) -> None:
    # file.go, changeFilesCommitMessage: "Add a, b\nUpdate c\nDelete d" (then "\n")
    for name in ("c.md", "d.md"):
        world.setup.put_file(REPO, name, f"{name}\n")
    sha = {n: world.get(f"{CONTENTS}/{n}")["sha"] for n in ("c.md", "d.md")}
    files = [{"operation": "create", "path": "a.md", "content": b64("a\n")},
             {"operation": "update", "path": "c.md", "content": b64("c2\n"), "sha": sha["c.md"]},
             {"operation": "delete", "path": "d.md", "sha": sha["d.md"]},
             {"operation": "create", "path": "b.md", "content": b64("b\n")}]
    answer = world.call("POST", CONTENTS, json={"files": files})
    assert answer.status_code == 201, answer.text
    assert answer.json()["commit"]["message"] == "Add a.md, b.md\nUpdate c.md\nDelete d.md\n"
    # services/repository/files/file.go, GetFilesResponseFromCommit: one entry per
    # operation, in order, null where the contents cannot be read (the deleted file)
    entries = answer.json()["files"]
    assert [e["path"] if e else None for e in entries] == ["a.md", "c.md", None, "b.md"]


def test_a_file_cannot_replace_a_directory_nor_sit_under_a_file(world: Forge) -> None:
    # services/repository/files/update.go: ErrFilePathInvalid, a 422 in
    # handleCreateOrUpdateFileError
    world.setup.put_file(REPO, "docs/a.md", "a\n")
    over_dir = world.call("POST", f"{CONTENTS}/docs", json={"content": b64("x\n")})
    assert over_dir.status_code == 422
    assert over_dir.json()["message"] == (
        "a directory exists where you\u2019re trying to create a file [path: docs]")
    under_file = world.call("POST", f"{CONTENTS}/docs/a.md/b.md", json={"content": b64("x\n")})
    assert under_file.status_code == 422
    assert under_file.json()["message"] \
        == "a file exists where you\u2019re trying to create a subdirectory [path: docs/a.md]"
    many = world.call("POST", CONTENTS, json={"files": [
        {"operation": "create", "path": "docs", "content": b64("x\n")}]})
    assert many.status_code == 422
    assert world.get(f"{CONTENTS}/docs")[0]["path"] == "docs/a.md"  # nothing was written


@pytest.mark.parametrize("operation", ["update", "delete"])
def test_the_client_writes_many_files_whatever_the_answer_holds(
        world: Forge, operation: str) -> None:
    world.setup.put_file(REPO, "plan.md", "v1\n")
    sha = world.get(f"{CONTENTS}/plan.md")["sha"]
    text = "v2\n" if operation == "update" else None
    change = FileChange(operation=operation, path="plan.md", text=text, sha=sha)
    client_of(world).change_files(REPO, [change], branch="main", message="sync")
    after = client_of(world).get_file(REPO, "plan.md")
    assert (after.text if after else None) == text
