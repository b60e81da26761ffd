"""The one-line setup problems (`core.setup_lines`): each says what is wrong, then the fix."""

from __future__ import annotations

from architect.core.setup_lines import (
    missing_branch_line,
    missing_repo_line,
    reviewer_line,
    unwritable_line,
)


def test_a_missing_repo_names_the_bot_or_the_token_when_it_cannot_tell() -> None:
    line = missing_repo_line("acme/shop", "http://forge.test", "architect-bot")
    assert line.startswith("acme/shop: no such repository on http://forge.test")
    assert line.endswith("or add @architect-bot as a collaborator")
    assert "the token's account cannot see it" in missing_repo_line("acme/shop", "u", None)


def test_a_missing_branch_suggests_the_only_base_and_never_a_sprint_branch() -> None:
    line = missing_branch_line("acme/shop", "main",
                               ["trunk", "architect/sprint-vision-7"])
    assert line == ("acme/shop: no branch 'main' (primary_branch); its branches: 'trunk': "
                    "set primary_branch = \"trunk\" in the project file, or create 'main'")
    many = missing_branch_line("acme/shop", "main", ["b", "a"])
    assert "its branches: 'a', 'b': create 'main' or set primary_branch to one of them" in many
    assert "its branches: none:" in missing_branch_line("acme/shop", "main", [])


def test_an_unwritable_repo_blames_the_scope_the_permission_or_the_access() -> None:
    scope = unwritable_line("acme/shop", "labels", "bot", "403: token does not have at least "
                            "one of required scope(s): [write:issue]")
    assert scope == ("acme/shop: the token may not write issues, labels and comments (it lacks "
                     "the scope 'write:issue'): create a token for @bot with write:issue")
    github = unwritable_line("acme/shop", "branches", "bot",
                             "GitHub: this token needs the permission contents=write.")
    assert "GitHub says it needs the permission contents=write: grant it" in github
    access = unwritable_line("acme/shop", "branches", "bot", "403 Forbidden")
    assert access == ("acme/shop: @bot may not write branches, files and pull requests here: "
                      "give @bot write access (Settings → Collaborators)")


def test_a_reviewer_typo_gets_the_nearest_writer() -> None:
    unknown = reviewer_line("alcie", "acme/shop-ops", ["alice", "bob"], exists=False)
    assert unknown == ("reviewer 'alcie' is not a user of this forge: fix `reviewers` in the "
                       "project file; did you mean 'alice'?")
    reader = reviewer_line("mallory", "acme/shop-ops", ["alice"], exists=True)
    assert reader.startswith("reviewer 'mallory' may not write on acme/shop-ops")
    assert "did you mean" not in reader
