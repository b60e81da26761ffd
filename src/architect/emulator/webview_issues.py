"""The issue and pull request pages: the conversation, reviews and what a PR merges."""

from __future__ import annotations

from datetime import datetime

from architect.emulator.store import Issue, Repo, Store
from architect.emulator.webview_html import esc, href, label_badges, link, listing, markdown, when
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
        f"{state_of(i)} {link(issue_url(owner, name, i), f'#{i.number} {i.title}')}"
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
        f'<h1>{esc(issue.title)} <span class="num">#{issue.number}</span></h1>',
        f'<p class="meta">{state_of(issue)} opened by {user_link(store, issue.poster_id)} '
        f"on {when(issue.created)}</p>",
        _pull_summary(store, found, issue),
        label_badges(labels),
        '<article id="issue-body"><header>'
        f"{user_link(store, issue.poster_id)} wrote</header>"
        f'<div class="markdown">{markdown(issue.body)}</div></article>',
        '<section id="timeline">',
        *(html for _, html in sorted(_timeline(store, issue))),
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
    requested = [user_link(store, r.user_id) for r in pr.reviews if r.state == "REQUEST_REVIEW"]
    if requested:
        text += f". Review requested from {', '.join(requested)}"
    return text + "</p>"


_VERBS = {"APPROVED": "approved", "REQUEST_CHANGES": "requested changes", "COMMENT": "reviewed"}


def _timeline(store: Store, issue: Issue) -> list[tuple[tuple[datetime, int], str]]:
    """Comments and published reviews, each anchored as the API's `html_url` says."""
    entries = []
    for c in (store.state.comments.get(i) for i in issue.comment_ids):
        if c is not None:
            who = f"{user_link(store, c.user_id)} commented"
            html = _entry(f"issuecomment-{c.id}", "comment", who, c.created, c.body)
            entries.append(((c.created, c.id), html))
    for r in issue.pull.reviews if issue.pull else []:
        verb = _VERBS.get(r.state)
        if verb is None:  # drafts are their author's, requests are not reviews
            continue
        notes = "".join(f" ({n})" for n, on in (("dismissed", r.dismissed), ("stale", r.stale))
                        if on)
        who = f"{user_link(store, r.user_id)} {verb}{notes}"
        anchor = f"issuecomment-{r.comment_id}" if r.comment_id else f"pullreview-{r.id}"
        html = _entry(anchor, f"review review-{r.state}", who, r.submitted, r.body)
        entries.append(((r.submitted, r.comment_id), html))
    return entries


def _entry(anchor: str, kind: str, who: str, at: datetime, body: str) -> str:
    """One anchored entry; `who` is HTML already (a user link and a verb)."""
    text = f'<div class="markdown">{markdown(body)}</div>' if body.strip() else ""
    return (
        f'<article class="{esc(kind)}" id="{esc(anchor)}"><header>{who} '
        f"{link('#' + anchor, when(at))}</header>{text}</article>"
    )
