"""`GitHubClient`: the `Forge` protocol over GitHub's REST API (github.com or GHES).

Every method is one request (lists: one a page, 100 items) through `GitHubHttp`.
Where GitHub's API differs from Forgejo's, the difference stays here:

* labels are set by name: `create_issue(label_ids=…)` turns ids into names from the
  repository's label list (read once per client, refreshed when an id is unknown);
* a sub-issue is attached with ``POST /issues/{n}/sub_issues``, which takes the
  sub-issue's *id*, not its number; "blocked by" links likewise
  (``/issues/{n}/dependencies/blocked_by``, ``issue_id``);
* branches are git refs: created from the source branch's sha (``POST /git/refs``),
  deleted as ``DELETE /git/refs/heads/{branch}``;
* several files land in one commit through the git data API (tree, commit, ref);
* a file is created *and* updated with ``PUT /contents/{path}``;
* a merge is ``PUT /pulls/{n}/merge``;
* a server without the sub-issues or dependencies API (GitHub Enterprise Server 3.17 to
  3.19) is learned from its first 404 (`github_caps`), and those links are then left to
  the bodies' text;
* `list_issues(q=…)` (a text search) goes to ``/search/issues``, the one read listing
  cannot answer; everything else is a listing;
* the timeline has no `since`: it is filtered here, and its events are renamed to the
  names the shell reads (`github_shapes.EVENT_TYPES`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from types import TracebackType
from typing import Any, Literal, Self

import httpx

from architect.errors import (
    ConfigError,
    ForgeConflict,
    ForgeError,
    ForgeNotFound,
    ForgeRefused,
    ForgeValidation,
)
from architect.forge import github_shapes as gh
from architect.forge.client import (
    _Contents,
    decode_file,
    edits,
    encode_text,
    head_matches,
    parse,
    repo_path,
    rfc3339,
    segment,
    wildcard,
)
from architect.forge.github_app import InstallationTokens
from architect.forge.github_caps import Api, Capabilities
from architect.forge.github_http import (
    GITHUB_API_URL,
    GitHubHttp,
    Kept,
    PersonalToken,
    TokenSource,
)
from architect.forge.http import RequestStats, RetryPolicy
from architect.forge.models import (
    Branch,
    Comment,
    FileChange,
    FileContent,
    Hook,
    Issue,
    Label,
    Page,
    Permission,
    PullRequest,
    Repository,
    Review,
    TimelineEvent,
    User,
)
from architect.forge.protocol import IssueState, IssueType
from architect.forge.secret import Secret

GITHUB_HOOK_EVENTS: tuple[str, ...] = (
    "issues", "issue_comment", "pull_request", "pull_request_review", "label",
)
ReviewEvent = Literal["APPROVED", "REQUEST_CHANGES", "COMMENT"]
_FULL_SHA = re.compile(r"[0-9a-f]{40}")
SEARCH_WORDS = 6  # GitHub's search takes at most five AND/OR/NOT operators
_REVIEW_EVENTS = {"APPROVED": "APPROVE", "REQUEST_CHANGES": "REQUEST_CHANGES",
                  "COMMENT": "COMMENT"}


def api_root(forge_url: str | None) -> str:
    """The REST root: api.github.com, or a GHES ``https://HOST/api/v3``."""
    url = (forge_url or GITHUB_API_URL).strip().rstrip("/")
    try:
        parsed = httpx.URL(url)
    except httpx.InvalidURL as exc:
        raise ConfigError(f"forge_url {forge_url!r} is not a URL: {exc}") from exc
    if parsed.scheme not in ("http", "https") or not parsed.host:
        raise ConfigError(f"forge_url must be GitHub's API URL (https://api.github.com, or "
                          f"https://HOST/api/v3 for GitHub Enterprise Server); got {forge_url!r}")
    if parsed.host in ("github.com", "www.github.com"):
        return GITHUB_API_URL  # the web address, written for the API's
    return url


class GitHubClient:
    """The `Forge` protocol for GitHub at `api_url`, authenticated by `tokens`."""

    def __init__(
        self,
        api_url: str | None,
        tokens: TokenSource | Secret | str,
        *,
        transport: httpx.BaseTransport | None = None,
        timeout: float = 30.0,
        retry: RetryPolicy | None = None,
        bot_login: str | None = None,
        kept: Kept | None = None,
        capabilities: Capabilities | None = None,
    ) -> None:
        """`kept`: what outlives this client (`architect loop`'s ticks share one);
        `capabilities`: what the server lacks, as learned before (else learned anew)."""
        self.base_url = api_root(api_url)
        if isinstance(tokens, str):
            tokens = Secret(tokens.strip())
        self._tokens: TokenSource = PersonalToken(tokens) if isinstance(tokens, Secret) else tokens
        self._kept = kept
        self._http = GitHubHttp(self.base_url, self._tokens, transport=transport,
                                timeout=timeout, retry=retry or RetryPolicy(), kept=kept)
        self.capabilities = capabilities or Capabilities(self.base_url)
        self._bot_login = bot_login  # an App's `<slug>[bot]`, else read from the App
        self._labels: dict[str, dict[int, str]] = {}

    # -- lifecycle ------------------------------------------------------------
    @property
    def stats(self) -> RequestStats:
        return self._http.stats

    @property
    def http(self) -> GitHubHttp:
        """The request path, for its rate limit and 304 count (`status`, benches)."""
        return self._http

    def close(self) -> None:
        self._http.close()
        kept = self._kept is not None and self._kept.tokens is self._tokens
        if isinstance(self._tokens, InstallationTokens) and not kept:
            self._tokens.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"GitHubClient({self.base_url!r})"

    # -- identity -------------------------------------------------------------
    def current_user(self) -> User:
        if self._bot_login is None and isinstance(self._tokens, InstallationTokens):
            # An installation token cannot read /user: the App acts as `<slug>[bot]`.
            self._bot_login = f"{self._tokens.app_slug()}[bot]"
        if self._bot_login is not None:
            found = self.get_user(self._bot_login)
            if found is None:
                raise ForgeError(f"GitHub has no account {self._bot_login}")
            return found
        return gh.user(self._http.get_json("/user"), "the current user")

    def get_repo(self, repo: str) -> Repository:
        return gh.repository(self._http.get_json(repo_path(repo)), f"repository {repo}")

    def collaborator_permission(self, repo: str, login: str) -> Permission:
        path = f"{repo_path(repo)}/collaborators/{segment(login)}/permission"
        try:
            answer = self._http.get_json(path)
        except ForgeNotFound:
            return Permission.NONE  # not a collaborator, or no such account
        value = answer.get("permission") if isinstance(answer, dict) else None
        try:
            return Permission(str(value))
        except ValueError:
            return Permission.NONE

    def get_user(self, login: str) -> User | None:
        try:
            return gh.user(self._http.get_json(f"/users/{segment(login)}"), f"user {login}")
        except ForgeNotFound:
            return None

    def list_assignees(self, repo: str) -> list[User]:
        """The users with write access: GitHub's assignees may include triagers, so the
        collaborators with at least `push` (one listing, not a permission read each)."""
        items = self._http.get_pages(f"{repo_path(repo)}/collaborators", {"permission": "push"})
        return gh.users(items, f"the collaborators of {repo} who may write")

    # -- issues ---------------------------------------------------------------
    def list_issues(
        self,
        repo: str,
        *,
        state: IssueState = "open",
        labels: Sequence[str] = (),
        type: IssueType | None = None,
        since: datetime | None = None,
        created_by: str | None = None,
        q: str | None = None,
    ) -> list[Issue]:
        if q:
            return self._search(repo, state=state, labels=labels, type=type, q=q)
        params: dict[str, str] = {"state": state}
        optional = {"labels": ",".join(labels), "since": rfc3339(since) if since else "",
                    "creator": created_by or ""}
        params |= {k: v for k, v in optional.items() if v}
        found = gh.issues(self._http.get_pages(f"{repo_path(repo)}/issues", params),
                          f"the issues of {repo}")
        if type == "issues":
            return [i for i in found if not i.is_pull]
        if type == "pulls":
            return [i for i in found if i.is_pull]
        return found

    def _search(self, repo: str, *, state: IssueState, labels: Sequence[str],
                type: IssueType | None, q: str) -> list[Issue]:
        """``/search/issues``: its own limit (30 a minute), so only for a text search."""
        terms = [f"repo:{repo}", q]
        if state != "all":
            terms.append(f"is:{state}")
        if type is not None:
            terms.append("is:issue" if type == "issues" else "is:pr")
        terms += [f'label:"{label}"' for label in labels]
        items = self._http.get_pages("/search/issues", {"q": " ".join(terms)})
        return gh.issues(items, f"the search of {repo}")

    def search_issues(self, repo: str, q: str, *, limit: int) -> list[Issue]:
        """One page of ``/search/issues``, best match first: open issues, not PRs. GitHub
        ANDs plain words, so the words are ORed, as Forgejo's bleve does (GitHub takes
        five operators at most: six words)."""
        words = " OR ".join(q.split()[:SEARCH_WORDS])
        params = {"q": f"repo:{repo} is:issue is:open {words}",
                  "per_page": str(min(limit, 100)), "page": "1"}
        answer = self._http.get_json("/search/issues", params)
        items = answer.get("items") if isinstance(answer, dict) else None
        if not isinstance(items, list):
            raise ForgeError(f"GitHub's search of {repo} answered without items")
        return [i for i in gh.issues(items, f"the search of {repo}") if not i.is_pull]

    def get_issue(self, repo: str, number: int) -> Issue:
        return gh.issue(self._http.get_json(f"{repo_path(repo)}/issues/{number}"),
                        f"issue #{number}")

    def changed_since(self, repo: str, since: datetime | None, *, limit: int) -> Page[Issue]:
        """Issues and PRs updated at or after `since`, newest change first: one page.

        GitHub sends no total: a `Link: next` counts as "more than this page". Its clock
        is the answer's `Date` (a 304's included).
        """
        params = {"state": "all", "sort": "updated", "direction": "desc",
                  "per_page": str(min(limit, 100)), "page": "1"}
        if since is not None:
            params["since"] = rfc3339(since)
        items, more, clock = self._http.get_page(f"{repo_path(repo)}/issues", params)
        found = gh.issues(items, f"the issues of {repo}")
        return Page(found, len(found) + (1 if more else 0), clock)

    def comments_changed_since(self, repo: str, since: datetime, *,
                               limit: int) -> Page[Comment]:
        params = {"since": rfc3339(since), "sort": "updated", "direction": "desc",
                  "per_page": str(min(limit, 100)), "page": "1"}
        items, more, clock = self._http.get_page(f"{repo_path(repo)}/issues/comments", params)
        found = gh.comments(items, f"the comments of {repo}")
        return Page(found, len(found) + (1 if more else 0), clock)

    def create_issue(self, repo: str, *, title: str, body: str,
                     label_ids: Sequence[int] = ()) -> Issue:
        payload = {"title": title, "body": body, "labels": self._label_names(repo, label_ids)}
        return gh.issue(self._http.send_json("POST", f"{repo_path(repo)}/issues", payload),
                        "a new issue")

    def edit_issue(self, repo: str, number: int, *, title: str | None = None,
                   body: str | None = None,
                   state: Literal["open", "closed"] | None = None) -> Issue:
        path = f"{repo_path(repo)}/issues/{number}"
        return gh.issue(self._http.send_json("PATCH", path, edits(title, body, state)),
                        f"issue #{number}")

    def add_issue_labels(self, repo: str, number: int, labels: Sequence[str]) -> list[Label]:
        """Adds labels by name. Unlike Forgejo, GitHub creates a name it does not know."""
        path = f"{repo_path(repo)}/issues/{number}/labels"
        answer = self._http.send_json("POST", path, {"labels": list(labels)})
        if not isinstance(answer, list):
            raise ForgeError(f"GitHub answered the labels of #{number} with a non-list")
        return gh.labels(answer, f"the labels of #{number}")

    def remove_issue_label(self, repo: str, number: int, label: str) -> None:
        path = f"{repo_path(repo)}/issues/{number}/labels/{segment(label)}"
        try:
            self._http.send("DELETE", path)
        except ForgeNotFound as exc:
            # "Label does not exist" on the issue: what was asked holds already. A
            # missing issue answers 404 too: that one is the caller's to hear.
            if "label does not exist" not in str(exc).lower():
                raise

    def list_labels(self, repo: str) -> list[Label]:
        found = gh.labels(self._http.get_pages(f"{repo_path(repo)}/labels"),
                          f"the labels of {repo}")
        self._labels[repo] = {label.id: label.name for label in found}
        return found

    def create_label(self, repo: str, *, name: str, color: str, description: str = "") -> Label:
        payload = {"name": name, "color": color.lstrip("#"), "description": description}
        answer = self._http.send_json("POST", f"{repo_path(repo)}/labels", payload)
        self._labels.pop(repo, None)
        return gh.labels([answer], f"label {name}")[0]

    def _label_names(self, repo: str, ids: Sequence[int]) -> list[str]:
        known = self._labels.get(repo, {})
        if any(i not in known for i in ids):
            self.list_labels(repo)
            known = self._labels.get(repo, {})
        missing = [i for i in ids if i not in known]
        if missing:
            raise ForgeValidation(f"{repo} has no label with the id {missing[0]}", status=422,
                                  method="POST", path=f"{repo_path(repo)}/issues")
        return [known[i] for i in ids]

    # -- comments -------------------------------------------------------------
    def list_comments(self, repo: str, number: int) -> list[Comment]:
        items = self._http.get_pages(f"{repo_path(repo)}/issues/{number}/comments")
        return gh.comments(items, f"the comments of #{number}")

    def create_comment(self, repo: str, number: int, body: str) -> Comment:
        path = f"{repo_path(repo)}/issues/{number}/comments"
        return gh.comment(self._http.send_json("POST", path, {"body": body}),
                          f"a comment on #{number}")

    def edit_comment(self, repo: str, comment_id: int, body: str) -> Comment:
        path = f"{repo_path(repo)}/issues/comments/{comment_id}"
        return gh.comment(self._http.send_json("PATCH", path, {"body": body}),
                          f"comment {comment_id}")

    # -- pull requests --------------------------------------------------------
    def list_pulls(self, repo: str, *, state: IssueState = "open", head: str | None = None,
                   base: str | None = None) -> list[PullRequest]:
        params: dict[str, str] = {"state": state}
        if head:
            # GitHub filters on `owner:branch`; the branch alone would be ignored.
            params["head"] = head if ":" in head else f"{repo.partition('/')[0]}:{head}"
        if base:
            params["base"] = base
        found = gh.pulls(self._http.get_pages(f"{repo_path(repo)}/pulls", params),
                         f"the pull requests of {repo}")
        return [p for p in found if (head is None or head_matches(p, head.split(":")[-1]))
                and (base is None or p.base.ref == base)]

    def get_pull(self, repo: str, number: int) -> PullRequest:
        return gh.pull(self._http.get_json(f"{repo_path(repo)}/pulls/{number}"),
                       f"pull request #{number}")

    def recently_closed_pulls(self, repo: str, *, limit: int) -> list[PullRequest]:
        """GitHub cannot sort by closing time: the most recently updated closed PRs
        (closing updates a PR), which the caller orders by `closed_at`."""
        params = {"state": "closed", "sort": "updated", "direction": "desc",
                  "per_page": str(min(limit, 100)), "page": "1"}
        items, _, _ = self._http.get_page(f"{repo_path(repo)}/pulls", params)
        return gh.pulls(items, f"the closed pull requests of {repo}")

    def list_timeline(self, repo: str, number: int, *,
                      since: datetime | None = None) -> list[TimelineEvent]:
        items = self._http.get_pages(f"{repo_path(repo)}/issues/{number}/timeline")
        events = gh.timeline(items, f"the timeline of #{number}")
        return [e for e in events if since is None or e.created_at >= since]

    def create_pull(self, repo: str, *, title: str, body: str, head: str,
                    base: str) -> PullRequest:
        payload = {"title": title, "body": body, "head": head, "base": base}
        return gh.pull(self._http.send_json("POST", f"{repo_path(repo)}/pulls", payload),
                       "a new pull request")

    def edit_pull(self, repo: str, number: int, *, title: str | None = None,
                  body: str | None = None,
                  state: Literal["open", "closed"] | None = None) -> PullRequest:
        path = f"{repo_path(repo)}/pulls/{number}"
        return gh.pull(self._http.send_json("PATCH", path, edits(title, body, state)),
                       f"pull request #{number}")

    def merge_pull(self, repo: str, number: int, *, style: str = "merge",
                   message: str | None = None) -> None:
        payload: dict[str, str] = {"merge_method": style}
        if message:
            title, _, rest = message.partition("\n")
            payload |= {"commit_title": title, "commit_message": rest.strip("\n")}
        path = f"{repo_path(repo)}/pulls/{number}/merge"
        try:
            self._http.send("PUT", path, json_body=payload)
        except ForgeRefused as exc:
            if exc.status != 405 or not self._still_checking(repo, number):
                raise
            # GitHub works out mergeability in the background after a push: the same
            # "try again later" the shell's merge retry knows from Forgejo.
            raise ForgeRefused(f"{exc} GitHub is still checking whether it can be merged: "
                               "Please try again later.", status=405, method="PUT",
                               path=path) from exc

    def _still_checking(self, repo: str, number: int) -> bool:
        data = self._http.get_json(f"{repo_path(repo)}/pulls/{number}")
        return isinstance(data, dict) and data.get("mergeable") is None \
            and data.get("state") == "open" and not data.get("merged")

    def list_reviews(self, repo: str, number: int) -> list[Review]:
        items = self._http.get_pages(f"{repo_path(repo)}/pulls/{number}/reviews")
        return gh.reviews(items, f"the reviews of #{number}")

    def create_review(self, repo: str, number: int, *, event: ReviewEvent,
                      body: str = "") -> Review:
        payload = {"event": _REVIEW_EVENTS[event], "body": body}
        path = f"{repo_path(repo)}/pulls/{number}/reviews"
        return gh.review(self._http.send_json("POST", path, payload), f"a review of #{number}")

    # -- branches and files ---------------------------------------------------
    def get_branch(self, repo: str, branch: str) -> Branch | None:
        try:
            data = self._http.get_json(f"{repo_path(repo)}/branches/{wildcard(branch)}")
        except ForgeNotFound:
            return None
        return parse(Branch, data, f"branch {branch}")

    def _head_sha(self, repo: str, branch: str) -> str:
        data = self._http.get_json(f"{repo_path(repo)}/git/ref/heads/{wildcard(branch)}")
        return str(data["object"]["sha"])

    def create_branch(self, repo: str, branch: str, from_ref: str) -> Branch:
        """`from_ref`: a branch, or a commit's full sha (a ref names a sha on GitHub)."""
        sha = from_ref if _FULL_SHA.fullmatch(from_ref) else self._head_sha(repo, from_ref)
        payload = {"ref": f"refs/heads/{branch}", "sha": sha}
        try:
            self._http.send_json("POST", f"{repo_path(repo)}/git/refs", payload)
        except ForgeValidation as exc:
            # GitHub answers an existing branch with 422; the caller's "ensure" knows 409.
            if "already exists" not in str(exc).lower():
                raise
            raise ForgeConflict(str(exc), status=409, method=exc.method, path=exc.path) from exc
        return Branch(name=branch)

    def delete_branch(self, repo: str, branch: str) -> None:
        self._http.send("DELETE", f"{repo_path(repo)}/git/refs/heads/{wildcard(branch)}")

    def list_branches(self, repo: str) -> list[str]:
        items = self._http.get_pages(f"{repo_path(repo)}/branches")
        return [str(item["name"]) for item in items if isinstance(item, dict)]

    def probe_write(self, repo: str, collection: Literal["branches", "labels"]) -> None:
        """Prove the right to write without changing anything: GitHub checks the token's
        permission before the body, so an empty body's 422 means "allowed"."""
        path = f"{repo_path(repo)}/{'git/refs' if collection == 'branches' else 'labels'}"
        try:
            self._http.send("POST", path, json_body={})
        except ForgeValidation:
            return

    def probe_pull_write(self, repo: str) -> None:
        """Prove the right to open pull requests on `repo` (`probe_write`'s empty body): a
        fine-grained token or an App needs "Pull requests: write" apart from "Contents"."""
        try:
            self._http.send("POST", f"{repo_path(repo)}/pulls", json_body={})
        except ForgeValidation:
            return

    @property
    def app(self) -> InstallationTokens | None:
        """The App whose installation token this client sends, if it is one."""
        return self._tokens if isinstance(self._tokens, InstallationTokens) else None

    def get_file(self, repo: str, path: str, *, ref: str | None = None) -> FileContent | None:
        what = f"{path} in {repo}"
        url = f"{repo_path(repo)}/contents/{wildcard(path)}"
        try:
            data = self._http.get_json(url, {"ref": ref} if ref else None)
        except ForgeNotFound:
            return None
        if isinstance(data, list):
            raise ForgeError(f"{what} is a directory, not a file")
        return decode_file(parse(_Contents, data, what), what)

    def create_file(self, repo: str, path: str, text: str, *, branch: str,
                    message: str) -> FileContent:
        payload = {"content": encode_text(text), "branch": branch, "message": message}
        return self._put_file(repo, path, text, payload)

    def update_file(self, repo: str, path: str, text: str, *, sha: str, branch: str,
                    message: str) -> FileContent:
        payload = {"content": encode_text(text), "sha": sha, "branch": branch, "message": message}
        return self._put_file(repo, path, text, payload)

    def _put_file(self, repo: str, path: str, text: str, payload: dict[str, str]) -> FileContent:
        url = f"{repo_path(repo)}/contents/{wildcard(path)}"
        answer = self._http.send_json("PUT", url, payload)
        content = answer.get("content") if isinstance(answer, dict) else None
        if not isinstance(content, dict):
            raise ForgeError(f"GitHub's answer for {path} in {repo} names no file")
        return FileContent(path=str(content["path"]), sha=str(content["sha"]), text=text)

    def list_files(self, repo: str, directory: str, *, ref: str | None = None) -> list[str]:
        url = f"{repo_path(repo)}/contents/{wildcard(directory.strip('/'))}"
        try:
            data = self._http.get_json(url, {"ref": ref} if ref else None)
        except ForgeNotFound:
            return []
        if not isinstance(data, list):
            return []
        return [str(e["path"]) for e in data if isinstance(e, dict) and e.get("type") == "file"]

    def change_files(self, repo: str, changes: Sequence[FileChange], *, branch: str,
                     message: str) -> None:
        """One commit through the git data API: a tree on the branch's, a commit, the ref moved."""
        base = repo_path(repo)
        head = self._head_sha(repo, branch)
        commit = self._http.get_json(f"{base}/git/commits/{head}")
        tree: list[dict[str, Any]] = []
        for change in changes:
            if change.from_path is not None:
                tree.append({"path": change.from_path, "mode": "100644", "type": "blob",
                             "sha": None})
            if change.operation == "delete":
                tree.append({"path": change.path, "mode": "100644", "type": "blob", "sha": None})
            else:
                tree.append({"path": change.path, "mode": "100644", "type": "blob",
                             "content": change.text or ""})
        made = self._http.send_json("POST", f"{base}/git/trees",
                                    {"base_tree": commit["tree"]["sha"], "tree": tree})
        new = self._http.send_json("POST", f"{base}/git/commits",
                                   {"message": message, "tree": made["sha"], "parents": [head]})
        self._http.send_json("PATCH", f"{base}/git/refs/heads/{wildcard(branch)}",
                             {"sha": new["sha"]})

    # -- sub-issues, dependencies and hooks ------------------------------------
    def link_sub_issue(self, repo: str, parent: int, child: int) -> None:
        """Attach #`child` under #`parent` (GitHub wants the child's id); idempotent. A
        server without sub-issues leaves it to the child's "Decomposed from #N"."""
        if self.capabilities.lacks("sub_issues"):
            return
        path = f"{repo_path(repo)}/issues/{parent}/sub_issues"
        try:
            have = self._http.get_pages(path)
        except ForgeNotFound:
            self._lacking("sub_issues", repo, parent)
            return
        if any(isinstance(i, dict) and i.get("number") == child for i in have):
            return
        child_id = self.get_issue(repo, child).id
        self._http.send("POST", path, json_body={"sub_issue_id": child_id})

    def list_dependencies(self, repo: str, number: int) -> list[Issue]:
        """What #`number` is blocked by; none on a server without dependencies."""
        if self.capabilities.lacks("dependencies"):
            return []
        try:
            items = self._http.get_pages(
                f"{repo_path(repo)}/issues/{number}/dependencies/blocked_by")
        except ForgeNotFound:
            self._lacking("dependencies", repo, number)
            return []
        return gh.issues(items, f"the dependencies of #{number}")

    def add_dependency(self, repo: str, number: int, *, depends_on: int) -> None:
        if self.capabilities.lacks("dependencies"):
            return
        blocker = self.get_issue(repo, depends_on).id
        path = f"{repo_path(repo)}/issues/{number}/dependencies/blocked_by"
        try:
            self._http.send("POST", path, json_body={"issue_id": blocker})
        except ForgeNotFound:
            self._lacking("dependencies", repo, number)

    def remove_dependency(self, repo: str, number: int, *, depends_on: int) -> None:
        """#`number` no longer waits for #`depends_on` (a re-plan closing it)."""
        if self.capabilities.lacks("dependencies"):
            return
        blocker = self.get_issue(repo, depends_on).id
        self._http.send("DELETE",
                        f"{repo_path(repo)}/issues/{number}/dependencies/blocked_by/{blocker}")

    def _lacking(self, api: Api, repo: str, number: int) -> None:
        """After a 404 of `api` on #`number`: learned when the issue is there (the route is
        what the server lacks), else the 404 is the caller's (re-raised)."""
        try:
            self.get_issue(repo, number)
        except ForgeNotFound:
            raise
        self.capabilities.learn(api)

    def list_hooks(self, repo: str) -> list[Hook]:
        items = self._http.get_pages(f"{repo_path(repo)}/hooks")
        return [gh.hook(item, f"the webhooks of {repo}") for item in items]

    def create_hook(self, repo: str, *, url: str, secret: str | Secret,
                    events: Sequence[str] = GITHUB_HOOK_EVENTS) -> Hook:
        """A JSON hook signed with `secret`. Forgejo's event names are read as GitHub's:
        its `pull_request_comment` (COMMENT reviews) is GitHub's `pull_request_review`,
        and GitHub's `label` event is always added."""
        value = secret.reveal() if isinstance(secret, Secret) else secret
        wanted = [e for e in dict.fromkeys([*events, "label"]) if e in GITHUB_HOOK_EVENTS]
        payload = {"name": "web", "active": True, "events": wanted,
                   "config": {"url": url, "content_type": "json", "secret": value,
                              "insecure_ssl": "0"}}
        return gh.hook(self._http.send_json("POST", f"{repo_path(repo)}/hooks", payload),
                       "a new webhook")
