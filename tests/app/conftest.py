"""The loop's child processes, for `test_loop.py` here as for the service's tests."""

from tests.app.service.conftest import children

__all__ = ["children"]
