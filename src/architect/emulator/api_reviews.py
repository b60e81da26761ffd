"""Pull request reviews and review requests."""

from __future__ import annotations

from architect.emulator import auth, hooks
from architect.emulator import serialize as ser
from architect.emulator.api_comments import add_comment_row
from architect.emulator.common import (
    Route,
    bump,
    load_pull,
    load_repo,
    require_token,
    route,
    view,
)
from architect.emulator.store import Comment, Issue, Pull, Repo, Review, User
from architect.emulator.web import (
    ApiError,
    Ctx,
    Reply,
    has_page,
    no_content,
    not_found,
    opt_str,
    opt_str_list,
    page_of,
    paged,
    raw_value,
    total_count,
    unprocessable,
)

VOTES = ("APPROVED", "REQUEST_CHANGES")


def _visible(ctx: Ctx, review: Review) -> bool:
    """PENDING drafts are shown to their author and site admins only."""
    if review.state != "PENDING":
        return True
    doer = ctx.doer
    return doer is not None and (doer.id == review.user_id or doer.is_admin)


def list_reviews(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    issue = load_pull(ctx, repo)
    pr = issue.pull
    assert pr is not None
    reviews = sorted((r for r in pr.reviews if _visible(ctx, r)), key=lambda r: (r.submitted, r.id))
    v = view(ctx)
    if not has_page(ctx):  # the full history unless a page is asked for
        body = [ser.review(v, repo, issue, r) for r in reviews]
        return total_count(Reply(200, body), len(reviews))
    page = page_of(ctx)
    body = [ser.review(v, repo, issue, r) for r in page.slice(reviews)]
    return paged(ctx, body, len(reviews), page, link=False)


def get_review(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    issue = load_pull(ctx, repo)
    pr = issue.pull
    assert pr is not None
    review = next((r for r in pr.reviews if r.id == int(ctx.params["id"])), None)
    if review is None or not _visible(ctx, review):
        raise not_found()
    return Reply(200, ser.review(view(ctx), repo, issue, review))


def _review_state(issue: Issue, doer: User, event: str, body: str, has_comments: bool) -> str:
    """`preparePullReviewType`: validate the event; empty or unknown → a PENDING draft."""
    if event in VOTES and issue.poster_id == doer.id:
        verb = "approve" if event == "APPROVED" else "reject"
        raise unprocessable(f"{verb} your own pull is not allowed")
    has_body = bool(body.strip())
    if event == "COMMENT" and not has_body and not has_comments:
        raise unprocessable("review event COMMENT requires a body or a comment")
    # REQUEST_CHANGES and a PENDING draft (empty or unknown event) need a body.
    if event not in ("APPROVED", "COMMENT") and not has_body:
        raise unprocessable(f"review event {event} requires a body")
    return event if event in (*VOTES, "COMMENT") else "PENDING"


def create_review(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    issue = load_pull(ctx, repo)
    pr = issue.pull
    assert pr is not None
    doer = require_token(ctx)
    body = ctx.body()
    text = opt_str(body, "body", "Body") or ""
    comments = raw_value(body, "comments")
    has_comments = isinstance(comments, list) and bool(comments)
    state = _review_state(issue, doer, opt_str(body, "event", "Event") or "", text, has_comments)
    commit_id = opt_str(body, "commit_id", "CommitID") or pr.head_sha
    now = ctx.store.now()
    pending = next((r for r in pr.reviews if r.user_id == doer.id and r.state == "PENDING"), None)
    if pending is not None:
        # models/issues/review.go, SubmitReview: the doer's current (pending) review is
        # updated in place (content, type, commit_id, stale), keeping its id and its
        # `submitted_at` (convert/pull_review.go: `Submitted: r.CreatedUnix`).
        review = pending
        review.state, review.body, review.commit_id = state, text, commit_id
        review.stale, review.updated = commit_id != pr.head_sha, now
    else:
        review = Review(
            id=ctx.store.next_id("review"),
            user_id=doer.id,
            state=state,
            body=text,
            commit_id=commit_id,
            submitted=now,
            updated=now,
            stale=commit_id != pr.head_sha,
        )
    if state != "PENDING":
        _submit(ctx, repo, issue, pr, review)
    if pending is None:
        pr.reviews.append(review)
    ctx.store.touch()
    return Reply(200, ser.review(view(ctx), repo, issue, review))


def _submit(ctx: Ctx, repo: Repo, issue: Issue, pr: Pull, review: Review) -> None:
    """Publish a review: its summary comment, the effect on older votes, the delivery."""
    if review.state in VOTES:
        # Earlier votes of the same reviewer are dismissed and no longer official;
        # their review request is answered (models/issues/review.go).
        for older in pr.reviews:
            if older is not review and older.user_id == review.user_id and older.state in VOTES:
                older.dismissed, older.official = True, False
        pr.reviews[:] = [
            r
            for r in pr.reviews
            if not (r.user_id == review.user_id and r.state == "REQUEST_REVIEW")
        ]
        review.official = auth.access(repo, ctx.store.user(review.user_id)) >= auth.WRITE
    summary = Comment(
        id=ctx.store.next_id("comment"),
        issue_id=issue.id,
        repo_id=repo.id,
        user_id=review.user_id,
        body=review.body,
        created=review.updated,  # when it is published, even for a draft started earlier
        updated=review.updated,
        kind="review",
    )
    add_comment_row(ctx, repo, summary, plain=False)
    review.comment_id = summary.id
    bump(ctx, issue)
    hooks.review_action(ctx, repo, issue, review)


def request_reviewers(ctx: Ctx) -> Reply:
    """`POST …/requested_reviewers`: REQUEST_REVIEW pseudo-reviews, one per user."""
    repo = load_repo(ctx)
    issue = load_pull(ctx, repo)
    pr = issue.pull
    assert pr is not None
    require_token(ctx)
    created: list[Review] = []
    for login in opt_str_list(ctx.body(), "reviewers", "Reviewers") or []:
        user = ctx.store.user_by_login(login)
        if user is None:
            raise not_found(f"User '{login}' not exist")
        if issue.state != "open":
            raise ApiError(403, "cannot add or remove review requests on a closed pull request")
        if user.id == issue.poster_id or auth.access(repo, user) < auth.READ:
            raise unprocessable(f"reviewer is invalid [user_id: {user.id}]")
        if any(r.user_id == user.id and r.state == "REQUEST_REVIEW" for r in pr.reviews):
            continue
        now = ctx.store.now()
        review = Review(
            id=ctx.store.next_id("review"),
            user_id=user.id,
            state="REQUEST_REVIEW",
            body="",
            commit_id="",
            submitted=now,
            updated=now,
        )
        pr.reviews.append(review)
        created.append(review)
        hooks.review_request_action(ctx, repo, issue, user, "review_requested")
    if created:
        bump(ctx, issue)
    v = view(ctx)
    return Reply(201, [ser.review(v, repo, issue, r) for r in created])


def unrequest_reviewers(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    issue = load_pull(ctx, repo)
    pr = issue.pull
    assert pr is not None
    require_token(ctx)
    for login in opt_str_list(ctx.body(), "reviewers", "Reviewers") or []:
        user = ctx.store.user_by_login(login)
        if user is None:
            raise not_found(f"User '{login}' not exist")
        before = len(pr.reviews)
        pr.reviews[:] = [
            r for r in pr.reviews if not (r.user_id == user.id and r.state == "REQUEST_REVIEW")
        ]
        if len(pr.reviews) != before:
            bump(ctx, issue)
            hooks.review_request_action(ctx, repo, issue, user, "review_request_removed")
    return no_content()


_PULL = "/repos/<owner>/<repo>/pulls/<int:index>"
ROUTES: list[Route] = [
    route(f"{_PULL}/reviews", "GET", list_reviews, "repository"),
    route(f"{_PULL}/reviews", "POST", create_review, "repository"),
    route(f"{_PULL}/reviews/<int:id>", "GET", get_review, "repository"),
    route(f"{_PULL}/requested_reviewers", "POST", request_reviewers, "repository"),
    route(f"{_PULL}/requested_reviewers", "DELETE", unrequest_reviewers, "repository"),
]
