"""The tick's writes, as the forge answered them, for the one render at its end.

`Recorded` passes every call to the forge it wraps and keeps a `Wrote` for
each write that changes what the dashboard shows (`core.after` folds them into
the snapshot). Which calls write is the protocol's declaration (`forge.protocol.
WRITES`); `_RECORDS` says what each of those the render folds in leaves. It
remembers no read: nothing is ever answered from it.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any, cast

from architect.core.after import Wrote
from architect.forge.protocol import WRITES, Forge

# What each write the render folds in leaves, from its arguments (by name) and the
# forge's answer. The other writes (files, branches made, dependencies, labels and
# hooks created) change nothing the dashboard shows.
_RECORDS: Mapping[str, Callable[[Mapping[str, Any], Any], Wrote]] = {
    "create_comment": lambda a, answer: Wrote(a["repo"], a["number"], comment=answer),
    # An edit names no thread: the render reads what the note now says (a later reason).
    "edit_comment": lambda a, answer: Wrote(a["repo"], 0, comment=answer, edited=True),
    "create_pull": lambda a, answer: Wrote(a["repo"], answer.number, pull=answer),
    "edit_pull": lambda a, answer: Wrote(a["repo"], a["number"], pull=answer),
    "merge_pull": lambda a, _: Wrote(a["repo"], a["number"], merged=True),
    "edit_issue": lambda a, answer: Wrote(a["repo"], a["number"], issue=answer),
    "add_issue_labels": lambda a, answer: Wrote(a["repo"], a["number"],
                                                labels=tuple(answer)),
    "remove_issue_label": lambda a, _: Wrote(a["repo"], a["number"], unlabelled=a["label"]),
    "delete_branch": lambda a, _: Wrote(a["repo"], 0, deleted_branch=a["branch"]),
}


class Recorded:
    """A forge whose writes are kept in `writes` (shared by the tick's clients)."""

    def __init__(self, forge: Forge, writes: list[Wrote]) -> None:
        self._forge = forge
        self.writes = writes

    @classmethod
    def around(cls, forge: Forge, writes: list[Wrote]) -> Forge:
        return cast(Forge, cls(forge, writes))

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        method = getattr(self._forge, name)
        record = _RECORDS.get(name) if name in WRITES else None
        if record is None:
            return method
        signature = inspect.signature(getattr(Forge, name))

        def recorded(*args: Any, **kwargs: Any) -> Any:
            answer = method(*args, **kwargs)
            # Kept only once the forge answered: a write whose answer was lost is found
            # by the next read, as the render's fold never guesses.
            called = signature.bind(None, *args, **kwargs)
            called.apply_defaults()
            self.writes.append(record(called.arguments, answer))
            return answer

        return recorded
