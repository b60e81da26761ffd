"""Rebuild this folder's slices from the published npm packages (run by hand, not by tests).

    npm pack @octokit/openapi @octokit/fixtures @octokit/openapi-webhooks   # into DIR
    (cd DIR && for f in *.tgz; do mkdir -p "${f%.tgz}" && tar xzf "$f" -C "${f%.tgz}"; done)
    python tests/data/github/make_slice.py DIR

Keeps only the operations `GitHubClient` sends (`OPERATIONS`), every component they
reach, no examples; the fixture scenarios the adapter's reads are replayed against;
and the webhook deliveries (headers and payload schemas) of the events `architect init`
subscribes a hook to.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
OPERATIONS: dict[str, tuple[str, ...]] = {
    "/user": ("get",),
    "/users/{username}": ("get",),
    "/app": ("get",),
    "/app/installations/{installation_id}/access_tokens": ("post",),
    "/repos/{owner}/{repo}": ("get",),
    "/repos/{owner}/{repo}/installation": ("get",),
    "/repos/{owner}/{repo}/collaborators": ("get",),
    "/repos/{owner}/{repo}/collaborators/{username}/permission": ("get",),
    "/repos/{owner}/{repo}/assignees": ("get",),
    "/repos/{owner}/{repo}/issues": ("get", "post"),
    "/repos/{owner}/{repo}/issues/{issue_number}": ("get", "patch"),
    "/repos/{owner}/{repo}/issues/comments": ("get",),
    "/repos/{owner}/{repo}/issues/comments/{comment_id}": ("patch",),
    "/repos/{owner}/{repo}/issues/{issue_number}/comments": ("get", "post"),
    "/repos/{owner}/{repo}/issues/{issue_number}/labels": ("get", "post"),
    "/repos/{owner}/{repo}/issues/{issue_number}/labels/{name}": ("delete",),
    "/repos/{owner}/{repo}/issues/{issue_number}/timeline": ("get",),
    "/repos/{owner}/{repo}/issues/{issue_number}/sub_issues": ("get", "post"),
    "/repos/{owner}/{repo}/issues/{issue_number}/dependencies/blocked_by": ("get", "post"),
    "/repos/{owner}/{repo}/issues/{issue_number}/dependencies/blocked_by/{issue_id}": ("delete",),
    "/repos/{owner}/{repo}/labels": ("get", "post"),
    "/repos/{owner}/{repo}/labels/{name}": ("get", "patch", "delete"),
    "/repos/{owner}/{repo}/pulls": ("get", "post"),
    "/repos/{owner}/{repo}/pulls/{pull_number}": ("get", "patch"),
    "/repos/{owner}/{repo}/pulls/{pull_number}/merge": ("put",),
    "/repos/{owner}/{repo}/pulls/{pull_number}/reviews": ("get", "post"),
    "/repos/{owner}/{repo}/branches": ("get",),
    "/repos/{owner}/{repo}/branches/{branch}": ("get",),
    "/repos/{owner}/{repo}/git/ref/{ref}": ("get",),
    "/repos/{owner}/{repo}/git/refs": ("post",),
    "/repos/{owner}/{repo}/git/refs/{ref}": ("patch", "delete"),
    "/repos/{owner}/{repo}/git/commits": ("post",),
    "/repos/{owner}/{repo}/git/commits/{commit_sha}": ("get",),
    "/repos/{owner}/{repo}/git/trees": ("post",),
    "/repos/{owner}/{repo}/contents/{path}": ("get", "put"),
    "/repos/{owner}/{repo}/hooks": ("get", "post"),
    "/search/issues": ("get",),
}
SCENARIOS = ("labels", "add-labels-to-issue", "paginate-issues", "search-issues", "get-content",
             "create-file", "git-refs", "errors", "get-repository", "rename-repository",
             "add-and-remove-repository-collaborator")
# Every delivery the dialect sends to a hook subscribed to the events `architect init`
# registers (and the ping GitHub sends when a hook is created).
WEBHOOKS = ("issues-opened", "issues-edited", "issues-closed", "issues-reopened",
            "issues-labeled", "issues-unlabeled", "issues-deleted",
            "issue-comment-created", "issue-comment-edited", "issue-comment-deleted",
            "pull-request-opened", "pull-request-edited", "pull-request-closed",
            "pull-request-reopened", "pull-request-labeled", "pull-request-unlabeled",
            "pull-request-synchronize", "pull-request-review-requested",
            "pull-request-review-request-removed", "pull-request-review-submitted",
            "label-created", "label-deleted", "ping", "push")


def _refs(node: Any, found: set[str]) -> None:
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/components/"):
            found.add(ref)
        for value in node.values():
            _refs(value, found)
    elif isinstance(node, list):
        for value in node:
            _refs(value, found)


def _drop_examples(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: _drop_examples(v) for k, v in node.items() if k not in ("examples", "example")}
    if isinstance(node, list):
        return [_drop_examples(v) for v in node]
    return node


def slice_spec(spec: dict[str, Any], paths: dict[str, tuple[str, ...]]) -> dict[str, Any]:
    out: dict[str, Any] = {"openapi": spec["openapi"], "info": spec["info"], "paths": {}}
    for path, methods in paths.items():
        item = spec["paths"][path]
        out["paths"][path] = {m: _drop_examples(item[m]) for m in methods}
    components: dict[str, dict[str, Any]] = {}
    pending: set[str] = set()
    _refs(out["paths"], pending)
    done: set[str] = set()
    while pending:
        ref = pending.pop()
        if ref in done:
            continue
        done.add(ref)
        _, _, kind, name = ref.split("/", 3)
        if kind == "examples":
            continue
        value = _drop_examples(spec["components"][kind][name])
        components.setdefault(kind, {})[name] = value
        _refs(value, pending)
    out["components"] = components
    return out


def main(root: Path) -> None:
    spec = json.loads((root / "octokit-openapi-23.0.2/package/generated/api.github.com.json")
                      .read_text())
    (HERE / "api.github.com.slice.json").write_text(
        json.dumps(slice_spec(spec, OPERATIONS), indent=1, sort_keys=True) + "\n")
    scenarios = root / "octokit-fixtures-23.1.2/package/scenarios/api.github.com"
    for name in SCENARIOS:
        target = HERE / "fixtures" / f"{name}.json"
        shutil.copy(scenarios / name / "normalized-fixture.json", target)
    hooks = json.loads((root / "octokit-openapi-webhooks-12.1.0/package/generated/"
                        "api.github.com.json").read_text())
    wanted = {f"webhook-{name}" for name in WEBHOOKS}
    # The deliveries themselves (their headers and the schema of their body) and the schemas.
    kept = {"openapi": hooks["openapi"], "info": hooks["info"],
            "webhooks": {name: _drop_examples(hooks["webhooks"][name]) for name in WEBHOOKS},
            "components": {}}
    pending = {f"#/components/schemas/{name}" for name in wanted}
    done: set[str] = set()
    schemas: dict[str, Any] = {}
    while pending:
        ref = pending.pop()
        if ref in done:
            continue
        done.add(ref)
        name = ref.rsplit("/", 1)[1]
        schemas[name] = _drop_examples(hooks["components"]["schemas"][name])
        _refs(schemas[name], pending)
    kept["components"]["schemas"] = schemas
    (HERE / "webhooks.slice.json").write_text(json.dumps(kept, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
