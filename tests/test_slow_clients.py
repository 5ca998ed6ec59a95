"""Slow and stalled clients against a real `referee serve` of one worker: none takes it (a client
that held the only worker would stall every other)."""

from __future__ import annotations

import http.client
import json
import socket
import time
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest

from tests.test_e2e import Server, call

# Every test here runs alone, after the others (tests/phases.py): most read the server's clock,
# and the stalled clients must find no other test's requests on the server.
pytestmark = [pytest.mark.e2e, pytest.mark.timed]

MELD = json.dumps({"round": 1, "cards": ["8H", "8S", "2C"]}).encode()
MELD_PATH = "/v1/rulesets/bing-rummy/melds/check"
STALL_ANSWERED_WITHIN = 15.0  # the server gives up after 5 s without a byte; the rest is slack


@pytest.fixture
def server(shared_server: Server) -> Server:
    return shared_server


def head(path: str = MELD_PATH, length: int = 100, extra: str = "") -> bytes:
    return (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Content-Length: {length}\r\n{extra}\r\n").encode()


def stalled(server: Server, stack: ExitStack) -> socket.socket:
    """A connection that sends its headers and one byte of a 100-byte body, then nothing."""
    sock = stack.enter_context(socket.create_connection(("127.0.0.1", server.port), timeout=5))
    sock.sendall(head() + b"{")
    return sock


def answer(sock: socket.socket, timeout: float) -> tuple[int, dict[str, str], Any]:
    sock.settimeout(timeout)
    response = http.client.HTTPResponse(sock)
    try:
        response.begin()
        body = response.read()
    finally:
        response.close()
    headers = {k.lower(): v for k, v in response.getheaders()}
    return response.status, headers, json.loads(body) if body else None


def closed(sock: socket.socket, timeout: float) -> bool:
    sock.settimeout(timeout)
    try:
        while sock.recv(4096):
            pass
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False
    return True


def timed(base: str, method: str, path: str, body: object = None) -> tuple[int, Any, float]:
    start = time.monotonic()
    status, answered = call(base, method, path, body)
    return status, answered, time.monotonic() - start


def test_stalled_bodies_are_408_and_delay_no_one(server: Server) -> None:
    """A hundred connections stall their bodies at once (so the limit is waited for once): the
    service answers others meanwhile, quickly, and each stalled body gets its 408 problem and
    its connection closed, within the limit and its slack."""
    with ExitStack() as stack:
        start = time.monotonic()
        socks = [stalled(server, stack) for _ in range(100)]
        time.sleep(0.5)  # all of them are in the server's hands
        status, _, took = timed(server.base, "GET", "/healthz")
        assert status == 200 and took < 3, took
        status, checked, took = timed(server.base, "POST", MELD_PATH, json.loads(MELD))
        assert status == 200 and checked["valid"] is True and took < 3, took
        for sock in socks:
            status, headers, problem = answer(sock, STALL_ANSWERED_WITHIN)
            assert status == 408
            assert headers["content-type"] == "application/problem+json"
            assert problem["status"] == 408 and problem["title"] and problem["detail"]
            assert problem["type"].endswith("/request-timeout")
            assert closed(sock, 5)
        assert time.monotonic() - start < STALL_ANSWERED_WITHIN
    status, _, took = timed(server.base, "GET", "/healthz")
    assert status == 200 and took < 2, took


def test_a_slow_honest_client_is_answered(server: Server) -> None:
    pieces = [MELD[i:i + 8] for i in range(0, len(MELD), 8)]
    with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
        sock.sendall(head(length=len(MELD)))
        for piece in pieces:
            time.sleep(1.0 / len(pieces))
            sock.sendall(piece)
        status, _, checked = answer(sock, 10)
    assert status == 200 and checked["valid"] is True


def blast(sock: socket.socket, pieces: Iterator[bytes]) -> None:
    """Send everything before reading, as a careless client does."""
    for piece in pieces:
        sock.sendall(piece)


@pytest.mark.parametrize("how", ["content-length", "chunked"])
def test_a_body_over_a_mebibyte_sent_whole_is_413(server: Server, how: str) -> None:
    piece = b"x" * 65536
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        if how == "chunked":
            sock.sendall(head(length=0).replace(b"Content-Length: 0", b"Transfer-Encoding: chunked"))
            blast(sock, iter([b"%x\r\n%s\r\n" % (len(piece), piece)] * 20 + [b"0\r\n\r\n"]))
        else:
            sock.sendall(head(length=20 * len(piece)))
            blast(sock, iter([piece] * 20))
        status, headers, problem = answer(sock, 10)
    assert status == 413 and headers["content-type"] == "application/problem+json"
    assert problem["status"] == 413


@pytest.mark.parametrize("extra", ["", "Expect: 100-continue\r\n"], ids=["huge", "expect-continue"])
def test_a_body_announced_too_large_is_413_at_once(server: Server, extra: str) -> None:
    length = 64 * 1024 * 1024 if not extra else 2 * 1024 * 1024
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        start = time.monotonic()
        sock.sendall(head(length=length, extra=extra))  # and no body
        status, headers, problem = answer(sock, 10)
        assert status == 413 and problem["status"] == 413
        assert time.monotonic() - start < 3
        assert headers["connection"] == "close" and closed(sock, 5)
