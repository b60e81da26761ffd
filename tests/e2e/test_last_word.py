"""A writer's newest comment on the pitch is their word, end to end on the embedded forge.

Two comments written between two ticks are read together: `REJECT` then `sorry, wrong PR,
ACCEPT` accepts (and stays accepted on every later tick); `ACCEPT` then a doubt waits with
one reply to the doubt; a decision supersedes the hesitation someone wrote before it.
"""

from __future__ import annotations

from pathlib import Path

from tests.world import OPS, World, make_world


def _pitched(tmp_path: Path) -> tuple[World, int]:
    world = make_world(tmp_path)
    world.vision("Wishlists")
    world.tick()
    (pr,) = world.bot.list_pulls(OPS, state="open")
    return world, pr.number


def _asked(world: World, number: int) -> bool:
    return any("architect: questions" in b for b in world.bot_comments(number))


def _replies(world: World, number: int) -> list[str]:
    return [b for b in world.bot_comments(number) if "architect: unclear" in b]


def test_a_reject_taken_back_by_its_writers_accept_accepts_and_stays_accepted(
    tmp_path: Path,
) -> None:
    world, number = _pitched(tmp_path)
    world.comment(number, "REJECT: too big", by="bob")
    world.comment(number, "Sorry, I misread the appetite as six weeks. It's two. ACCEPT.",
                  by="bob")

    world.tick()
    again = world.tick()

    assert world.bot.get_pull(OPS, number).state == "open"
    assert _asked(world, number)
    assert again.decision.actions == ()
    assert _replies(world, number) == []


def test_an_accept_its_writer_then_doubts_waits_with_one_reply_to_the_doubt(
    tmp_path: Path,
) -> None:
    world, number = _pitched(tmp_path)
    world.comment(number, "ACCEPT")
    doubt = world.comment(number, "Hmm, wait. I'm not sure about accepting this yet, the "
                                  "scope looks too big.")

    world.tick()
    again = world.tick()

    assert not _asked(world, number)
    (reply,) = _replies(world, number)
    assert reply.startswith("@alice, I read “Hmm, wait.")
    assert "as an approval with a doubt" in reply and "nothing happened" in reply
    assert f"architect: unclear comment={doubt} " in reply
    assert again.decision.actions == ()


def test_a_decision_supersedes_the_hesitation_written_before_it(tmp_path: Path) -> None:
    world, number = _pitched(tmp_path)
    world.comment(number, "looks ok I think")
    world.comment(number, "Agree with alice, and to make it official: ACCEPT from me.",
                  by="bob")

    world.tick()

    assert _asked(world, number)
    assert _replies(world, number) == []


def test_a_hesitation_after_the_decision_still_gets_its_reply(tmp_path: Path) -> None:
    world, number = _pitched(tmp_path)
    world.comment(number, "ACCEPT", by="bob")
    world.comment(number, "looks ok I think")

    world.tick()

    assert _asked(world, number)
    (reply,) = _replies(world, number)
    assert "@alice" in reply


def test_agreement_after_the_accept_needs_no_reply(tmp_path: Path) -> None:
    world, number = _pitched(tmp_path)
    world.comment(number, "ACCEPT")
    world.comment(number, "+1, agreed. Sensible scope.", by="bob")
    world.comment(number, "(to be clear: that's a yes for the whole pitch)")

    world.tick()

    assert _asked(world, number)
    assert _replies(world, number) == []  # nothing to say: what they agree with is done


def test_agreement_after_a_reject_is_a_change_of_mind_read_back(tmp_path: Path) -> None:
    world, number = _pitched(tmp_path)
    world.comment(number, "REJECT: too big")
    world.comment(number, "Sounds good actually, ignore me")

    world.tick()

    assert not _asked(world, number)
    assert world.bot.get_pull(OPS, number).state == "open"
    (reply,) = _replies(world, number)
    assert "@alice" in reply
