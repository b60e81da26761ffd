"""`after:` notes between checklist items: resolved to ids, chained, checked for cycles."""

from __future__ import annotations

from collections.abc import Sequence

from architect.core.text import normalize, slugify
from architect.runners.offline.vision import ChecklistItem


def resolve_dependencies(
    items: Sequence[ChecklistItem],
) -> tuple[dict[str, tuple[str, ...]], list[tuple[str, str]]]:
    """`after:` references as ids of open items, and the (item, ref) pairs naming none."""
    by_key: dict[str, str] = {}
    for item in items:
        for key in (item.id, slugify(item.text), normalize(item.text)):
            by_key.setdefault(key, item.id)
    texts = [(f" {normalize(i.text)} ", i.id) for i in items]
    deps: dict[str, tuple[str, ...]] = {}
    unresolved: list[tuple[str, str]] = []
    for item in items:
        found: list[str] = []
        for ref in item.after:
            target = by_key.get(ref) or by_key.get(slugify(ref)) or by_key.get(normalize(ref))
            if target is None and normalize(ref):
                partial = [i for t, i in texts if f" {normalize(ref)} " in t]
                target = partial[0] if len(partial) == 1 else None
            if target is None:
                unresolved.append((item.text, ref))
            elif target != item.id and target not in found:
                found.append(target)
        deps[item.id] = tuple(found)
    return deps, unresolved


def longest_chain(deps: dict[str, tuple[str, ...]]) -> list[str]:
    """The longest path of `depends on` links, first task first (cycles cut)."""
    best: dict[str, list[str]] = {}

    def walk(node: str, seen: frozenset[str]) -> list[str]:
        if node in best:
            return best[node]
        chains = [walk(d, seen | {node}) for d in deps.get(node, ()) if d not in seen]
        longest = max(chains, key=len, default=[])
        best[node] = [*longest, node]
        return best[node]

    return max((walk(node, frozenset()) for node in sorted(deps)), key=len, default=[])


def find_cycle(deps: dict[str, tuple[str, ...]]) -> list[str]:
    """One dependency cycle as a closed path (a, b, a), or [] when there is none."""
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for dep in deps.get(node, ()):
            if state.get(dep) == 1:
                return [*path[path.index(dep) :], dep]
            if dep not in state and (cycle := visit(dep)):
                return cycle
        state[node] = 2
        path.pop()
        return []

    for node in sorted(deps):
        if node not in state and (cycle := visit(node)):
            return cycle
    return []
