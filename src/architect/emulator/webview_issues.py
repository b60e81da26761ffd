"""The issue and pull request pages: the conversation, reviews and what a PR merges."""

from __future__ import annotations

from datetime import datetime

from architect.emulator.store import Issue, Repo, Store
from architect.emulator.webview_html import (
    esc,
    href,
    label_badges,
    link,
    listing,
    markdown,
    title_html,
    when,
)
from architect.emulator.webview_lookup import (
    Missing,
    Moved,
    Page,
    issue_url,
    names,
    repo_crumbs,
    state_of,
    user_link,
    visible_repo,
)


def issues_page(store: Store, owner: str, repo: str, pulls: bool) -> Page:
    found = visible_repo(store, owner, repo)
    what = "Pull requests" if pulls else "Issues"
    body = f"<h1>{what}</h1>" + issue_rows(store, found, pulls)
    return f"{what} · {'/'.join(names(store, found))}", body, repo_crumbs(store, found)


def issue_rows(store: Store, repo: Repo, pulls: bool | None) -> str:
    owner, name = names(store, repo)
    items = sorted(repo.issues.values(), key=lambda i: -i.number)
    rows = [
        f'{state_of(i)} <a href="{esc(issue_url(owner, name, i))}">#{i.number} '
        f"{title_html(i.title)}</a>"
        for i in items
        if pulls is None or (i.pull is not None) == pulls
    ]
    return listing(rows, "None yet.")


def issue_page(store: Store, owner: str, repo: str, number: int, pulls: bool) -> Page:
    found = visible_repo(store, owner, repo)
    issue = found.issues.get(number)
    if issue is None:
        raise Missing
    owner, name = names(store, found)
    if (issue.pull is not None) != pulls:  # as Forgejo does, either kind of link works
        raise Moved(issue_url(owner, name, issue))
    labels = [
        (found.labels[i].name, found.labels[i].color) for i in issue.label_ids if i in found.labels
    ]
    body = [
        f'<h1>{title_html(issue.title)} <span class="num">#{issue.number}</span></h1>',
        f'<p class="meta">{state_of(issue)} opened by {user_link(store, issue.poster_id)} '
        f"on {when(issue.created)}</p>",
        _pull_summary(store, found, issue),
        label_badges(labels),
        '<article id="issue-body"><header>'
        f"{user_link(store, issue.poster_id)} wrote</header>"
        f'<div class="markdown">{markdown(issue.body, (owner, name))}</div></article>',
        '<section id="timeline">',
        *(html for _, html in sorted(_timeline(store, issue, (owner, name)))),
        "</section>",
    ]
    crumbs = [*repo_crumbs(store, found), (issue_url(owner, name, issue), f"#{number}")]
    return f"{issue.title} · #{number} · {owner}/{name}", "".join(body), crumbs


def _pull_summary(store: Store, repo: Repo, issue: Issue) -> str:
    pr = issue.pull
    if pr is None:
        return ""
    owner, name = names(store, repo)
    head = (
        link(href(owner, name, "src/branch", pr.head_branch), pr.head_branch)
        if pr.head_branch in repo.branches
        else f"<code>{esc(pr.head_branch)}</code>"
    )
    base = link(href(owner, name, "src/branch", pr.base_branch), pr.base_branch)
    text = f'<p class="branches">{head} into {base}'
    if pr.merged:
        by = user_link(store, pr.merged_by_id) if pr.merged_by_id else "someone"
        sha = pr.merge_commit_sha or ""
        text += f": merged by {by} on {when(pr.merged_at)}"
        if sha:
            text += f" as {link(href(owner, name, 'commit', sha), sha[:10])}"
    text += f" · {link(href(owner, name, 'pulls', str(issue.number), 'files'), 'Files changed')}"
    requested = [user_link(store, r.user_id) for r in pr.reviews if r.state == "REQUEST_REVIEW"]
    if requested:
        text += f". Review requested from {', '.join(requested)}"
    return text + "</p>"


_VERBS = {"APPROVED": "approved", "REQUEST_CHANGES": "requested changes", "COMMENT": "reviewed"}


def _timeline(store: Store, issue: Issue,
              repo: tuple[str, str]) -> list[tuple[tuple[datetime, int], str]]:
    """Comments and published reviews, each anchored as the API's `html_url` says."""
    entries = []
    for c in (store.state.comments.get(i) for i in issue.comment_ids):
        if c is not None:
            who = f"{user_link(store, c.user_id)} commented"
            html = _entry(f"issuecomment-{c.id}", "comment", who, c.created, c.body, repo)
            entries.append(((c.created, c.id), html))
    for r in issue.pull.reviews if issue.pull else []:
        verb = _VERBS.get(r.state)
        if verb is None:  # drafts are their author's, requests are not reviews
            continue
        notes = "".join(f" ({n})" for n, on in (("dismissed", r.dismissed), ("stale", r.stale))
                        if on)
        who = f"{user_link(store, r.user_id)} {verb}{notes}"
        anchor = f"issuecomment-{r.comment_id}" if r.comment_id else f"pullreview-{r.id}"
        html = _entry(anchor, f"review review-{r.state}", who, r.submitted, r.body, repo)
        entries.append(((r.submitted, r.comment_id), html))
    return entries


def _entry(anchor: str, kind: str, who: str, at: datetime, body: str,
           repo: tuple[str, str]) -> str:
    """One anchored entry; `who` is HTML already (a user link and a verb)."""
    text = f'<div class="markdown">{markdown(body, repo)}</div>' if body.strip() else ""
    return (
        f'<article class="{esc(kind)}" id="{esc(anchor)}"><header>{who} '
        f"{link('#' + anchor, when(at))}</header>{text}</article>"
    )


def files_page(store: Store, owner: str, repo: str, number: int) -> Page:
    """What the PR changes: each file that differs between its merge base and its head."""
    found = visible_repo(store, owner, repo)
    issue = found.issues.get(number)
    if issue is None or issue.pull is None:
        raise Missing
    owner, name = names(store, found)
    pr = issue.pull
    before = found.commits[pr.merge_base].tree if pr.merge_base in found.commits else {}
    after = found.commits[pr.head_sha].tree if pr.head_sha in found.commits else {}
    sections = [
        f'<article id="{esc(path)}"><header><code>{esc(path)}</code> '
        f'<span class="meta">{_change(before.get(path), after.get(path))}</span></header>'
        f"{_shown(after.get(path))}</article>"
        for path in sorted(p for p in set(before) | set(after) if before.get(p) != after.get(p))
    ]
    url = issue_url(owner, name, issue)
    body = (f'<h1>{title_html(issue.title)} <span class="num">#{number}</span></h1>'
            f'<p class="meta">{link(url, "Conversation")} · Files changed</p>'
            + ("".join(sections) or '<p class="meta">No file changes.</p>'))
    crumbs = [*repo_crumbs(store, found), (url, f"#{number}"),
              (href(owner, name, "pulls", str(number), "files"), "files")]
    return f"Files · {issue.title} · #{number} · {owner}/{name}", body, crumbs


def _change(old: bytes | None, new: bytes | None) -> str:
    return "added" if old is None else "deleted" if new is None else "changed"


def _shown(data: bytes | None) -> str:
    if data is None:
        return ""
    try:
        return f"<pre><code>{esc(data.decode('utf-8'))}</code></pre>"
    except UnicodeDecodeError:
        return '<p class="meta">A binary file.</p>'
