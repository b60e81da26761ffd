"""The GitHub dialect pages as GitHub does (`per_page` up to 100, `Link`), and the adapter
follows it to the end."""

from __future__ import annotations

from pathlib import Path

import httpx

from tests.world import BASE, BOT, PROJECT, make_world


def test_a_list_longer_than_a_page_is_read_whole_in_pages_of_100(tmp_path: Path) -> None:
    world = make_world(tmp_path, dialect="github")
    for n in range(130):
        world.setup.create_label(PROJECT, f"area-{n:03}", "ededed")
    bot = world.bot
    bot.stats.reset()
    names = [label.name for label in bot.list_labels(PROJECT)]
    assert len(names) == 134 and len(set(names)) == 134  # the world's 4, and these
    assert bot.stats.requests == 2


def test_links_name_the_next_and_last_pages(tmp_path: Path) -> None:
    world = make_world(tmp_path, dialect="github")
    for n in range(5):
        world.setup.create_label(PROJECT, f"area-{n}", "ededed")
    assert world.github is not None
    http = httpx.Client(transport=httpx.WSGITransport(app=world.github), base_url=BASE)
    answer = http.get(f"/api/v3/repos/{PROJECT}/labels", params={"per_page": 2, "page": 2},
                      headers={"Authorization": f"Bearer {world.tokens[BOT]}"})
    assert answer.status_code == 200 and len(answer.json()) == 2
    links = answer.headers["Link"]
    assert 'page=3>; rel="next"' in links and 'page=5>; rel="last"' in links
    assert 'page=1>; rel="prev"' in links and 'rel="first"' in links
    missing = http.get(f"/api/v3/repos/{PROJECT}/issues/999",
                       headers={"Authorization": f"Bearer {world.tokens[BOT]}"})
    assert missing.status_code == 404
    assert missing.json() == {"message": "Not Found", "status": "404",
                              "documentation_url": "https://docs.github.com/rest"}
