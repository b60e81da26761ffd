"""The JSON shapes of the Forgejo API (`modules/structs`, `services/convert`).

Key order follows the Go structs, keys are present with `null` or zero values
as Go writes them (Forgejo rarely uses `omitempty`), and times are RFC 3339 in
UTC with a `Z`.
"""

from __future__ import annotations

import difflib
import hashlib
import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, cast

from architect.emulator import auth, git
from architect.emulator.store import Comment, Issue, Label, Pull, Repo, Review, Store, User

JSON = Any
ZERO_TIME = "0001-01-01T00:00:00Z"
UNIX_ZERO = "1970-01-01T00:00:00Z"
NO_REPLY_DOMAIN = "noreply.localhost"
VERSION = "17.0.0-dev-38-gd883bd8f12+gitea-1.22.0"
_WIP = re.compile(r"^\s*(wip:|\[wip\])", re.IGNORECASE)


@dataclass
class View:
    """Who looks: the doer's rights decide private user fields and repo permissions.

    `hook` is the view of a webhook payload: users as seen by nobody in
    particular, repository permissions of its owner.
    """

    store: Store
    root: str
    doer: User | None
    hook: bool = False
    memo: dict[tuple[object, ...], JSON] = field(default_factory=dict)


def ts(moment: datetime | None) -> str | None:
    """RFC 3339 with `Z`; the store keeps UTC whole seconds (isoformat is the fast path)."""
    return None if moment is None else moment.isoformat()[:19] + "Z"


def is_draft(title: str) -> bool:
    return bool(_WIP.match(title))


# -- users and tokens ------------------------------------------------------------


def user(view: View, u: User) -> dict[str, JSON]:
    doer = None if view.hook else view.doer
    authed = doer is not None and (doer.is_admin or doer.id == u.id)
    key = ("user", u.id, authed, view.store.revision)
    cached = view.memo.get(key)
    if cached is not None:
        return cast(dict[str, JSON], cached)  # shared in one response: never mutated
    # Every account keeps its e-mail private: others see `<lowername>@<NO_REPLY_ADDRESS>`.
    email = u.email if authed else f"{u.login.lower()}@{NO_REPLY_DOMAIN}"
    result = {
        "id": u.id,
        "login": u.login,
        "login_name": "",
        "source_id": 0,
        "full_name": u.full_name,
        "email": email,
        "avatar_url": f"{view.root}avatars/{hashlib.md5(u.email.lower().encode()).hexdigest()}",
        "html_url": f"{view.root}{u.login}",
        "language": "en-US" if authed else "",
        "is_admin": u.is_admin if authed else False,
        "last_login": (ts(u.last_login) or ZERO_TIME) if authed else ZERO_TIME,
        "created": ts(u.created),
        "restricted": u.restricted,
        "active": authed,
        "prohibit_login": False,
        "location": "",
        "pronouns": "",
        "website": "",
        "description": "",
        "visibility": u.visibility,
        "followers_count": 0,
        "following_count": 0,
        "starred_repos_count": 0,
        # MarshalJSON compat shim: a duplicate of `login`, always last.
        "username": u.login,
    }
    view.memo[key] = result
    return result


def user_by_id(view: View, user_id: int | None) -> dict[str, JSON] | None:
    return None if user_id is None else user(view, view.store.user(user_id))


def access_token(
    token_id: int, name: str, secret: str, scopes: list[str], created: datetime
) -> dict[str, JSON]:
    return {
        "id": token_id,
        "name": name,
        "sha1": secret,
        "token_last_eight": secret[-8:],
        "scopes": scopes,
        "created_at": ts(created),
        "repositories": None,
    }


# -- repositories ----------------------------------------------------------------


def full_name(view: View, repo: Repo) -> str:
    key = ("full_name", repo.id)
    name = view.memo.get(key)
    if name is None:
        name = view.memo[key] = f"{view.store.user(repo.owner_id).login}/{repo.name}"
    return str(name)


def repo_api(view: View, repo: Repo) -> str:
    return f"{view.root}api/v1/repos/{full_name(view, repo)}"


def repo_html(view: View, repo: Repo) -> str:
    return f"{view.root}{full_name(view, repo)}"


def repository(view: View, repo: Repo) -> dict[str, JSON]:
    mode = auth.OWNER if view.hook else auth.access(repo, view.doer)
    key = ("repo", repo.id, mode, view.hook, view.store.revision)
    cached = view.memo.get(key)
    if cached is None:
        cached = _repository(view, repo, mode)
        view.memo[key] = cached
    return dict(cached)


def _repository(view: View, repo: Repo, mode: int) -> dict[str, JSON]:
    host = view.root.split("://", 1)[-1].rstrip("/").split("/")[0].split(":")[0]
    name = full_name(view, repo)
    open_issues = sum(1 for i in repo.issues.values() if i.state == "open" and i.pull is None)
    open_pulls = sum(1 for i in repo.issues.values() if i.state == "open" and i.pull is not None)
    result: dict[str, JSON] = {
        "id": repo.id,
        "owner": user(view, view.store.user(repo.owner_id)),
        "name": repo.name,
        "full_name": name,
        "description": repo.description,
        "empty": not repo.branches,
        "private": repo.private,
        "fork": False,
        "template": False,
        "parent": None,
        "mirror": False,
        "size": 0,
        "language": "",
        "languages_url": f"{repo_api(view, repo)}/languages",
        "html_url": repo_html(view, repo),
        "url": repo_api(view, repo),
        "link": "",
        "ssh_url": f"ssh://git@{host}/{name}.git",
        "clone_url": f"{repo_html(view, repo)}.git",
        "original_url": "",
        "website": "",
        "stars_count": 0,
        "forks_count": 0,
        "watchers_count": 0,
        "open_issues_count": open_issues,
        "open_pr_counter": open_pulls,
        "release_counter": 0,
        "default_branch": repo.default_branch,
        "archived": False,
        "created_at": ts(repo.created),
        "updated_at": ts(repo.updated),
        "archived_at": UNIX_ZERO,
    }
    if view.doer is not None or view.hook:
        result["permissions"] = {
            "admin": mode >= auth.ADMIN,
            "push": mode >= auth.WRITE,
            "pull": mode >= auth.READ,
        }
    result.update(
        {
            "has_issues": True,
            "internal_tracker": {
                "enable_time_tracker": True,
                "allow_only_contributors_to_track_time": True,
                "enable_issue_dependencies": True,
            },
            "has_wiki": True,
            "has_wiki_contents": False,
            "wiki_ssh_url": f"ssh://git@{host}/{name}.wiki.git",
            "wiki_clone_url": f"{repo_html(view, repo)}.wiki.git",
            "globally_editable_wiki": False,
            "has_pull_requests": True,
            "has_projects": True,
            "has_releases": True,
            "has_packages": True,
            "has_actions": False,
            "ignore_whitespace_conflicts": False,
            "allow_merge_commits": True,
            "allow_rebase": True,
            "allow_rebase_explicit": True,
            "allow_squash_merge": True,
            "allow_fast_forward_only_merge": True,
            "allow_rebase_update": True,
            "default_delete_branch_after_merge": False,
            "default_merge_style": "merge",
            "default_allow_maintainer_edit": False,
            "default_update_style": "merge",
            "avatar_url": "",
            "internal": False,
            "mirror_interval": "",
            "object_format_name": "sha1",
            "mirror_updated": ZERO_TIME,
            "repo_transfer": None,
            "topics": [],
        }
    )
    return result


def collaborator_permission(view: View, u: User, mode: int) -> dict[str, JSON]:
    name = auth.MODE_NAMES[mode]
    return {"permission": name, "role_name": name, "user": user(view, u)}


# -- labels, issues, comments -----------------------------------------------------------


def label(view: View, repo: Repo, lab: Label) -> dict[str, JSON]:
    return {
        "id": lab.id,
        "name": lab.name,
        "exclusive": lab.exclusive,
        "is_archived": lab.is_archived,
        "color": lab.color.lstrip("#"),
        "description": lab.description,
        "url": f"{repo_api(view, repo)}/labels/{lab.id}",
    }


def issue_labels(view: View, repo: Repo, issue: Issue) -> list[dict[str, JSON]]:
    """The issue's labels, ordered by name as Forgejo loads them."""
    labels = [repo.labels[i] for i in issue.label_ids if i in repo.labels]
    return [label(view, repo, lab) for lab in sorted(labels, key=lambda x: (x.name, x.id))]


def issue_html(view: View, repo: Repo, issue: Issue) -> str:
    kind = "pulls" if issue.pull is not None else "issues"
    return f"{repo_html(view, repo)}/{kind}/{issue.number}"


def issue(view: View, repo: Repo, item: Issue) -> dict[str, JSON]:
    assignees = [user(view, view.store.user(i)) for i in item.assignee_ids]
    pull_meta = None
    if item.pull is not None:
        pull_meta = {
            "merged": item.pull.merged,
            "merged_at": ts(item.pull.merged_at),
            "draft": is_draft(item.title),
            "html_url": issue_html(view, repo, item),
        }
    return {
        "id": item.id,
        # Issue.APIURL: `/issues/{n}` for a PR too (services/convert/issue.go)
        "url": f"{repo_api(view, repo)}/issues/{item.number}",
        "html_url": issue_html(view, repo, item),
        "number": item.number,
        "user": user(view, view.store.user(item.poster_id)),
        "original_author": "",
        "original_author_id": 0,
        "title": item.title,
        "body": item.body,
        "ref": "",
        "assets": [],
        "labels": issue_labels(view, repo, item),
        "milestone": None,
        "assignee": assignees[0] if assignees else None,
        "assignees": assignees or None,
        "state": item.state,
        "is_locked": item.is_locked,
        "comments": item.num_comments,
        "created_at": ts(item.created),
        "updated_at": ts(item.updated),
        "closed_at": ts(item.closed_at),
        "due_date": ts(item.due_date),
        "pull_request": pull_meta,
        "repository": {
            "id": repo.id,
            "name": repo.name,
            "owner": view.store.user(repo.owner_id).login,
            "full_name": full_name(view, repo),
        },
        "pin_order": 0,
    }


def comment(view: View, repo: Repo, item: Issue, c: Comment) -> dict[str, JSON]:
    html = issue_html(view, repo, item)
    is_pull = item.pull is not None
    return {
        "id": c.id,
        "html_url": f"{html}#issuecomment-{c.id}",
        "pull_request_url": html if is_pull else "",
        "issue_url": "" if is_pull else html,
        "user": user(view, view.store.user(c.user_id)),
        "original_author": "",
        "original_author_id": 0,
        "body": c.body,
        "assets": [],
        "created_at": ts(c.created),
        "updated_at": ts(c.updated),
    }


# -- pull requests and reviews --------------------------------------------------------


def pull_request(view: View, repo: Repo, item: Issue) -> dict[str, JSON]:
    pr = item.pull
    assert pr is not None
    html = issue_html(view, repo, item)
    assignees = [user(view, view.store.user(i)) for i in item.assignee_ids]
    additions, deletions, changed = diff_stats(repo, pr)
    requested = [
        user(view, view.store.user(r.user_id)) for r in pr.reviews if r.state == "REQUEST_REVIEW"
    ]
    return {
        "id": pr.id,
        "url": html,  # the page, not the API: `URL: pr.Issue.HTMLURL()` (convert/pull.go)
        "number": item.number,
        "user": user(view, view.store.user(item.poster_id)),
        "title": item.title,
        "body": item.body,
        "labels": issue_labels(view, repo, item),
        "milestone": None,
        "assignee": assignees[0] if assignees else None,
        "assignees": assignees or None,
        "requested_reviewers": requested,
        "requested_reviewers_teams": [],
        "state": item.state,
        "draft": is_draft(item.title),
        "is_locked": item.is_locked,
        "comments": item.num_comments,
        "review_comments": 0,
        "additions": additions,
        "deletions": deletions,
        "changed_files": changed,
        "html_url": html,
        "diff_url": f"{html}.diff",
        "patch_url": f"{html}.patch",
        "mergeable": mergeable(repo, item),
        "merged": pr.merged,
        "merged_at": ts(pr.merged_at),
        "merge_commit_sha": pr.merge_commit_sha,
        "merged_by": user_by_id(view, pr.merged_by_id),
        "allow_maintainer_edit": pr.allow_maintainer_edit,
        "base": _branch_info(view, repo, pr.base_branch, repo.branches.get(pr.base_branch, "")),
        "head": _head_info(view, repo, item.number, pr),
        "merge_base": pr.merge_base,
        "due_date": ts(item.due_date),
        "created_at": ts(item.created),
        "updated_at": ts(item.updated),
        "closed_at": ts(item.closed_at),
        "pin_order": 0,
        "flow": 0,
    }


def _head_info(view: View, repo: Repo, number: int, pr: Pull) -> dict[str, JSON]:
    if pr.head_branch in repo.branches:
        return _branch_info(view, repo, pr.head_branch, repo.branches[pr.head_branch])
    # Once the head branch is gone the PR points at its own ref.
    info = _branch_info(view, repo, pr.head_branch, pr.head_sha)
    info["ref"] = f"refs/pull/{number}/head"
    return info


def _branch_info(view: View, repo: Repo, branch: str, sha: str) -> dict[str, JSON]:
    return {
        "label": branch,
        "ref": branch,
        "sha": sha,
        "repo_id": repo.id,
        "repo": repository(view, repo),
    }


def mergeable(repo: Repo, item: Issue) -> bool:
    pr = item.pull
    if pr is None or pr.merged or is_draft(item.title) or item.state != "open":
        return False
    base_sha = repo.branches.get(pr.base_branch)
    if base_sha is None or pr.head_branch not in repo.branches:
        return False
    try:
        git.merge_trees(_tree(repo, pr.merge_base), _tree(repo, base_sha), _tree(repo, pr.head_sha))
    except git.MergeConflict:
        return False
    return True


def _tree(repo: Repo, sha: str) -> git.Tree:
    commit = repo.commits.get(sha)
    return commit.tree if commit is not None else {}


def diff_stats(repo: Repo, pr: Pull) -> tuple[int, int, int]:
    """(additions, deletions, changed files) between the merge base and the head."""
    old, new = _tree(repo, pr.merge_base), _tree(repo, pr.head_sha)
    additions = deletions = changed = 0
    for path in set(old) | set(new):
        if old.get(path) == new.get(path):
            continue
        changed += 1
        before = old.get(path, b"").decode(errors="replace").splitlines()
        after = new.get(path, b"").decode(errors="replace").splitlines()
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, before, after).get_opcodes():
            if tag in ("replace", "delete"):
                deletions += i2 - i1
            if tag in ("replace", "insert"):
                additions += j2 - j1
    return additions, deletions, changed


def review(view: View, repo: Repo, item: Issue, r: Review) -> dict[str, JSON]:
    html = issue_html(view, repo, item)
    return {
        "id": r.id,
        "user": user(view, view.store.user(r.user_id)),
        "team": None,
        "state": r.state,
        "body": r.body,
        "commit_id": r.commit_id,
        "stale": r.stale,
        "official": r.official,
        "dismissed": r.dismissed,
        "comments_count": 0,
        "submitted_at": ts(r.submitted),
        "updated_at": ts(r.updated),
        "html_url": f"{html}#issuecomment-{r.comment_id}",
        "pull_request_url": html,
    }
