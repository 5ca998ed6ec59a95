"""The run's two phases (tests/phases.py): the timed tests wait for every other test, then run on
one worker while the others have stopped."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.phases import FOLDER, TimedLast, cores, timed_last


class Config:
    """What the scheduler reads of pytest's config: the workers asked for, the chunk size."""

    def __init__(self, workers: int) -> None:
        self.values = {"tx": [f"{workers}*popen"], "maxschedchunk": None}

    def getvalue(self, name: str) -> Any:
        return self.values[name]

    getoption = getvalue


class Node:
    """A worker as the controller sees it: what it was sent, in order, and whether it was
    told to stop."""

    def __init__(self, name: str, folder: Path) -> None:
        self.name = name
        self.gateway = type("Gateway", (), {"id": name})()
        self.workerinput = {FOLDER: str(folder), "workerid": name}
        self.sent: list[int] = []
        self.shutting_down = False

    def send_runtest_some(self, indices: list[int]) -> None:
        assert not self.shutting_down, f"{self.name} was sent tests after it was stopped"
        self.sent.extend(indices)

    def shutdown(self) -> None:
        self.shutting_down = True

    def __repr__(self) -> str:
        return self.name


COLLECTION = [f"tests/test_x.py::test_{n}" for n in range(40)]
TIMED = {5, 17, 39}  # marked anywhere in a file; the workers put them last, the ids say which


def started(tmp_path: Path, workers: int, collection: list[str] = COLLECTION,
            timed: set[int] = TIMED) -> tuple[TimedLast, list[Node]]:
    for name in (f"gw{n}" for n in range(workers)):
        (tmp_path / name).write_text("".join(f"{collection[i]}\n" for i in sorted(timed)))
    scheduler = TimedLast(Config(workers))  # type: ignore[arg-type]
    nodes = [Node(f"gw{n}", tmp_path) for n in range(workers)]
    for node in nodes:
        scheduler.add_node(node)  # type: ignore[arg-type]
        scheduler.add_node_collection(node, collection)  # type: ignore[arg-type]
    scheduler.schedule()
    return scheduler, nodes


def run(scheduler: TimedLast, nodes: list[Node]) -> list[tuple[str, int, set[str]]]:
    """Complete the queued tests, the workers taking turns, as xdist's controller and workers
    do; each test as (worker, index, the workers still holding tests of theirs when it ran)."""
    ran = []
    while any(scheduler.node2pending.values()):
        if scheduler.tests_finished:  # the controller stops every worker (xdist's dsession)
            for node in nodes:
                node.shutdown()
        moved = False
        for node in nodes:
            queue = scheduler.node2pending.get(node)  # type: ignore[call-overload]
            # A worker runs a test once it has the next, or was told to stop (xdist's workers).
            if queue and (len(queue) > 1 or node.shutting_down):
                index = queue[0]
                busy = {n.name for n in nodes if n is not node
                        and scheduler.node2pending.get(n)}  # type: ignore[call-overload]
                ran.append((node.name, index, busy))
                scheduler.mark_test_complete(node, index)  # type: ignore[arg-type]
                moved = True
        assert moved, f"no worker can go on: {scheduler.node2pending}"
    return ran


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_the_timed_tests_run_last_on_one_worker_alone(tmp_path: Path, workers: int) -> None:
    scheduler, nodes = started(tmp_path, workers)
    ran = run(scheduler, nodes)
    assert sorted(index for _, index, _ in ran) == list(range(len(COLLECTION)))  # each once
    timed = [(name, busy) for name, index, busy in ran if index in TIMED]
    assert [index for _, index, _ in ran[-len(TIMED):]] == sorted(TIMED)
    assert len({name for name, _ in timed}) == 1
    assert all(not busy for _, busy in timed)  # nothing else running meanwhile


def test_a_run_of_timed_tests_alone_starts_and_ends(tmp_path: Path) -> None:
    scheduler, nodes = started(tmp_path, 2, COLLECTION[:3], {0, 1, 2})
    ran = run(scheduler, nodes)
    assert [i for _, i, _ in ran] == [0, 1, 2] and len({name for name, _, _ in ran}) == 1


def test_without_timed_tests_the_schedule_is_xdists(tmp_path: Path) -> None:
    scheduler, nodes = started(tmp_path, 2, timed=set())
    ran = run(scheduler, nodes)
    assert sorted(i for _, i, _ in ran) == list(range(len(COLLECTION)))
    assert {name for name, _, _ in ran} == {"gw0", "gw1"}


class Item:
    def __init__(self, name: str, timed: bool) -> None:
        self.nodeid = f"tests/test_x.py::{name}"
        self.timed = timed

    def get_closest_marker(self, name: str) -> object:
        return object() if name == "timed" and self.timed else None


def test_the_timed_tests_are_moved_last_and_named_to_the_controller(tmp_path: Path) -> None:
    items = [Item("a", False), Item("b", True), Item("c", False), Item("d", True)]
    config = type("Worker", (), {"workerinput": {FOLDER: str(tmp_path), "workerid": "gw1"}})()
    timed_last(config, items)  # type: ignore[arg-type]
    assert [i.nodeid[-1] for i in items] == ["a", "c", "b", "d"]
    assert (tmp_path / "gw1").read_text().splitlines() == [items[2].nodeid, items[3].nodeid]


def test_a_worker_a_core() -> None:
    assert cores() >= 1
