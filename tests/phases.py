"""The test run in two phases, from one `python -m pytest`: every test in parallel, one worker a
core (pytest-xdist), then the tests marked `timed` alone on the machine.

A test that measures time (how soon a stalled client is closed, how long a refusal takes) must
not share the cores with other tests: under load its clock reads the load, not the service. It
says so with `@pytest.mark.timed` (or `pytestmark` for a module). Such tests run last:

- without xdist (`-n 0`, or `-p no:xdist`) they are moved to the end of the run;
- with xdist, each worker writes their ids into a folder the controller named for the run, and
  `TimedLast` hands them out only once every other test has run: to the one worker still up,
  the others stopped.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
from xdist.scheduler import LoadScheduling

TIMED = "timed"
FOLDER = "referee_timed_ids"  # the key of the folder in each worker's `workerinput`


def cores() -> int:
    """The cores this process may run on (a container's share, not the host's count)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # no affinity on this platform
        return os.cpu_count() or 1


def timed_last(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Move the `timed` tests to the end, in their order; on an xdist worker, write their ids."""
    timed = [item for item in items if item.get_closest_marker(TIMED)]
    chosen = set(timed)
    items[:] = [item for item in items if item not in chosen] + timed
    workerinput = getattr(config, "workerinput", None)
    if workerinput and FOLDER in workerinput:
        ids = "".join(f"{item.nodeid}\n" for item in timed)
        Path(workerinput[FOLDER], workerinput["workerid"]).write_text(ids, encoding="utf-8")


class TimedLast(LoadScheduling):
    """xdist's load scheduling, the `timed` tests held back until every other test has run.

    When nothing but the timed tests is left to hand out, every worker but the one with the
    most tests still queued stops after its queue; once those have finished, that worker
    takes the timed tests, and stops after them.
    """

    def __init__(self, config: pytest.Config, log: Any = None) -> None:
        super().__init__(config, log)
        self.timed: list[int] = []

    @property
    def tests_finished(self) -> bool:
        return not self.timed and bool(super().tests_finished)

    @property
    def has_pending(self) -> bool:
        return bool(self.timed) or bool(super().has_pending)

    def schedule(self) -> None:
        if self.collection is None and self.collection_is_completed:
            node, collection = next(iter(self.node2collection.items()))
            named = Path(node.workerinput[FOLDER], node.workerinput["workerid"])
            ids = set(named.read_text(encoding="utf-8").splitlines())
            self.timed = [i for i, nodeid in enumerate(collection) if nodeid in ids]
        super().schedule()
        # The base hands out every index: the timed ones wait until the others are done.
        held = set(self.timed)
        self.pending[:] = [i for i in self.pending if i not in held]
        self._release()

    def _send_tests(self, node: Any, num: int) -> None:
        held = set(self.timed)
        chosen = [i for i in self.pending if i not in held][:num]
        if chosen:
            sent = set(chosen)
            self.pending[:] = [i for i in self.pending if i not in sent]
            self.node2pending[node].extend(chosen)
            node.send_runtest_some(chosen)

    def check_schedule(self, node: Any, duration: float = 0) -> None:
        if self.pending or not self.timed:
            super().check_schedule(node, duration)
        else:
            self._release()

    def mark_test_complete(self, node: Any, item_index: int, duration: float = 0) -> None:
        super().mark_test_complete(node, item_index, duration)
        self._release()

    def remove_node(self, node: Any) -> str | None:
        crashed: str | None = super().remove_node(node)
        self._release()
        return crashed

    def _release(self) -> None:
        """Once only the timed tests are left to hand out, every worker but the busiest stops
        after its queue; when all those have finished, the busiest takes the timed tests."""
        if self.pending or not self.timed or self.collection is None:
            return
        running = [node for node in self.node2pending if not node.shutting_down]
        if not running:
            return  # a worker started in place of a crashed one will ask
        alone = max(running, key=lambda node: len(self.node2pending[node]))
        for node in running:
            if node is not alone:
                node.shutdown()
        if any(pending for node, pending in self.node2pending.items() if node is not alone):
            return
        chosen, self.timed = self.timed, []
        self.node2pending[alone].extend(chosen)
        alone.send_runtest_some(chosen)
        alone.shutdown()


# ---------------------------------------------------------------- the hooks (tests/conftest.py)

_RUN_FOLDER = pytest.StashKey[Path]()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    timed_last(config, items)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: a worker a core this process may use."""
    return cores()


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> LoadScheduling | None:
    """The default distribution (`--dist load`) with the timed tests last; any other as xdist has it."""
    return TimedLast(config, log) if config.getvalue("dist") == "load" else None


def pytest_configure_node(node: Any) -> None:
    """Each worker is told the folder its timed tests' ids go to (one folder a run)."""
    stash = node.config.stash
    if _RUN_FOLDER not in stash:
        stash[_RUN_FOLDER] = Path(tempfile.mkdtemp(prefix="referee-timed-"))
    node.workerinput[FOLDER] = str(stash[_RUN_FOLDER])


def pytest_unconfigure(config: pytest.Config) -> None:
    folder = config.stash.get(_RUN_FOLDER, None)
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)
