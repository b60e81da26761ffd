"""Who may steer the architect (`core.steering`): the reviewers when there are any, else the
ops repo's writers; never the bot, its filer or another bot account."""

from __future__ import annotations

from architect.core.steering import Steering


def test_reviewers_alone_steer_whatever_the_case() -> None:
    steering = Steering("architect-bot", reviewers=frozenset({"Alice"}),
                        writers=frozenset({"bob"}))
    assert steering.may_steer("alice") and not steering.may_steer("bob")
    assert steering.steerers() == () and not steering.needs_lookup("bob")


def test_without_reviewers_the_writers_steer_once_they_are_read() -> None:
    unread = Steering("architect-bot")
    assert not unread.may_steer("bob") and unread.needs_lookup("bob")
    assert not unread.needs_lookup("renovate[bot]")  # a bot needs no lookup
    read = Steering("architect-bot", writers=frozenset({"bob", "Carol", "deploy-bot"}))
    assert read.may_steer("bob") and not read.may_steer("mallory")
    assert read.steerers() == ("bob", "Carol")  # no bot among them, sorted


def test_the_bot_its_filer_and_other_bots_never_steer() -> None:
    steering = Steering("architect-bot", reviewers=frozenset({"architect-bot", "filer",
                                                              "ci-bot", "dependabot[bot]"}),
                        filer_login="filer")
    assert steering.own_logins == ("architect-bot", "filer")
    for login in ("Architect-Bot", "filer", "ci-bot", "dependabot[bot]"):
        assert steering.is_bot(login) and not steering.may_steer(login)
    assert not steering.is_bot("robot") and Steering("b", filer_login="b").own_logins == ("b",)
