"""The steps of a tick: one function per action, each performing exactly its action.

Every step writes in an order chosen so that its *last* write is the mark the
next tick reads as "done" (a comment with its marker, or the PR body), and
every earlier write is an ensure. A tick killed between any two writes and run
again therefore finishes the job without duplicating anything.

Each step says which action it performs (`registry.performs`); importing the package
imports every step module, so the registry is whole before `apply` looks in it.
"""

from architect.shell.steps import (  # noqa: F401  (each import files its module's steps)
    closing,
    dashboard,
    design,
    filing,
    nudges,
    pause,
    pitch,
    replan,
    replan_apply,
    story,
)
