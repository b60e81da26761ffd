"""Markers count only in what the bot wrote, and survive any payload."""

from __future__ import annotations

from datetime import UTC, datetime

from hypothesis import given
from hypothesis import strategies as st

from architect.core import markers
from architect.core.ledger import Answer, DesignFork, ForkStatus, Ledger, from_payload, to_payload
from architect.forge.models import Comment, User

NOW = datetime(2026, 11, 25, tzinfo=UTC)


def comment(login: str, body: str, id_: int = 1) -> Comment:
    return Comment(id=id_, body=body, user=User(id=1, login=login), created_at=NOW,
                   updated_at=NOW)


def test_only_the_bots_markers_count() -> None:
    body = "hello " + markers.marker("footer", slug="1-x")
    found = list(markers.bot_markers([comment("alice", body), comment("architect-bot", body, 2)],
                                     "architect-bot"))
    assert [(c.id, m.kind, m.attrs) for c, m in found] == [(2, "footer", {"slug": "1-x"})]


@given(st.text(max_size=300))
def test_payload_round_trips_whatever_text_it_holds(text: str) -> None:
    fork = DesignFork(1, text, (("A", text), ("B", "--> <!-- x")), "A",
                      answer=Answer("A", text, "alice", "http://x/#c", 5),
                      status=ForkStatus.RESOLVED)
    rendered = markers.marker("answers", to_payload(Ledger((fork,))), round=2)
    assert rendered.count("-->") == 1
    (found,) = list(markers.parse_markers("before " + rendered + " after"))
    assert found.attrs == {"round": "2"}
    assert from_payload(found.payload) == Ledger((fork,))


def test_decomposed_marker() -> None:
    text = "body\n" + markers.decomposed_marker(12, "12-webhooks", "api-client")
    assert markers.find_decomposed(text) == markers.DecomposedFrom(12, "12-webhooks",
                                                                   "api-client")
