"""The GitHub dialect's serializers: the embedded forge's objects, shaped as GitHub sends them.

Each function takes the Forgejo JSON the emulator's own handlers produced (one
store, one set of rules) and returns the object GitHub's REST API documents for
it: ``node_id``s, the ``*_url`` family, ``author_association``, review states
``CHANGES_REQUESTED`` / ``COMMENTED``, ``null`` where GitHub has nothing. The
tests parse every one of them with githubkit's models (generated from GitHub's
OpenAPI description), so a field GitHub requires cannot go missing here.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from typing import Any

JSON = Any
DOCS = "https://docs.github.com/rest"
REVIEW_STATES = {"REQUEST_CHANGES": "CHANGES_REQUESTED", "COMMENT": "COMMENTED",
                 "APPROVED": "APPROVED", "PENDING": "PENDING", "REQUEST_REVIEW": "PENDING"}
# Forgejo timeline entry types → GitHub's timeline `event` names.
EVENTS = {"close": "closed", "reopen": "reopened", "label": "labeled",
          "merge_pull": "merged", "comment": "commented"}


@dataclass(frozen=True)
class Urls:
    """Where the dialect answers: its API root (…/api/v3) and its web root."""

    api: str
    web: str

    def repo(self, full: str) -> str:
        return f"{self.api}/repos/{full}"


def node_id(kind: str, ident: object) -> str:
    return base64.b64encode(f"0{len(kind)}:{kind}{ident}".encode()).decode().rstrip("=")


def error(status: int, message: str, errors: list[JSON] | None = None) -> JSON:
    body: dict[str, JSON] = {"message": message, "documentation_url": DOCS, "status": str(status)}
    if errors:
        body["errors"] = errors
    return body


def user(u: Urls, fj: JSON) -> JSON:
    if not isinstance(fj, dict):
        return None
    login = str(fj.get("login") or fj.get("username") or "")
    base = f"{u.api}/users/{login}"
    return {
        "login": login, "id": fj["id"], "node_id": node_id("User", fj["id"]),
        "avatar_url": str(fj.get("avatar_url") or f"{u.web}/avatars/{login}"),
        "gravatar_id": "", "url": base, "html_url": f"{u.web}/{login}",
        "followers_url": f"{base}/followers", "following_url": f"{base}/following{{/other_user}}",
        "gists_url": f"{base}/gists{{/gist_id}}",
        "starred_url": f"{base}/starred{{/owner}}{{/repo}}",
        "subscriptions_url": f"{base}/subscriptions", "organizations_url": f"{base}/orgs",
        "repos_url": f"{base}/repos", "events_url": f"{base}/events{{/privacy}}",
        "received_events_url": f"{base}/received_events",
        "type": "Bot" if login.endswith("[bot]") else "User",
        "site_admin": bool(fj.get("is_admin")), "user_view_type": "public",
    }


def public_user(u: Urls, fj: JSON) -> JSON:
    created = fj.get("created") or "2026-01-01T00:00:00Z"
    return {**user(u, fj), "name": fj.get("full_name") or None, "company": None, "blog": "",
            "location": None, "email": fj.get("email") or None, "hireable": None, "bio": None,
            "public_repos": 0, "public_gists": 0, "followers": 0, "following": 0,
            "created_at": created, "updated_at": created}


def label(u: Urls, full: str, fj: JSON) -> JSON:
    return {"id": fj["id"], "node_id": node_id("Label", fj["id"]),
            "url": f"{u.repo(full)}/labels/{fj['name']}", "name": fj["name"],
            "description": fj.get("description") or None, "color": fj.get("color", ""),
            "default": False, "archived_at": None, "archived_by": None}


def _association(fj: JSON, owner: str) -> str:
    login = (fj.get("user") or {}).get("login", "")
    return "OWNER" if login == owner else "COLLABORATOR"


def _assigned(u: Urls, fj: JSON) -> dict[str, JSON]:
    """GitHub's `assignee` (the first) and `assignees`, from Forgejo's list."""
    people = [user(u, x) for x in fj.get("assignees") or []]
    return {"assignee": people[0] if people else None, "assignees": people}


def issue(u: Urls, full: str, fj: JSON) -> JSON:
    api = f"{u.repo(full)}/issues/{fj['number']}"
    shaped: dict[str, JSON] = {
        "id": fj["id"], "node_id": node_id("Issue", fj["id"]), "url": api,
        "repository_url": u.repo(full), "labels_url": f"{api}/labels{{/name}}",
        "comments_url": f"{api}/comments", "events_url": f"{api}/events",
        "html_url": fj.get("html_url") or f"{u.web}/{full}/issues/{fj['number']}",
        "number": fj["number"], "state": fj["state"],
        "state_reason": "completed" if fj["state"] == "closed" else None,
        "title": fj["title"], "body": fj.get("body") or None, "user": user(u, fj.get("user")),
        "labels": [label(u, full, x) for x in fj.get("labels") or []],
        **_assigned(u, fj), "milestone": None, "locked": False,
        "active_lock_reason": None, "comments": fj.get("comments", 0),
        "closed_at": fj.get("closed_at"), "created_at": fj["created_at"],
        "updated_at": fj["updated_at"],
        "author_association": _association(fj, full.partition("/")[0]),
    }
    stub = fj.get("pull_request")
    if isinstance(stub, dict):
        pulls = f"{u.repo(full)}/pulls/{fj['number']}"
        web = stub.get("html_url") or f"{u.web}/{full}/pulls/{fj['number']}"
        shaped["pull_request"] = {"url": pulls, "html_url": web, "diff_url": f"{web}.diff",
                                  "patch_url": f"{web}.patch", "merged_at": stub.get("merged_at")}
        shaped["draft"] = False
    return shaped


def comment(u: Urls, full: str, number: int, fj: JSON) -> JSON:
    return {"id": fj["id"], "node_id": node_id("IssueComment", fj["id"]),
            "url": f"{u.repo(full)}/issues/comments/{fj['id']}", "html_url": fj.get("html_url", ""),
            "body": fj.get("body", ""), "user": user(u, fj.get("user")),
            "created_at": fj["created_at"], "updated_at": fj["updated_at"],
            "issue_url": f"{u.repo(full)}/issues/{number}",
            "author_association": _association(fj, full.partition("/")[0])}


def repository(u: Urls, fj: JSON) -> JSON:
    full = fj["full_name"]
    api = u.repo(full)
    shaped: dict[str, JSON] = {
        "id": fj["id"], "node_id": node_id("Repository", fj["id"]), "name": fj["name"],
        "full_name": full, "owner": user(u, fj.get("owner")), "private": fj.get("private", False),
        "html_url": f"{u.web}/{full}", "description": fj.get("description") or None,
        "fork": False, "url": api, "homepage": None, "language": None, "forks_count": 0,
        "stargazers_count": 0, "watchers_count": 0, "size": fj.get("size", 0),
        "default_branch": fj.get("default_branch", "main"),
        "open_issues_count": fj.get("open_issues_count", 0), "has_issues": True,
        "has_projects": False, "has_wiki": False, "has_pages": False, "has_discussions": False,
        "has_downloads": False,
        "archived": False, "disabled": False, "visibility": "private" if fj.get("private")
        else "public", "pushed_at": fj.get("updated_at"), "created_at": fj.get("created_at"),
        "updated_at": fj.get("updated_at"), "subscribers_count": 0, "network_count": 0,
        "license": None, "forks": 0, "open_issues": fj.get("open_issues_count", 0),
        "watchers": 0, "mirror_url": None, "git_url": f"git://{full}.git",
        "ssh_url": fj.get("ssh_url", ""), "clone_url": fj.get("clone_url", ""),
        "svn_url": f"{u.web}/{full}",
        "permissions": {"admin": False, "maintain": False, "triage": True, "pull": True,
                        "push": False,
                        **{k: v for k, v in (fj.get("permissions") or {}).items()
                           if k in ("admin", "push", "pull")}},
    }
    for name, suffix in _REPO_URLS:
        shaped[name] = f"{api}/{suffix}"
    return shaped


_REPO_URLS = (
    ("archive_url", "{archive_format}{/ref}"), ("assignees_url", "assignees{/user}"),
    ("blobs_url", "git/blobs{/sha}"), ("branches_url", "branches{/branch}"),
    ("collaborators_url", "collaborators{/collaborator}"), ("comments_url", "comments{/number}"),
    ("commits_url", "commits{/sha}"), ("compare_url", "compare/{base}...{head}"),
    ("contents_url", "contents/{+path}"), ("contributors_url", "contributors"),
    ("deployments_url", "deployments"), ("downloads_url", "downloads"),
    ("events_url", "events"), ("forks_url", "forks"),
    ("git_commits_url", "git/commits{/sha}"),
    ("git_refs_url", "git/refs{/sha}"), ("git_tags_url", "git/tags{/sha}"),
    ("issue_comment_url", "issues/comments{/number}"),
    ("issue_events_url", "issues/events{/number}"),
    ("issues_url", "issues{/number}"), ("keys_url", "keys{/key_id}"),
    ("labels_url", "labels{/name}"), ("languages_url", "languages"), ("merges_url", "merges"),
    ("milestones_url", "milestones{/number}"),
    ("notifications_url", "notifications{?since,all,participating}"),
    ("pulls_url", "pulls{/number}"), ("releases_url", "releases{/id}"),
    ("stargazers_url", "stargazers"), ("statuses_url", "statuses/{sha}"),
    ("subscribers_url", "subscribers"), ("subscription_url", "subscription"),
    ("tags_url", "tags"), ("teams_url", "teams"), ("trees_url", "git/trees{/sha}"),
    ("hooks_url", "hooks"),
)


def _side(u: Urls, side: JSON, repo: JSON) -> JSON:
    owner = (repo or {}).get("owner")
    return {"label": side.get("label", ""), "ref": side["ref"], "sha": side.get("sha", ""),
            "user": user(u, owner), "repo": repository(u, repo) if repo else None}


def pull(u: Urls, full: str, fj: JSON, repo: JSON) -> JSON:
    api = f"{u.repo(full)}/pulls/{fj['number']}"
    issue_api = f"{u.repo(full)}/issues/{fj['number']}"
    web = f"{u.web}/{full}/pulls/{fj['number']}"
    head_sha = (fj.get("head") or {}).get("sha", "")
    merged = bool(fj.get("merged"))
    return {
        "url": api, "id": fj["id"], "node_id": node_id("PullRequest", fj["id"]),
        "html_url": web, "diff_url": f"{web}.diff", "patch_url": f"{web}.patch",
        "issue_url": issue_api, "commits_url": f"{api}/commits",
        "review_comments_url": f"{api}/comments",
        "review_comment_url": f"{u.repo(full)}/pulls/comments{{/number}}",
        "comments_url": f"{issue_api}/comments",
        "statuses_url": f"{u.repo(full)}/statuses/{head_sha}",
        "number": fj["number"], "state": fj["state"], "locked": False, "title": fj["title"],
        "user": user(u, fj.get("user")), "body": fj.get("body") or None,
        "labels": [label(u, full, x) for x in fj.get("labels") or []], "milestone": None,
        "active_lock_reason": None, "created_at": fj["created_at"],
        "updated_at": fj["updated_at"], "closed_at": fj.get("closed_at"),
        "merged_at": fj.get("merged_at"), "merge_commit_sha": fj.get("merge_commit_sha"),
        "assignee": None, "assignees": [], "requested_reviewers": [], "requested_teams": [],
        "head": _side(u, fj["head"], repo), "base": _side(u, fj["base"], repo),
        "_links": {key: {"href": href} for key, href in (
            ("self", api), ("html", web), ("issue", issue_api),
            ("comments", f"{issue_api}/comments"), ("review_comments", f"{api}/comments"),
            ("review_comment", f"{u.repo(full)}/pulls/comments{{/number}}"),
            ("commits", f"{api}/commits"),
            ("statuses", f"{u.repo(full)}/statuses/{head_sha}"))},
        "author_association": _association(fj, full.partition("/")[0]), "auto_merge": None,
        "draft": False, "merged": merged,
        "mergeable": None if merged or fj["state"] == "closed" else bool(fj.get("mergeable")),
        "rebaseable": None, "mergeable_state": "clean" if fj.get("mergeable") else "unknown",
        "merged_by": user(u, fj.get("merged_by")), "comments": fj.get("comments", 0),
        "review_comments": 0, "maintainer_can_modify": False, "commits": 1,
        "additions": fj.get("additions", 0), "deletions": fj.get("deletions", 0),
        "changed_files": fj.get("changed_files", 1),
    }


# What a PR has that GitHub's PR lists leave out (`pull-request-simple`): who merged it,
# whether it merged and can merge, its counts. Only `GET /pulls/{number}` tells them.
FULL_PULL_ONLY = ("additions", "changed_files", "comments", "commits", "deletions",
                  "maintainer_can_modify", "mergeable", "mergeable_state", "merged",
                  "merged_by", "rebaseable", "review_comments")


def pull_simple(u: Urls, full: str, fj: JSON, repo: JSON) -> JSON:
    """A PR as GitHub lists it: `merged_at` says it merged, nothing says who merged it."""
    shaped: dict[str, JSON] = pull(u, full, fj, repo)
    for name in FULL_PULL_ONLY:
        del shaped[name]
    return shaped


def review(u: Urls, full: str, number: int, fj: JSON) -> JSON:
    web = f"{u.web}/{full}/pulls/{number}"
    state = REVIEW_STATES.get(str(fj.get("state")), "COMMENTED")
    if fj.get("dismissed"):
        state = "DISMISSED"
    return {"id": fj["id"], "node_id": node_id("PullRequestReview", fj["id"]),
            "user": user(u, fj.get("user")), "body": fj.get("body", ""), "state": state,
            "html_url": f"{web}#pullrequestreview-{fj['id']}",
            "pull_request_url": f"{u.repo(full)}/pulls/{number}",
            "_links": {"html": {"href": f"{web}#pullrequestreview-{fj['id']}"},
                       "pull_request": {"href": f"{u.repo(full)}/pulls/{number}"}},
            "submitted_at": fj.get("submitted_at"), "commit_id": fj.get("commit_id") or None,
            "author_association": "COLLABORATOR"}


def timeline_event(u: Urls, full: str, number: int, fj: JSON) -> JSON:
    kind = str(fj.get("type") or "")
    event = EVENTS.get(kind, kind)
    actor = user(u, fj.get("user"))
    if event == "commented":
        return {**comment(u, full, number, fj), "event": "commented", "actor": actor}
    shaped: dict[str, JSON] = {
        "id": fj["id"], "node_id": node_id("IssueEvent", fj["id"]),
        "url": f"{u.repo(full)}/issues/events/{fj['id']}", "actor": actor, "event": event,
        "commit_id": None, "commit_url": None, "created_at": fj["created_at"],
        "performed_via_github_app": None}
    if event == "labeled":
        found = fj.get("label") or {}
        shaped["label"] = {"name": found.get("name", ""), "color": found.get("color", "")}
    return shaped


def commit_ref(u: Urls, full: str, sha: str) -> JSON:
    return {"sha": sha, "url": f"{u.repo(full)}/commits/{sha}"}


def short_branch(u: Urls, full: str, fj: JSON) -> JSON:
    sha = (fj.get("commit") or {}).get("id", "")
    return {"name": fj["name"], "commit": commit_ref(u, full, sha), "protected": False}


def branch(u: Urls, full: str, fj: JSON) -> JSON:
    sha = (fj.get("commit") or {}).get("id", "")
    raw = fj.get("commit") or {}
    who = {"name": (raw.get("author") or {}).get("name", ""),
           "email": (raw.get("author") or {}).get("email", ""), "date": raw.get("timestamp")}
    commit = {
        "url": f"{u.repo(full)}/commits/{sha}", "sha": sha, "node_id": node_id("Commit", sha),
        "html_url": f"{u.web}/{full}/commit/{sha}", "comments_url": f"{u.repo(full)}/comments",
        "commit": {"url": f"{u.repo(full)}/git/commits/{sha}", "author": who, "committer": who,
                   "message": raw.get("message", ""), "comment_count": 0,
                   "tree": {"sha": sha, "url": f"{u.repo(full)}/git/trees/{sha}"}},
        "author": None, "committer": None, "parents": []}
    return {"name": fj["name"], "commit": commit,
            "_links": {"html": f"{u.web}/{full}/tree/{fj['name']}",
                       "self": f"{u.repo(full)}/branches/{fj['name']}"},
            "protected": False, "protection": {"enabled": False},
            "protection_url": f"{u.repo(full)}/branches/{fj['name']}/protection"}


def git_ref(u: Urls, full: str, name: str, sha: str) -> JSON:
    return {"ref": f"refs/heads/{name}", "node_id": node_id("Ref", name),
            "url": f"{u.repo(full)}/git/refs/heads/{name}",
            "object": {"type": "commit", "sha": sha, "url": f"{u.repo(full)}/git/commits/{sha}"}}


def content(u: Urls, full: str, fj: JSON, ref: str) -> JSON:
    path = fj["path"]
    api = f"{u.repo(full)}/contents/{path}?ref={ref}"
    shaped = {"type": fj.get("type", "file"), "size": fj.get("size", 0), "name": fj["name"],
              "path": path, "sha": fj["sha"], "url": api,
              "git_url": f"{u.repo(full)}/git/blobs/{fj['sha']}",
              "html_url": f"{u.web}/{full}/blob/{ref}/{path}",
              "download_url": f"{u.web}/{full}/raw/{ref}/{path}",
              "_links": {"self": api, "git": f"{u.repo(full)}/git/blobs/{fj['sha']}",
                         "html": f"{u.web}/{full}/blob/{ref}/{path}"}}
    if fj.get("content") is not None:
        shaped |= {"encoding": "base64", "content": fj["content"]}
    return shaped


def git_commit(u: Urls, full: str, sha: str, tree: str, message: str,
               parents: list[str], when: str) -> JSON:
    who = {"name": "architect", "email": "architect@users.noreply", "date": when}
    return {"sha": sha, "node_id": node_id("Commit", sha),
            "url": f"{u.repo(full)}/git/commits/{sha}", "html_url": f"{u.web}/{full}/commit/{sha}",
            "author": who, "committer": who, "message": message,
            "tree": {"sha": tree, "url": f"{u.repo(full)}/git/trees/{tree}"},
            "parents": [{"sha": p, "url": f"{u.repo(full)}/git/commits/{p}",
                         "html_url": f"{u.web}/{full}/commit/{p}"} for p in parents],
            "verification": {"verified": False, "reason": "unsigned", "signature": None,
                             "payload": None, "verified_at": None}}


def hook(u: Urls, full: str, fj: JSON, events: list[str]) -> JSON:
    api = f"{u.repo(full)}/hooks/{fj['id']}"
    config = fj.get("config") or {}
    return {"type": "Repository", "id": fj["id"], "name": "web", "active": fj.get("active", True),
            "events": events, "config": {"url": config.get("url", ""), "content_type": "json",
                                         "insecure_ssl": "0"},
            "updated_at": fj.get("updated_at") or fj.get("created_at"),
            "created_at": fj.get("created_at"), "url": api, "test_url": f"{api}/test",
            "ping_url": f"{api}/pings", "deliveries_url": f"{api}/deliveries",
            "last_response": {"code": None, "status": "unused", "message": None}}
