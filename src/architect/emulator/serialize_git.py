"""The JSON shapes of branches, file contents, commits and hooks."""

from __future__ import annotations

import base64
import hashlib

from architect.emulator import auth, git
from architect.emulator.serialize import JSON, View, repo_api, repo_html, ts
from architect.emulator.store import Hook, Repo

_UNSIGNED = {
    "verified": False,
    "reason": "gpg.error.not_signed_commit",
    "signature": "",
    "signer": None,
    "payload": "",
}


# -- git: branches, contents, commits -----------------------------------------------------------


def _payload_user(name: str, email: str) -> dict[str, JSON]:
    return {"name": name, "email": email, "username": name}


def branch(view: View, repo: Repo, name: str, mode: int) -> dict[str, JSON]:
    commit = repo.commits[repo.branches[name]]
    return {
        "name": name,
        "commit": {
            "id": commit.sha,
            "message": commit.message,
            "url": f"{repo_html(view, repo)}/commit/{commit.sha}",
            "author": _payload_user(commit.author, commit.email),
            "committer": _payload_user(commit.committer_sig().name, commit.committer_sig().email),
            "verification": dict(_UNSIGNED),
            "timestamp": ts(commit.when),
            "added": None,
            "removed": None,
            "modified": None,
        },
        "protected": False,
        "required_approvals": 0,
        "enable_status_check": False,
        "status_check_contexts": [],
        "user_can_push": mode >= auth.WRITE,
        "user_can_merge": mode >= auth.WRITE,
        "effective_branch_protection_name": "",
    }


def contents(
    view: View, repo: Repo, ref: str, head: str, path: str, kind: str, *, with_content: bool
) -> dict[str, JSON]:
    """`ContentsResponse` for a file or directory at `path` of commit `head`."""
    tree = repo.commits[head].tree
    last = git.last_commit_touching(repo.commits, head, path)
    data = tree.get(path, b"")
    sha = git.blob_sha(data) if kind == "file" else _tree_sha(tree, path)
    api = f"{repo_api(view, repo)}/contents/{path}?ref={ref}"
    html = f"{repo_html(view, repo)}/src/branch/{ref}/{path}"
    git_url = f"{repo_api(view, repo)}/git/{'blobs' if kind == 'file' else 'trees'}/{sha}"
    file_content = with_content and kind == "file"
    return {
        "name": path.rsplit("/", 1)[-1],
        "path": path,
        "sha": sha,
        "last_commit_sha": last.sha,
        "last_commit_when": ts(last.when),
        "type": kind,
        "size": len(data) if kind == "file" else 0,
        "encoding": "base64" if file_content else None,
        "content": base64.b64encode(data).decode() if file_content else None,
        "target": None,
        "url": api,
        "html_url": html,
        "git_url": git_url,
        "download_url": f"{repo_html(view, repo)}/raw/branch/{ref}/{path}"
        if kind == "file"
        else None,
        "submodule_git_url": None,
        "_links": {"self": api, "git": git_url, "html": html},
    }


def _tree_sha(tree: git.Tree, path: str) -> str:
    prefix = path.rstrip("/") + "/"
    digest = hashlib.sha1()
    for name in sorted(k for k in tree if k.startswith(prefix)):
        digest.update(name.encode() + git.blob_sha(tree[name]).encode())
    return digest.hexdigest()


def file_commit(view: View, repo: Repo, commit: git.Commit) -> dict[str, JSON]:
    def meta(sha: str) -> dict[str, JSON]:
        when = repo.commits[sha].when if sha in repo.commits else commit.when
        return {"url": f"{repo_api(view, repo)}/git/commits/{sha}", "sha": sha, "created": ts(when)}

    def person(sig: git.Signature) -> dict[str, JSON]:
        return {"name": sig.name, "email": sig.email, "date": ts(sig.when)}

    return {
        "url": f"{repo_api(view, repo)}/git/commits/{commit.sha}",
        "sha": commit.sha,
        "created": ts(commit.when),
        "html_url": f"{repo_html(view, repo)}/commit/{commit.sha}",
        "author": person(commit.author_sig()),
        "committer": person(commit.committer_sig()),
        "parents": [meta(p) for p in commit.parents],
        "message": commit.message,
        "tree": {
            "url": f"{repo_api(view, repo)}/git/trees/{commit.sha}",
            "sha": commit.sha,
            "created": ts(commit.when),
        },
    }


def file_response(
    view: View, repo: Repo, commit: git.Commit, content: dict[str, JSON] | None
) -> dict[str, JSON]:
    return {
        "content": content,
        "commit": file_commit(view, repo, commit),
        "verification": dict(_UNSIGNED),
    }


# -- hooks --------------------------------------------------------------------------------

# The order in which `Webhook.EventsArray` lists the fine-grained events it has on
# (models/webhook/webhook.go `EventCheckers`); the value is the flag that gates it.
EVENT_CHECKERS: tuple[tuple[str, str], ...] = (
    ("create", "create"),
    ("delete", "delete"),
    ("fork", "fork"),
    ("push", "push"),
    ("issues", "issues"),
    ("issue_assign", "issue_assign"),
    ("issue_label", "issue_label"),
    ("issue_milestone", "issue_milestone"),
    ("issue_comment", "issue_comment"),
    ("pull_request", "pull_request"),
    ("pull_request_assign", "pull_request_assign"),
    ("pull_request_label", "pull_request_label"),
    ("pull_request_milestone", "pull_request_milestone"),
    ("pull_request_comment", "pull_request_comment"),
    ("pull_request_review_approved", "pull_request_review"),
    ("pull_request_review_rejected", "pull_request_review"),
    ("pull_request_review_comment", "pull_request_comment"),
    ("pull_request_sync", "pull_request_sync"),
    ("wiki", "wiki"),
    ("repository", "repository"),
    ("release", "release"),
    ("pull_request_review_request", "pull_request_review_request"),
)


def hook(h: Hook) -> dict[str, JSON]:
    flags = set(h.events)
    return {
        "id": h.id,
        "type": h.type,
        "branch_filter": h.branch_filter,
        "url": h.url,
        "config": {"content_type": h.content_type, "http_method": h.http_method, "url": h.url},
        "events": [name for name, flag in EVENT_CHECKERS if flag in flags],
        # ToHook returns the configured header (never the secret).
        "authorization_header": h.authorization_header,
        "content_type": h.content_type,
        "metadata": None,
        "active": h.active,
        "updated_at": ts(h.updated),
        "created_at": ts(h.created),
    }
