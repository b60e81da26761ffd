"""The repository pages: its branches and files, a file or folder, a commit."""

from __future__ import annotations

from werkzeug.wrappers import Response

from architect.emulator import git
from architect.emulator.gitops import head_tree
from architect.emulator.store import Repo, Store
from architect.emulator.webview_html import (
    SECURITY_HEADERS,
    esc,
    href,
    link,
    listing,
    markdown,
    when,
)
from architect.emulator.webview_issues import issue_rows
from architect.emulator.webview_lookup import (
    Missing,
    Page,
    names,
    repo_crumbs,
    split_ref,
    visible_repo,
)


def repo_page(store: Store, owner: str, repo: str) -> Page:
    found = visible_repo(store, owner, repo)
    owner, name = names(store, found)
    branches = [
        link(href(owner, name, "src/branch", b), b)
        + f' <span class="meta">{link(href(owner, name, "commit", sha), sha[:10])}</span>'
        for b, sha in sorted(found.branches.items())
    ]
    body = [f"<h1>{esc(owner)}/{esc(name)}</h1>"]
    if found.description:
        body.append(f'<p class="meta">{esc(found.description)}</p>')
    body += [f"<h2>{link(href(owner, name, 'branches'), 'Branches')}</h2>",
             listing(branches, "The repository is empty.")]
    tree = head_tree(found, found.default_branch)
    if tree:
        body += [
            f"<h2>Files on {esc(found.default_branch)}</h2>",
            dir_listing(found, owner, found.default_branch, tree, ""),
        ]
    body += ["<h2>Issues and pull requests</h2>", issue_rows(store, found, None)]
    readme = tree.get("README.md")
    if readme is not None:
        body += [
            '<h2>README.md</h2><div class="markdown">',
            markdown(readme.decode("utf-8", "replace"), (owner, name)),
            "</div>",
        ]
    return f"{owner}/{name}", "".join(body), repo_crumbs(store, found)


def src_page(store: Store, owner: str, repo: str, rest: str) -> Page:
    found = visible_repo(store, owner, repo)
    owner, name = names(store, found)
    branch, path = split_ref(found, rest)
    tree = head_tree(found, branch)
    crumbs = [*repo_crumbs(store, found), (href(owner, name, "src/branch", branch), branch)]
    heading = f'<h1>{esc(path or "/")} <span class="num">on {esc(branch)}</span></h1>'
    if path in tree:
        data = tree[path]
        raw = link(href(owner, name, "raw/branch", branch, path), "raw")
        body = heading + f'<p class="meta">{len(data)} bytes · {raw}</p>' + _file_body(path, data)
        return f"{path} · {owner}/{name}", body, crumbs
    if git.list_dir(tree, path) is None:
        raise Missing
    return (
        f"{path or branch} · {owner}/{name}",
        heading + dir_listing(found, owner, branch, tree, path),
        crumbs,
    )


def _file_body(path: str, data: bytes) -> str:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return '<p class="meta">A binary file.</p>'
    if path.lower().endswith(".md"):
        return f'<div class="markdown">{markdown(text)}</div>'
    return f"<pre><code>{esc(text)}</code></pre>"


def dir_listing(repo: Repo, owner: str, branch: str, tree: git.Tree, path: str) -> str:
    entries = git.list_dir(tree, path) or []
    prefix = f"{path.strip('/')}/" if path.strip("/") else ""
    rows = [
        link(
            href(owner, repo.name, "src/branch", branch, prefix + entry),
            entry + ("/" if kind == "dir" else ""),
        )
        for entry, kind in sorted(entries, key=lambda e: (e[1] != "dir", e[0]))
    ]
    return listing(rows, "No files.")


def raw_file(store: Store, owner: str, repo: str, rest: str) -> Response:
    found = visible_repo(store, owner, repo)
    branch, path = split_ref(found, rest)
    tree = head_tree(found, branch)
    if path not in tree:
        raise Missing
    # text/plain even for .html files: a raw file never becomes a page of this origin.
    return Response(tree[path], headers=SECURITY_HEADERS, content_type="text/plain; charset=utf-8")


def commit_page(store: Store, owner: str, repo: str, sha: str) -> Page:
    found = visible_repo(store, owner, repo)
    commit = found.commits.get(sha)
    if commit is None:
        raise Missing
    owner, name = names(store, found)
    title, _, rest = commit.message.partition("\n")
    before = found.commits[commit.parents[0]].tree if commit.parents else {}
    after = commit.tree
    changed = sorted(p for p in set(before) | set(after) if before.get(p) != after.get(p))
    parents = ", ".join(link(href(owner, name, "commit", p), p[:10]) for p in commit.parents)
    body = (
        f'<h1>{esc(title)} <span class="num">{esc(sha[:10])}</span></h1>'
        f'<p class="meta">{esc(commit.author)} committed on {when(commit.when)}'
        + (f" · parent {parents}" if parents else "")
        + "</p>"
        + (f"<pre>{esc(rest.strip())}</pre>" if rest.strip() else "")
        + "<h2>Files changed</h2>"
        + listing((esc(p) for p in changed), "None.")
    )
    return f"{title} · {owner}/{name}", body, repo_crumbs(store, found)


def branches_page(store: Store, owner: str, repo: str) -> Page:
    """Every branch with its head commit, the default one first."""
    found = visible_repo(store, owner, repo)
    owner, name = names(store, found)
    order = sorted(found.branches.items(), key=lambda b: (b[0] != found.default_branch, b[0]))
    rows = [
        link(href(owner, name, "src/branch", branch), branch)
        + (' <span class="meta">default</span>' if branch == found.default_branch else "")
        + f' <span class="meta">{link(href(owner, name, "commit", sha), sha[:10])}</span>'
        for branch, sha in order
    ]
    body = "<h1>Branches</h1>" + listing(rows, "The repository is empty.")
    crumbs = [*repo_crumbs(store, found), (href(owner, name, "branches"), "branches")]
    return f"Branches · {owner}/{name}", body, crumbs
