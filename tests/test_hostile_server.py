"""Hostile requests against a real `referee serve` (gunicorn): what the test client cannot show.

Gunicorn decodes chunked bodies itself and hands the app a stream with no Content-Length,
so the 1 MiB limit on such bodies is only proven here.
"""

from __future__ import annotations

import http.client
import json
from pathlib import Path
from typing import Any

import pytest

from tests.test_e2e import Server, call

pytestmark = pytest.mark.e2e

CHECK = "/v1/rulesets/ten-pennies/melds/check"


@pytest.fixture
def server(shared_server: Server) -> Server:
    return shared_server


def send_chunked(server: Server, path: str, body: bytes, content_type: str = "application/json",
                 chunk: int = 64 * 1024) -> tuple[int, str, dict[str, Any]]:
    """POST `body` with `Transfer-Encoding: chunked` (no Content-Length): status, media type, JSON."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    try:
        conn.putrequest("POST", path)
        conn.putheader("Content-Type", content_type)
        conn.putheader("Transfer-Encoding", "chunked")
        conn.endheaders()
        for start in range(0, len(body), chunk):
            piece = body[start:start + chunk]
            conn.send(f"{len(piece):x}\r\n".encode() + piece + b"\r\n")
        conn.send(b"0\r\n\r\n")
        response = conn.getresponse()
        return response.status, response.getheader("Content-Type") or "", json.loads(response.read())
    finally:
        conn.close()


def raw(server: Server, method: str, path: str, body: bytes | None = None,
        headers: dict[str, str] | None = None) -> tuple[int, Any, Any]:
    """Status, headers (case-insensitive) and JSON of one request."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        data = response.read()
        return response.status, response.headers, json.loads(data) if data else None
    finally:
        conn.close()


def test_a_chunked_body_over_one_mib_is_a_413(server: Server) -> None:
    # Was: gunicorn's stream stopped at 1 MiB, the cut JSON was "not readable": a 400.
    body = json.dumps({"cards": ["8H"] * 200_000}).encode()  # 1.2 MB
    status, media, answer = send_chunked(server, CHECK, body)
    assert (status, media) == (413, "application/problem+json")
    assert answer["status"] == 413 and "1 MiB" in answer["detail"]
    text = ("format: 1\nid: chunky\nextends: garbage\nfamily: layout\nname: C\nnotes: '"
            + "x" * (1024 * 1024) + "'\n").encode()
    assert send_chunked(server, "/v1/rulesets", text, "application/yaml")[0] == 413
    assert call(server.base, "GET", "/v1/rulesets/chunky")[0] == 404


def test_a_chunked_body_under_the_limit_is_read(server: Server) -> None:
    body = json.dumps({"cards": ["8H", "8S", "8D"], "pad": " " * 900_000}).encode()
    status, _, answer = send_chunked(server, CHECK, body, chunk=4096)
    assert status == 422 and answer["errors"][0]["path"] == "pad"  # read whole: an unknown field
    status, _, answer = send_chunked(server, CHECK, json.dumps({"cards": ["8H", "8S", "8D"]}).encode())
    assert status == 200 and answer["valid"] is True


def test_deep_json_is_a_400_in_a_worker(server: Server) -> None:
    for body in ("[" * 1000 + "]" * 1000, '{"cards": ' + "[" * 5000 + "]" * 5000 + "}"):
        status, headers, answer = raw(server, "POST", CHECK, body.encode(), {"Content-Type": "application/json"})
        assert status == 400 and headers["Content-Type"] == "application/problem+json"
        assert answer["errors"][0]["code"] == "too_deep"


def test_a_recursive_alias_is_a_422(server: Server) -> None:
    for path in ("/v1/rulesets", "/v1/rulesets/validate"):
        status, _, answer = raw(server, "POST", path, b"a: &a [*a]\n", {"Content-Type": "application/yaml"})
        errors = answer["errors"]
        assert status == (422 if path == "/v1/rulesets" else 200)
        assert "recursive alias" in errors[0]["message"]


def test_methods_a_route_lacks_are_405_with_allow(server: Server) -> None:
    status, headers, answer = raw(server, "PATCH", "/v1/rulesets/ten-pennies")
    assert (status, headers["Allow"], answer["status"]) == (405, "DELETE, GET, HEAD, OPTIONS, PUT", 405)
    status, headers, _ = raw(server, "GET", "/v1/rulesets/validate")
    assert (status, headers["Allow"]) == (405, "OPTIONS, POST")
    status, headers, _ = raw(server, "OPTIONS", "/v1/rulesets/validate")
    assert status == 200 and {m.strip() for m in headers["Allow"].split(",")} == {"OPTIONS", "POST"}


def test_no_error_shows_where_the_service_is_installed(server: Server) -> None:
    text = b"format: 1\nid: wrong-family\nextends: garbage\nfamily: rummy\nname: W\n"
    status, _, answer = raw(server, "POST", "/v1/rulesets", text, {"Content-Type": "application/yaml"})
    assert status == 422
    files = {e.get("file") for e in answer["errors"]}
    assert "garbage.yaml" in files and all("/" not in (f or "") for f in files)
    assert str(Path(__file__).resolve().parent.parent) not in json.dumps(answer)
