"""Branches and file contents."""

from __future__ import annotations

import base64
import binascii
import re

from architect.emulator import commit_options, git, gitops, hooks
from architect.emulator import serialize_git as ser
from architect.emulator.common import (
    Route,
    load_repo,
    mode,
    require_write,
    route,
    view,
)
from architect.emulator.store import Repo, User
from architect.emulator.web import (
    JSON,
    NOT_FOUND,
    ApiError,
    Ctx,
    Reply,
    no_content,
    not_found,
    opt_bool,
    opt_str,
    page_of,
    paged,
    raw_value,
    req_str,
    unprocessable,
)

_BASE64 = re.compile(r"^[A-Za-z0-9+/=]$")
_SHA = re.compile(r"^[0-9a-f]{7,40}$")
# What git check-ref-format refuses, as the `GitRefName` binding checks it
# (modules/git/ref.go, `IsValidRefPattern`): "..", "@{", control characters, space
# and ~^:?*[\ anywhere, a part that starts with "." or ends with ".lock".
_BAD_REF = re.compile(r"\.\.|@\{|[\x00-\x20\x7f~^:?*\[\\]|//|^/|/$|\.$|(^|/)\.|\.lock(/|$)")


def git_ref_name(name: str) -> bool:
    return bool(name) and name != "@" and not _BAD_REF.search(name)

# -- branches ----------------------------------------------------------------------


def _ordered_branches(repo: Repo) -> list[str]:
    """Newest head commit first (models/git/branch_list.go orders by `commit_time DESC`)."""
    return sorted(repo.branches, key=lambda n: (-repo.commits[repo.branches[n]].when.timestamp(),
                                                 n))


def list_branches(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    names = _ordered_branches(repo)
    page = page_of(ctx)
    v, m = view(ctx), mode(ctx, repo)
    body = [ser.branch(v, repo, n, m) for n in page.slice(names)]
    return paged(ctx, body, len(names), page, link=True)


def get_branch(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    name = ctx.params["branch"]
    if name not in repo.branches:
        raise not_found(NOT_FOUND, f"branch does not exist [name: {name}]")
    return Reply(200, ser.branch(view(ctx), repo, name, mode(ctx, repo)))


def delete_branch(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    doer = require_write(ctx, repo)
    name = ctx.params["branch"]
    if not repo.branches:
        raise ApiError(404, "Git Repository is empty.")
    if name not in repo.branches:
        raise not_found(NOT_FOUND, f"branch does not exist [name: {name}]")
    if name == repo.default_branch:
        raise ApiError(403, "can not delete default branch")
    gitops.delete_branch(ctx, repo, name, doer)
    return no_content()


def _resolve_ref(repo: Repo, ref: str) -> str | None:
    """A branch name (also as `refs/heads/…`, which git resolves alike) or a commit sha
    (full or abbreviated)."""
    ref = ref.removeprefix("refs/heads/")
    if ref in repo.branches:
        return repo.branches[ref]
    if _SHA.match(ref):
        return next((sha for sha in repo.commits if sha.startswith(ref)), None)
    return None


def create_branch(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    require_write(ctx, repo)
    body = ctx.body()
    name = req_str(body, "new_branch_name", "BranchName")
    if not git_ref_name(name):
        raise unprocessable("[BranchName]: GitRefName")
    if not repo.branches:
        raise ApiError(404, "Git Repository is empty.")
    old_ref = opt_str(body, "old_ref_name", "OldRefName")
    old_branch = opt_str(body, "old_branch_name", "OldBranchName")
    if old_ref:
        start = _resolve_ref(repo, old_ref)
        if start is None:  # not a ref at all: the real server answers 500
            raise ApiError(500, f"object does not exist [id: {old_ref}, rel_path: ]")
    elif old_branch:
        start = repo.branches.get(old_branch)
        if start is None:
            raise ApiError(404, "The old branch does not exist")
    else:
        start = repo.branches[repo.default_branch]
    if name in repo.branches:
        raise ApiError(409, "The branch already exists.")
    repo.branches[name] = start
    ctx.store.touch()
    if ctx.doer is not None:
        hooks.push_action(ctx, repo, name, "", start, ctx.doer, [])
    return Reply(201, ser.branch(view(ctx), repo, name, mode(ctx, repo)))


# -- contents -------------------------------------------------------------------------


def get_contents(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    path = ctx.params.get("filepath", "").strip("/")
    ref = ctx.query("ref") or repo.default_branch
    head = _resolve_ref(repo, ref)
    if head is None:
        raise not_found("GetContentsOrList", f"object does not exist [id: {ref}, rel_path: ]")
    tree = repo.commits[head].tree
    v = view(ctx)
    if path in tree:
        return Reply(200, ser.contents(v, repo, ref, head, path, "file", with_content=True))
    entries = git.list_dir(tree, path)
    if entries is None:
        raise not_found("GetContentsOrList", f"object does not exist [id: , rel_path: {path}]")
    return Reply(
        200,
        [
            ser.contents(
                v, repo, ref, head, f"{path}/{name}" if path else name, kind, with_content=False
            )
            for name, kind in entries
        ],
    )


def _decode(body: dict[str, JSON]) -> bytes:
    """`content` as Go's StdEncoding reads it (line breaks ignored); 422 when invalid."""
    text = (opt_str(body, "content", "ContentBase64") or "").replace("\n", "").replace("\r", "")
    try:
        return base64.b64decode(text, validate=True)
    except binascii.Error:
        bad = next((i for i, c in enumerate(text) if not _BASE64.match(c)), len(text))
        raise unprocessable(f"illegal base64 data at input byte {bad}") from None


def _target_branch(ctx: Ctx, repo: Repo, body: dict[str, JSON]) -> tuple[str, str]:
    """(branch the change starts from, branch it is committed to)."""
    source = opt_str(body, "branch", "BranchName") or repo.default_branch
    target = opt_str(body, "new_branch", "NewBranchName") or source
    if source not in repo.branches and repo.branches:
        raise not_found("", f"branch does not exist [name: {source}]")
    force = opt_bool(body, "force_overwrite_new_branch", "ForceOverwriteNewBranch")
    if target != source and target in repo.branches and not force:
        raise unprocessable(f"branch already exists [name: {target}]")
    return source, target


def _commit(
    ctx: Ctx,
    repo: Repo,
    doer: User,
    body: dict[str, JSON],
    branches: tuple[str, str],
    tree: git.Tree,
    operations: list[tuple[str, str]],
) -> git.Commit:
    source, target = branches
    if target != source and source in repo.branches:
        repo.branches[target] = repo.branches[source]
    now = ctx.store.now()
    author, committer = commit_options.people(body, doer, now)
    message = opt_str(body, "message", "Message") or commit_options.default_message(operations)
    signoff = bool(opt_bool(body, "signoff", "Signoff"))
    text = commit_options.full_message(message, committer, signoff)
    return gitops.commit_to_branch(
        ctx, repo, target, tree, text, doer, people=(author, committer, now)
    )


def _check_path(tree: git.Tree, path: str, op: str, moved: bool) -> None:
    """A create or update may not put a file where a directory is, nor under a file
    (services/repository/files/update.go, `ErrFilePathInvalid`, a 422)."""
    parts = path.split("/")
    for depth in range(1, len(parts)):
        above = "/".join(parts[:depth])
        if above in tree:
            raise unprocessable(
                f"a file exists where you\u2019re trying to create a subdirectory [path: {above}]"
            )
    if git.list_dir(tree, path) is not None:
        raise unprocessable(
            f"a directory exists where you\u2019re trying to create a file [path: {path}]"
        )
    if path in tree and (op == "create" or moved):
        raise unprocessable(f"repository file already exists [path: {path}]")


def create_file(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    doer = require_write(ctx, repo)
    body = ctx.body()
    path = ctx.params["filepath"].strip("/")
    content = _decode(body)
    branches = _target_branch(ctx, repo, body)
    tree = gitops.head_tree(repo, branches[0])
    _check_path(tree, path, "create", moved=False)
    tree[path] = content
    commit = _commit(ctx, repo, doer, body, branches, tree, [("create", path)])
    return Reply(201, _file_reply(ctx, repo, branches[1], commit, path))


def update_file(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    doer = require_write(ctx, repo)
    body = ctx.body()
    path = ctx.params["filepath"].strip("/")
    sha = req_str(body, "sha", "SHA")
    content = _decode(body)
    branches = _target_branch(ctx, repo, body)
    tree = gitops.head_tree(repo, branches[0])
    source = (opt_str(body, "from_path", "FromPath") or path).strip("/")
    if source not in tree:
        # No mapping for this error in handleCreateOrUpdateFileError: a 500.
        raise ApiError(500, f"repository file does not exist [path: {source}]")
    expected = git.blob_sha(tree[source])
    if sha != expected:
        raise ApiError(409, f"sha does not match [given: {sha}, expected: {expected}]")
    del tree[source]
    _check_path(tree, path, "update", moved=source != path)
    tree[path] = content
    commit = _commit(ctx, repo, doer, body, branches, tree, [("update", path)])
    return Reply(200, _file_reply(ctx, repo, branches[1], commit, path))


def delete_file(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    doer = require_write(ctx, repo)
    body = ctx.body()
    path = ctx.params["filepath"].strip("/")
    sha = req_str(body, "sha", "SHA")
    branches = _target_branch(ctx, repo, body)
    tree = gitops.head_tree(repo, branches[0])
    if path not in tree:
        raise ApiError(404, f"repository file does not exist [path: {path}]")
    expected = git.blob_sha(tree[path])
    if sha != expected:
        raise ApiError(400, f"sha does not match [given: {sha}, expected: {expected}]")
    del tree[path]
    commit = _commit(ctx, repo, doer, body, branches, tree, [("delete", path)])
    return Reply(200, ser.file_response(view(ctx), repo, commit, None))


def change_files(ctx: Ctx) -> Reply:
    """`POST /contents`: several creates, updates (moves) and deletes in one commit."""
    repo = load_repo(ctx)
    doer = require_write(ctx, repo)
    body = ctx.body()
    operations = raw_value(body, "files")
    if not isinstance(operations, list):
        raise unprocessable("[Files]: Required")
    branches = _target_branch(ctx, repo, body)
    tree = gitops.head_tree(repo, branches[0])
    done: list[tuple[str, str]] = []
    for raw in operations:
        if not isinstance(raw, dict):
            raise unprocessable("[Files]: invalid file operation")
        op = req_str(raw, "operation", "Operation")
        path = req_str(raw, "path", "Path").strip("/")
        if op == "create":
            _check_path(tree, path, op, moved=False)
            tree[path] = _decode(raw)
        elif op in ("update", "delete"):
            source = (opt_str(raw, "from_path", "FromPath") or path).strip("/")
            if source not in tree:
                raise ApiError(404, f"repository file does not exist [path: {source}]")
            expected = git.blob_sha(tree[source])
            sha = opt_str(raw, "sha", "SHA")
            if sha != expected:
                raise ApiError(409, f"sha does not match [given: {sha}, expected: {expected}]")
            content = tree.pop(source)
            if op == "update":
                _check_path(tree, path, op, moved=source != path)
                tree[path] = _decode(raw) if opt_str(raw, "content", "ContentBase64") else content
        else:
            raise unprocessable(f"[Files][Operation]: invalid operation {op!r}")
        done.append((op, path))
    commit = _commit(ctx, repo, doer, body, branches, tree, done)
    v = view(ctx)
    # GetFilesResponseFromCommit: one entry per operation, in order; the contents of a
    # path that no longer exists (a delete) fail to load and are null.
    files: list[JSON] = [
        ser.contents(v, repo, branches[1], commit.sha, path, "file", with_content=True)
        if path in tree else None
        for _, path in done
    ]
    reply = ser.file_response(v, repo, commit, None)
    del reply["content"]
    return Reply(201, {"files": files, **reply})


def _file_reply(ctx: Ctx, repo: Repo, branch: str, commit: git.Commit, path: str) -> JSON:
    v = view(ctx)
    content = ser.contents(v, repo, branch, commit.sha, path, "file", with_content=True)
    return ser.file_response(v, repo, commit, content)


_REPO = "/repos/<owner>/<repo>"
ROUTES: list[Route] = [
    route(f"{_REPO}/branches", "GET", list_branches, "repository"),
    route(f"{_REPO}/branches", "POST", create_branch, "repository"),
    route(f"{_REPO}/branches/<path:branch>", "GET", get_branch, "repository"),
    route(f"{_REPO}/branches/<path:branch>", "DELETE", delete_branch, "repository"),
    route(f"{_REPO}/contents", "GET", get_contents, "repository"),
    route(f"{_REPO}/contents", "POST", change_files, "repository"),
    route(f"{_REPO}/contents/<path:filepath>", "GET", get_contents, "repository"),
    route(f"{_REPO}/contents/<path:filepath>", "POST", create_file, "repository"),
    route(f"{_REPO}/contents/<path:filepath>", "PUT", update_file, "repository"),
    route(f"{_REPO}/contents/<path:filepath>", "DELETE", delete_file, "repository"),
]
