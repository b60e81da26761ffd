"""Reading a page as a person would: the text inside each element with an id, and the tags."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

_VOID = {"meta", "img", "br", "hr", "input", "link", "source", "wbr"}


@dataclass
class Page:
    """A parsed page: the text inside each element with an id, every tag with its attributes."""

    status: int
    html: str
    title: str = ""
    text_by_id: dict[str, str] = field(default_factory=dict)
    tags: list[tuple[str, dict[str, str | None]]] = field(default_factory=list)

    def tags_named(self, name: str) -> list[dict[str, str | None]]:
        return [attrs for tag, attrs in self.tags if tag == name]

    def text(self) -> str:
        return self.text_by_id.get("", "")


class _Reader(HTMLParser):
    def __init__(self, page: Page) -> None:
        super().__init__(convert_charrefs=True)
        self.page = page
        self.open: list[tuple[str, str | None]] = []
        self.in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.page.tags.append((tag, dict(attrs)))
        if tag == "title":
            self.in_title = True
        if tag not in _VOID:
            self.open.append((tag, dict(attrs).get("id")))

    def handle_endtag(self, tag: str) -> None:
        self.in_title = False
        while self.open:
            if self.open.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        if self.in_title:
            self.page.title += data
        if not any(tag == "body" for tag, _ in self.open):
            return  # the title and the style sheet are not what a reader sees
        for key in ["", *(i for _, i in self.open if i)]:
            self.page.text_by_id[key] = self.page.text_by_id.get(key, "") + data


def parse(status: int, html: str) -> Page:
    page = Page(status, html)
    reader = _Reader(page)
    reader.feed(html)
    reader.close()
    return page
