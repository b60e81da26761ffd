"""The GitHub dialect's pull requests, reviews, branches, git refs, commits, files and hooks."""

from __future__ import annotations

import base64
import hashlib
import json

from architect.emulator import github_serialize as ser
from architect.emulator.github_web import (
    HOOK_EVENTS,
    JSON,
    Backend,
    Call,
    DialectError,
    Reply,
    Routes,
    page,
    registrar,
    sorted_by,
)

ROUTES: Routes = []
route = registrar(ROUTES)


# -- pull requests and reviews -------------------------------------------------------------


@route("/repos/<owner>/<repo>/pulls", "GET")
def list_pulls(d: Backend, call: Call) -> Reply:
    params = {"state": call.arg("state", "open")}
    if call.arg("base"):
        params["base"] = call.arg("base")
    items = d.forgejo_all(call, f"/repos/{call.full}/pulls", params)
    head = call.arg("head")
    if head:
        branch = head.partition(":")[2] or head
        # A deleted head branch leaves only its label on the emulator's PR.
        items = [p for p in items if branch in (p["head"]["ref"], p["head"].get("label"))]
    repo = d.repo_json(call)
    return page(call, sorted_by(call, items),
                lambda p: ser.pull_simple(call.urls, call.full, p, repo))


@route("/repos/<owner>/<repo>/pulls", "POST")
def create_pull(d: Backend, call: Call) -> Reply:
    body = {k: v for k, v in call.body().items() if k in ("title", "body", "head", "base")}
    made = d.forgejo(call, "POST", f"/repos/{call.full}/pulls", body=body)[1]
    return Reply(201, ser.pull(call.urls, call.full, made, d.repo_json(call)))


@route("/repos/<owner>/<repo>/pulls/<int:number>", "GET")
def get_pull(d: Backend, call: Call) -> Reply:
    found = d.forgejo(call, "GET", f"/repos/{call.full}/pulls/{call.params['number']}")[1]
    return Reply(200, ser.pull(call.urls, call.full, found, d.repo_json(call)))


@route("/repos/<owner>/<repo>/pulls/<int:number>", "PATCH")
def edit_pull(d: Backend, call: Call) -> Reply:
    body = {k: v for k, v in call.body().items() if k in ("title", "body", "state")}
    found = d.forgejo(call, "PATCH", f"/repos/{call.full}/pulls/{call.params['number']}",
                      body=body)[1]
    return Reply(200, ser.pull(call.urls, call.full, found, d.repo_json(call)))


@route("/repos/<owner>/<repo>/pulls/<int:number>/merge", "PUT")
def merge_pull(d: Backend, call: Call) -> Reply:
    body = call.body()
    style = str(body.get("merge_method") or "merge")
    payload = {"Do": style, "MergeTitleField": body.get("commit_title") or "",
               "MergeMessageField": body.get("commit_message") or ""}
    number = call.params["number"]
    try:
        d.forgejo(call, "POST", f"/repos/{call.full}/pulls/{number}/merge", body=payload)
    except DialectError as exc:
        if exc.status == 405:
            raise DialectError(405, "Pull Request is not mergeable") from exc
        raise
    found = d.forgejo(call, "GET", f"/repos/{call.full}/pulls/{number}")[1]
    return Reply(200, {"sha": found.get("merge_commit_sha") or "", "merged": True,
                       "message": "Pull Request successfully merged"})


@route("/repos/<owner>/<repo>/pulls/<int:number>/reviews", "GET")
def list_reviews(d: Backend, call: Call) -> Reply:
    number = int(call.params["number"])
    items = d.forgejo_all(call, f"/repos/{call.full}/pulls/{number}/reviews")
    kept = [r for r in items if r.get("state") != "REQUEST_REVIEW"]  # listed elsewhere on GitHub
    return page(call, kept, lambda r: ser.review(call.urls, call.full, number, r))


@route("/repos/<owner>/<repo>/pulls/<int:number>/reviews", "POST")
def create_review(d: Backend, call: Call) -> Reply:
    number = int(call.params["number"])
    body = call.body()
    event = {"APPROVE": "APPROVED"}.get(str(body.get("event")), str(body.get("event")))
    made = d.forgejo(call, "POST", f"/repos/{call.full}/pulls/{number}/reviews",
                     body={"event": event, "body": body.get("body") or ""})[1]
    return Reply(200, ser.review(call.urls, call.full, number, made))


# -- branches, refs, files and commits ---------------------------------------------------------


@route("/repos/<owner>/<repo>/branches", "GET")
def list_branches(d: Backend, call: Call) -> Reply:
    items = d.forgejo_all(call, f"/repos/{call.full}/branches")
    return page(call, items, lambda b: ser.short_branch(call.urls, call.full, b))


@route("/repos/<owner>/<repo>/branches/<path:branch>", "GET")
def get_branch(d: Backend, call: Call) -> Reply:
    found = d.forgejo(call, "GET", f"/repos/{call.full}/branches/{call.params['branch']}")[1]
    return Reply(200, ser.branch(call.urls, call.full, found))


def _branch_sha(d: Backend, call: Call, name: str) -> str:
    found = d.forgejo(call, "GET", f"/repos/{call.full}/branches/{name}")[1]
    return str(found["commit"]["id"])


@route("/repos/<owner>/<repo>/git/ref/heads/<path:branch>", "GET")
def get_ref(d: Backend, call: Call) -> Reply:
    name = call.params["branch"]
    return Reply(200, ser.git_ref(call.urls, call.full, name, _branch_sha(d, call, name)))


@route("/repos/<owner>/<repo>/git/refs", "POST")
def create_ref(d: Backend, call: Call) -> Reply:
    body = call.body()
    ref, sha = str(body.get("ref") or ""), str(body.get("sha") or "")
    if not ref.startswith("refs/") or not sha:
        d.require_write(call, f"/repos/{call.full}/branches")
        raise DialectError(422, "Reference update failed" if ref else "Invalid request.",
                           [{"resource": "Reference", "code": "invalid", "field": "ref"}])
    name = ref.removeprefix("refs/heads/")
    try:
        d.forgejo(call, "POST", f"/repos/{call.full}/branches",
                  body={"new_branch_name": name, "old_ref_name": sha})
    except DialectError as exc:
        if exc.status == 409:
            raise DialectError(422, "Reference already exists") from exc
        raise
    return Reply(201, ser.git_ref(call.urls, call.full, name, sha))


@route("/repos/<owner>/<repo>/git/refs/heads/<path:branch>", "DELETE")
def delete_ref(d: Backend, call: Call) -> Reply:
    try:
        d.forgejo(call, "DELETE", f"/repos/{call.full}/branches/{call.params['branch']}")
    except DialectError as exc:
        if exc.status == 404:
            raise DialectError(422, "Reference does not exist") from exc
        raise
    return Reply(204)


@route("/repos/<owner>/<repo>/git/commits/<sha>", "GET")
def get_commit(d: Backend, call: Call) -> Reply:
    sha = call.params["sha"]
    d.repo_json(call)
    tree, message, parents = d.commits.get(sha, (sha, "", []))
    when = d.now().strftime("%Y-%m-%dT%H:%M:%SZ")
    return Reply(200, ser.git_commit(call.urls, call.full, sha, tree, message, parents, when))


@route("/repos/<owner>/<repo>/git/trees", "POST")
def create_tree(d: Backend, call: Call) -> Reply:
    body = call.body()
    entries = list(body.get("tree") or [])
    sha = hashlib.sha1(json.dumps([call.full, body], sort_keys=True).encode(),
                       usedforsecurity=False).hexdigest()
    d.trees[sha] = (str(body.get("base_tree") or ""), entries)
    tree = [{"path": e.get("path"), "mode": e.get("mode", "100644"), "type": "blob",
             "sha": e.get("sha") or sha, "url": f"{call.urls.repo(call.full)}/git/blobs/{sha}"}
            for e in entries]
    return Reply(201, {"sha": sha, "url": f"{call.urls.repo(call.full)}/git/trees/{sha}",
                       "tree": tree, "truncated": False})


@route("/repos/<owner>/<repo>/git/commits", "POST")
def create_commit(d: Backend, call: Call) -> Reply:
    body = call.body()
    tree, message = str(body.get("tree") or ""), str(body.get("message") or "")
    parents = [str(p) for p in body.get("parents") or []]
    if tree not in d.trees:
        raise DialectError(422, "Tree SHA does not exist")
    sha = hashlib.sha1(f"{tree}{message}{parents}".encode(), usedforsecurity=False).hexdigest()
    d.commits[sha] = (tree, message, parents)
    when = d.now().strftime("%Y-%m-%dT%H:%M:%SZ")
    return Reply(201, ser.git_commit(call.urls, call.full, sha, tree, message, parents, when))


@route("/repos/<owner>/<repo>/git/refs/heads/<path:branch>", "PATCH")
def update_ref(d: Backend, call: Call) -> Reply:
    """Moving a branch onto a commit made here: its tree's changes land as one commit."""
    name = call.params["branch"]
    sha = str(call.body().get("sha") or "")
    if sha not in d.commits:
        raise DialectError(422, "Object does not exist")
    tree, message, parents = d.commits[sha]
    if parents and parents[0] != _branch_sha(d, call, name):
        raise DialectError(422, "Update is not a fast forward")
    files = []
    for entry in d.trees[tree][1]:
        path = str(entry["path"])
        current = _file_sha(d, call, path, name)
        if entry.get("sha", "") is None:
            if current is not None:
                files.append({"operation": "delete", "path": path, "sha": current})
            continue
        text = base64.b64encode(str(entry.get("content", "")).encode()).decode()
        item = {"operation": "update" if current else "create", "path": path, "content": text}
        files.append(item | ({"sha": current} if current else {}))
    d.forgejo(call, "POST", f"/repos/{call.full}/contents",
              body={"files": files, "branch": name, "message": message})
    return Reply(200, ser.git_ref(call.urls, call.full, name, _branch_sha(d, call, name)))


def _file_sha(d: Backend, call: Call, path: str, ref: str) -> str | None:
    try:
        found = d.forgejo(call, "GET", f"/repos/{call.full}/contents/{path}", params={"ref": ref})
    except DialectError as exc:
        if exc.status == 404:
            return None
        raise
    return str(found[1]["sha"]) if isinstance(found[1], dict) else None


@route("/repos/<owner>/<repo>/contents/<path:path>", "GET")
def get_contents(d: Backend, call: Call) -> Reply:
    ref = call.arg("ref") or d.repo_json(call).get("default_branch", "main")
    found = d.forgejo(call, "GET", f"/repos/{call.full}/contents/{call.params['path']}",
                      params={"ref": ref})[1]
    if isinstance(found, list):
        return Reply(200, [ser.content(call.urls, call.full, e, ref) for e in found])
    return Reply(200, ser.content(call.urls, call.full, found, ref))


@route("/repos/<owner>/<repo>/contents/<path:path>", "PUT")
def put_contents(d: Backend, call: Call) -> Reply:
    body = call.body()
    path = call.params["path"]
    payload = {k: body[k] for k in ("content", "message", "branch", "sha") if k in body}
    method = "PUT" if body.get("sha") else "POST"
    try:
        _, made = d.forgejo(call, method, f"/repos/{call.full}/contents/{path}",
                                 body=payload)
    except DialectError as exc:
        if exc.status in (409, 422) and not body.get("sha"):
            raise DialectError(422, 'Invalid request.\n\n"sha" wasn\'t supplied.') from exc
        raise
    ref = str(body.get("branch") or "main")
    sha = str((made.get("commit") or {}).get("sha") or "")
    when = d.now().strftime("%Y-%m-%dT%H:%M:%SZ")
    return Reply(201 if method == "POST" else 200, {
        "content": ser.content(call.urls, call.full, made["content"], ref) | {"content": None},
        "commit": ser.git_commit(call.urls, call.full, sha, sha, str(body.get("message", "")),
                                 [], when)})


# -- hooks --------------------------------------------------------------------------------


@route("/repos/<owner>/<repo>/hooks", "GET")
def list_hooks(d: Backend, call: Call) -> Reply:
    items = d.forgejo_all(call, f"/repos/{call.full}/hooks")
    return page(call, items, lambda h: ser.hook(
        call.urls, call.full, h, d.github_events(h["id"]) or _github_events(h)))


def _github_events(fj: JSON) -> list[str]:
    have = set(fj.get("events") or [])
    return [name for name, flags in HOOK_EVENTS.items() if have & set(flags)]


@route("/repos/<owner>/<repo>/hooks", "POST")
def create_hook(d: Backend, call: Call) -> Reply:
    body = call.body()
    events = [str(e) for e in body.get("events") or ["push"]]
    config = dict(body.get("config") or {})
    flags = [f for e in events for f in HOOK_EVENTS.get(e, [])]
    made = d.forgejo(call, "POST", f"/repos/{call.full}/hooks", body={
        "type": "gitea", "active": bool(body.get("active", True)), "events": flags,
        "config": {"url": str(config.get("url", "")), "content_type": "json",
                   "secret": str(config.get("secret", ""))}})[1]
    return Reply(201, d.github_hook(call, made, events))
