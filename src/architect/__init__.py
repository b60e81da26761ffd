"""architect: the planning bot of an AI software factory on Forgejo/Gitea.

Importing the package creates nothing, prints nothing and reads no clock; the
CLI (`architect.app.cli`) is the only place that wires real clients together.
"""

__version__ = "0.2.0"
