"""What GitHub delivers for a change of the store: its event names, actions and payloads.

`hooks.py` records each change once; for a hook made through the GitHub dialect it
also records one of these builders, which shape the same objects as GitHub's webhooks
do (`@octokit/openapi-webhooks`): the REST objects of `github_serialize` with what the
webhook schemas add (``reactions``, ``performed_via_github_app``, a review's lowercase
``state``), under GitHub's names (``pull_request_review`` ``submitted``, ``labeled`` /
``unlabeled`` one label at a time, ``synchronize`` with ``before`` and ``after``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from architect.emulator import git
from architect.emulator import github_serialize as gh
from architect.emulator import serialize as ser
from architect.emulator.serialize import View
from architect.emulator.store import Comment, Issue, Label, Repo, Review, User
from architect.emulator.web import JSON

PREFIX = "/api/v3"
Payload = dict[str, JSON]
Deliveries = list[tuple[str, Payload]]
# The lowercase states of a review in GitHub's webhooks.
REVIEW_STATES = {"APPROVED": "approved", "REQUEST_CHANGES": "changes_requested",
                 "COMMENT": "commented"}


def urls(v: View) -> gh.Urls:
    web = v.root.rstrip("/")
    return gh.Urls(web + PREFIX, web)


def _reactions(api: str) -> Payload:
    return {"url": f"{api}/reactions", "total_count": 0, "+1": 0, "-1": 0, "laugh": 0,
            "hooray": 0, "confused": 0, "heart": 0, "rocket": 0, "eyes": 0}


class Shapes:
    """The objects of one delivery, shaped as GitHub's webhooks carry them."""

    def __init__(self, v: View, repo: Repo) -> None:
        self.v, self.u = v, urls(v)
        self.repo_fj = ser.repository(v, repo)
        self.full = str(self.repo_fj["full_name"])
        self.store_repo = repo

    def repository(self) -> Payload:
        shaped: Payload = gh.repository(self.u, self.repo_fj)
        shaped.pop("permissions", None)  # a webhook's repository is nobody's view of it
        return shaped | {"topics": [], "is_template": False, "allow_forking": True,
                         "web_commit_signoff_required": False}

    def user(self, who: User) -> Payload:
        shaped: Payload = gh.user(self.u, ser.user(self.v, who))
        return shaped

    def issue(self, issue: Issue) -> Payload:
        shaped: Payload = gh.issue(self.u, self.full, ser.issue(self.v, self.store_repo, issue))
        return shaped | {"reactions": _reactions(shaped["url"]),
                         "timeline_url": f"{shaped['url']}/timeline",
                         "performed_via_github_app": None}

    def pull(self, issue: Issue) -> Payload:
        fj = ser.pull_request(self.v, self.store_repo, issue)
        shaped: Payload = gh.pull(self.u, self.full, fj, self.repo_fj)
        for side in ("head", "base"):
            if shaped[side]["repo"] is not None:
                shaped[side]["repo"] = self.repository()
        return shaped | {"allow_auto_merge": False, "allow_update_branch": False,
                         "delete_branch_on_merge": False, "merge_commit_message": "PR_TITLE",
                         "merge_commit_title": "MERGE_MESSAGE", "squash_merge_commit_message":
                         "COMMIT_MESSAGES", "squash_merge_commit_title": "COMMIT_OR_PR_TITLE",
                         "use_squash_pr_title_as_default": False}

    def comment(self, issue: Issue, comment: Comment) -> Payload:
        fj = ser.comment(self.v, self.store_repo, issue, comment)
        shaped: Payload = gh.comment(self.u, self.full, issue.number, fj)
        return shaped | {"reactions": _reactions(shaped["url"]),
                         "performed_via_github_app": None}

    def label(self, label: Label) -> Payload:
        shaped: Payload = gh.label(self.u, self.full, ser.label(self.v, self.store_repo, label))
        return shaped

    def review(self, issue: Issue, review: Review) -> Payload:
        fj = ser.review(self.v, self.store_repo, issue, review)
        shaped: Payload = gh.review(self.u, self.full, issue.number, fj)
        return shaped | {"state": REVIEW_STATES.get(review.state, "commented"),
                         "commit_id": review.commit_id or ""}

    def around(self, sender: User) -> Payload:
        return {"repository": self.repository(), "sender": self.user(sender)}


def issue_event(v: View, repo: Repo, issue: Issue, action: str, sender: User,
                changes: Payload | None) -> Deliveries:
    """opened / edited / closed / reopened: `issues`, or `pull_request` for a PR. GitHub
    follows an `opened` with a `labeled` for each label it was opened with."""
    s = Shapes(v, repo)
    deliveries = [_issue_or_pull(s, issue, action, sender, changes, None)]
    if action == "opened":
        deliveries += [_issue_or_pull(s, issue, "labeled", sender, None, label)
                       for label in _labels(repo, issue.label_ids)]
    return deliveries


def _issue_or_pull(s: Shapes, issue: Issue, action: str, sender: User,
                   changes: Payload | None, label: Label | None) -> tuple[str, Payload]:
    payload: Payload = {"action": action}
    if issue.pull is not None:
        payload |= {"number": issue.number, "pull_request": s.pull(issue)}
    else:
        payload["issue"] = s.issue(issue)
    if changes is not None:
        payload["changes"] = changes
    if label is not None:
        payload["label"] = s.label(label)
    return ("pull_request" if issue.pull is not None else "issues"), payload | s.around(sender)


def _labels(repo: Repo, ids: Sequence[int]) -> list[Label]:
    return [repo.labels[i] for i in ids if i in repo.labels]


def label_events(v: View, repo: Repo, issue: Issue, sender: User, added: Sequence[Label],
                 removed: Sequence[Label]) -> Deliveries:
    """One `labeled` per label added and one `unlabeled` per label removed."""
    s = Shapes(v, repo)
    return ([_issue_or_pull(s, issue, "labeled", sender, None, x) for x in added]
            + [_issue_or_pull(s, issue, "unlabeled", sender, None, x) for x in removed])


def comment_event(v: View, repo: Repo, issue: Issue, comment: Comment, action: str,
                  sender: User, changes: Payload | None) -> Deliveries:
    """`issue_comment` created / edited / deleted, on an issue or a PR alike."""
    s = Shapes(v, repo)
    payload: Payload = {"action": action, "issue": s.issue(issue),
                        "comment": s.comment(issue, comment)}
    if changes is not None:
        payload["changes"] = changes
    return [("issue_comment", payload | s.around(sender))]


def review_event(v: View, repo: Repo, issue: Issue, review: Review, sender: User) -> Deliveries:
    """`pull_request_review` `submitted`, whatever the review's state."""
    s = Shapes(v, repo)
    payload: Payload = {"action": "submitted", "review": s.review(issue, review),
                        "pull_request": s.pull(issue)}
    return [("pull_request_review", payload | s.around(sender))]


def sync_event(v: View, repo: Repo, issue: Issue, sender: User, before: str,
               after: str) -> Deliveries:
    s = Shapes(v, repo)
    payload: Payload = {"action": "synchronize", "number": issue.number, "before": before,
                        "after": after, "pull_request": s.pull(issue)}
    return [("pull_request", payload | s.around(sender))]


def review_request_event(v: View, repo: Repo, issue: Issue, reviewer: User, action: str,
                         sender: User) -> Deliveries:
    s = Shapes(v, repo)
    payload: Payload = {"action": action, "number": issue.number,
                        "pull_request": s.pull(issue), "requested_reviewer": s.user(reviewer)}
    return [("pull_request", payload | s.around(sender))]


def repo_label_event(v: View, repo: Repo, label: Label, action: str, sender: User,
                     changes: Payload | None = None) -> Deliveries:
    """`label` created / edited / deleted: a label of the repository itself."""
    s = Shapes(v, repo)
    payload: Payload = {"action": action, "label": s.label(label)}
    if changes is not None:
        payload["changes"] = changes
    return [("label", payload | s.around(sender))]


# GitHub's ping carries one of its zen sayings.
ZEN = ("Design for failure.", "Keep it logically awesome.", "Speak like a human.",
       "Non-blocking is better than blocking.", "Half measures are as bad as nothing at all.",
       "Mind your words, they are important.", "Favor focus over features.",
       "Anything added dilutes everything else.", "Approachable is better than simple.",
       "Practicality beats purity.", "Avoid administrative distraction.",
       "Responsive is better than fast.", "It's not fully shipped until it's fast.")


def ping_event(v: View, repo: Repo, hook: Payload, sender: Payload) -> Payload:
    """What GitHub sends a hook the moment it is created: `hook` is its REST object,
    `sender` the GitHub user who created it."""
    s = Shapes(v, repo)
    return {"zen": ZEN[int(hook["id"]) % len(ZEN)], "hook_id": hook["id"], "hook": hook,
            "repository": s.repository(), "sender": sender}


ZERO_SHA = "0" * 40


def push_event(v: View, repo: Repo, branch: str, before: str, after: str, pusher: User,
               commits: Sequence[git.Commit]) -> Deliveries:
    """`push`: a branch created (`before` empty), moved, or deleted (`after` empty);
    `commits` are the new ones, oldest first."""
    s = Shapes(v, repo)
    shaped = [_push_commit(s, repo, c) for c in commits]
    old, new = before or ZERO_SHA, after or ZERO_SHA
    payload: Payload = {
        "ref": f"refs/heads/{branch}", "before": old, "after": new,
        "repository": s.repository() | {"owner": s.repository()["owner"]
                                        | {"name": s.repository()["owner"]["login"]}},
        "pusher": {"name": pusher.login, "email": pusher.email},
        "created": not before, "deleted": not after, "forced": False, "base_ref": None,
        "compare": f"{s.u.web}/{s.full}/compare/{old[:12]}...{new[:12]}",
        "commits": shaped, "head_commit": shaped[-1] if shaped else None,
        "sender": s.user(pusher)}
    return [("push", payload)]


def _push_commit(s: Shapes, repo: Repo, commit: git.Commit) -> Payload:
    parent = repo.commits.get(commit.parents[0]) if commit.parents else None
    old = parent.tree if parent is not None else {}
    author, committer = commit.author_sig(), commit.committer_sig()
    tree_id = hashlib.sha1(repr(sorted(commit.tree.items())).encode(),
                           usedforsecurity=False).hexdigest()
    return {"id": commit.sha, "tree_id": tree_id, "distinct": True, "message": commit.message,
            "timestamp": ser.ts(commit.when), "url": f"{s.u.web}/{s.full}/commit/{commit.sha}",
            "author": {"name": author.name, "email": author.email},
            "committer": {"name": committer.name, "email": committer.email},
            "added": sorted(set(commit.tree) - set(old)),
            "removed": sorted(set(old) - set(commit.tree)),
            "modified": sorted(p for p in commit.tree if p in old and old[p] != commit.tree[p])}
