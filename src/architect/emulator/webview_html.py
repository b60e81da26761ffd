"""The HTML of the web view: a page layout, Markdown as a forge renders it, escaping. Pure.

Everything that reaches a page passes through `esc` or `markdown`: an issue body
is whatever anyone typed, so no text of the store is ever trusted as HTML.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Sequence
from datetime import datetime
from functools import cache
from typing import Any
from urllib.parse import quote

from markdown_it import MarkdownIt
from markdown_it.token import Token

_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)
_COLOR = re.compile(r"#?[0-9a-fA-F]{6}")
# No script can run: the pages have none, and the browser is told to refuse any.
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src *",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
_STYLE = """
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1f2328;background:#f6f8fa}
header.top{background:#2b3137;color:#fff;padding:.6em 1.2em}
header.top a{color:#fff;text-decoration:none}
main{max-width:60em;margin:1.2em auto;background:#fff;padding:1em 1.6em;
border:1px solid #d0d7de;border-radius:6px}
h1 .num{color:#656d76;font-weight:normal}
.meta{color:#656d76}
.state{display:inline-block;padding:.1em .7em;border-radius:1em;color:#fff;font-weight:600}
.state-open{background:#1f883d}.state-closed{background:#cf222e}.state-merged{background:#8250df}
.label{display:inline-block;padding:0 .6em;border-radius:1em;border:1px solid #d0d7de;
margin-right:.3em;font-size:.85em}
ul.labels{list-style:none;padding:0;margin:.4em 0}ul.labels li{display:inline}
article{border:1px solid #d0d7de;border-radius:6px;margin:1em 0}
article>header{background:#f6f8fa;padding:.4em .8em;border-bottom:1px solid #d0d7de}
article>.markdown{padding:0 .8em}
article:target{border-color:#0969da;box-shadow:0 0 0 2px #54aeff66}
.review-APPROVED>header{background:#dafbe1}.review-REQUEST_CHANGES>header{background:#ffebe9}
pre{background:#f6f8fa;padding:.8em;overflow:auto}
table{border-collapse:collapse}td,th{border:1px solid #d0d7de;padding:.2em .6em}
footer{text-align:center;color:#656d76;font-size:.85em;margin-bottom:2em}
"""


def esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def href(*segments: str) -> str:
    """An absolute path from raw segments, each percent-encoded (a `/` inside stays a `/`)."""
    return "/" + "/".join(quote(s, safe="/") for s in segments if s)


def link(url: str, text: str) -> str:
    return f'<a href="{esc(url)}">{esc(text)}</a>'


def when(moment: datetime | None) -> str:
    return "" if moment is None else moment.strftime("%Y-%m-%d %H:%M UTC")


@cache
def _parser() -> MarkdownIt:
    # Raw HTML is parsed (so that a forge's hidden comments can be recognised) but never
    # emitted: the two rules below print it as text, comments removed.
    md = MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"])
    md.add_render_rule("html_block", _raw_html_as_text)
    md.add_render_rule("html_inline", _raw_html_as_text)
    md.core.ruler.push("task_boxes", _task_boxes)
    md.core.ruler.push("references", _references)
    md.add_render_rule("task_box", _task_box)
    return md


def _raw_html_as_text(self: Any, tokens: Sequence[Any], idx: int, *_: Any) -> str:
    return esc(_COMMENT.sub("", tokens[idx].content))


def markdown(text: str, repo: tuple[str, str] | None = None) -> str:
    """A body as a forge shows it: CommonMark, HTML comments (the bots' markers) hidden,
    task lists as boxes, bare links, `#N` (in `repo`) and `owner/repo#N` as links."""
    return str(_parser().render(text, {"repo": repo}))


# -- what a forge adds to CommonMark ------------------------------------------------

_BOX = re.compile(r"\[([ xX])\] ")
# A bare URL (its trailing punctuation left to the sentence), or an issue reference:
# `#12` in this repo, `owner/repo#12` in another (Forgejo's reference rules, narrowed).
_REFERENCE = re.compile(
    r"(?P<url>https?://[^\s<>]*[^\s<>.,;:!?'\")\]])"
    r"|(?<![\w/&#.-])(?:(?P<owner>[\w.-]+)/(?P<name>[\w.-]+))?#(?P<number>\d+)\b"
)


def _task_boxes(state: Any) -> None:
    """`- [ ] …` and `- [x] …` items: a disabled checkbox instead of the brackets."""
    tokens = state.tokens
    for at in range(2, len(tokens)):
        inline, first = tokens[at], tokens[at - 2]
        if (inline.type != "inline" or first.type != "list_item_open" or not inline.children
                or inline.children[0].type != "text"):
            continue
        text = inline.children[0]
        found = _BOX.match(text.content)
        if found is None:
            continue
        text.content = text.content[found.end():]
        box = Token("task_box", "input", 0)
        box.meta = {"checked": found.group(1) != " "}
        inline.children.insert(0, box)


def _task_box(self: Any, tokens: Sequence[Any], idx: int, *_: Any) -> str:
    checked = " checked" if tokens[idx].meta["checked"] else ""
    return f'<input type="checkbox" disabled{checked}> '


def _references(state: Any) -> None:
    """Bare URLs and issue references in plain text become links (not in code or links)."""
    repo = state.env.get("repo")
    for inline in (t for t in state.tokens if t.type == "inline" and t.children):
        children: list[Token] = []
        depth = 0
        for child in inline.children:
            depth += {"link_open": 1, "link_close": -1}.get(child.type, 0)
            if child.type != "text" or depth:
                children.append(child)
                continue
            children += _linked(child.content, repo)
        inline.children = children


def _linked(text: str, repo: tuple[str, str] | None) -> list[Token]:
    tokens: list[Token] = []
    at = 0
    for found in _REFERENCE.finditer(text):
        url = found["url"] or _issue_href(found, repo)
        if url is None:
            continue
        tokens += [_text(text[at:found.start()]), _link_open(url), _text(found.group()),
                   Token("link_close", "a", -1)]
        at = found.end()
    return [*tokens, _text(text[at:])] if tokens else [_text(text)]


def _issue_href(found: re.Match[str], repo: tuple[str, str] | None) -> str | None:
    owner, name = (found["owner"], found["name"]) if found["owner"] else repo or (None, None)
    return href(owner, name, "issues", found["number"]) if owner and name else None


def _text(content: str) -> Token:
    token = Token("text", "", 0)
    token.content = content
    return token


def _link_open(url: str) -> Token:
    token = Token("link_open", "a", 1)
    token.attrs = {"href": url}
    return token


_CODE_SPAN = re.compile(r"`([^`]+)`")


def title_html(title: str) -> str:
    """A title as a forge shows it: escaped, with `code spans` as code."""
    parts = _CODE_SPAN.split(title)
    return "".join(f"<code>{esc(p)}</code>" if odd else esc(p)
                   for odd, p in ((i % 2 == 1, p) for i, p in enumerate(parts)))


def state_badge(state: str) -> str:
    return f'<span class="state state-{esc(state)}">{esc(state.capitalize())}</span>'


def label_badges(labels: Iterable[tuple[str, str]]) -> str:
    """`(name, color)` pairs; a color that is not plain hex is left out rather than trusted."""
    items = []
    for name, color in labels:
        style = ""
        if _COLOR.fullmatch(color):
            style = f' style="border-color:#{esc(color.lstrip("#"))}"'
        items.append(f'<li><span class="label"{style}>{esc(name)}</span></li>')
    return f'<ul class="labels">{"".join(items)}</ul>' if items else ""


def listing(rows: Iterable[str], empty: str) -> str:
    items = "".join(f"<li>{row}</li>" for row in rows)
    return f"<ul>{items}</ul>" if items else f'<p class="meta">{esc(empty)}</p>'


def page(title: str, body: str, crumbs: Sequence[tuple[str, str]] = ()) -> str:
    """A whole document. `body` is HTML built from escaped parts; `crumbs` are (url, text)."""
    trail = "".join(f" / {link(url, text)}" for url, text in crumbs)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(title)}</title><style>{_STYLE}</style></head><body>"
        f'<header class="top">{link("/", "Embedded forge")}{trail}</header>'
        f"<main>{body}</main>"
        "<footer>A read-only view of architect's embedded Forgejo-compatible forge.</footer>"
        "</body></html>\n"
    )
