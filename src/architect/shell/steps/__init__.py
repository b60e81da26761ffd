"""The steps of a tick: one function per action, each performing exactly its action.

Every step writes in an order chosen so that its *last* write is the mark the
next tick reads as "done" (a comment with its marker, or the PR body), and
every earlier write is an ensure. A tick killed between any two writes and run
again therefore finishes the job without duplicating anything.
"""
