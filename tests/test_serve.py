"""`referee serve`: headers that never finish, searches that wait their turn, a port in use,
`--lan`, HTTPS (`--certfile`, `--keyfile`). The servers run as real processes on loopback; `--lan` binds every address of this
machine and is only ever called on loopback."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import socket
import ssl
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from api import create_app, lan, serve
from api.searches import RETRY_AFTER_SECONDS, ExpensiveGate, search_endpoints, search_routes
from api.serve import HEADER_SECONDS
from referee import cli
from tests.loops import run_apart
from tests.test_e2e import Server, call, command, free_port

MELD_PATH = "/v1/rulesets/bing-rummy/melds/check"
MELD = {"round": 1, "cards": ["8H", "8S", "2C"]}


@pytest.fixture
def server(shared_server: Server) -> Server:
    return shared_server


def _closed_within(sock: socket.socket, seconds: float) -> float | None:
    """Seconds until the server closed `sock` (it reads nothing but the end), or None."""
    start = time.monotonic()
    sock.settimeout(seconds)
    try:
        while sock.recv(4096):
            pass
    except ConnectionResetError:
        pass
    except TimeoutError:
        return None
    return time.monotonic() - start


STALLS = {"nothing": b"", "half a request line": b"POST /v1/rul",
          "headers unfinished": b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1"}


@pytest.mark.timed
@pytest.mark.e2e
def test_requests_that_never_finish_are_closed_within_the_limit(server: Server) -> None:
    """Each way of stalling, on a connection of its own, all at once (so the limit is waited
    for once): headers never finished, and a kept-alive connection whose next request stalls.
    The service answers others meanwhile."""
    kept = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    stalled = {name: socket.create_connection(("127.0.0.1", server.port), timeout=5) for name in STALLS}
    try:
        for name, sock in stalled.items():
            sock.sendall(STALLS[name])
        kept.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert b" 200 " in kept.recv(4096).split(b"\r\n")[0] + b" "
        kept.sendall(b"GET /heal")  # the next request, never finished
        stalled["a kept-alive connection's next request"] = kept
        status, _ = call(server.base, "GET", "/healthz")  # answered meanwhile
        assert status == 200
        status, checked = call(server.base, "POST", MELD_PATH, MELD)
        assert status == 200 and checked["valid"] is True
        started = time.monotonic()
        for name, sock in stalled.items():  # each closed by the limit, counted from the start
            left = HEADER_SECONDS + 5 - (time.monotonic() - started)
            took = _closed_within(sock, max(left, 0.1))
            assert took is not None and time.monotonic() - started <= HEADER_SECONDS + 1, name
    finally:
        for sock in stalled.values():
            sock.close()
        kept.close()


# ---------------------------------------------------------------- the gate on searches

# Every endpoint that may search, as a client reaches it: each must wait for a place of the gate.
SEARCHES = {
    "checks.going_out_check": "/v1/rulesets/ten-pennies/going-out/check",
    "checks.first_meld_check": "/v1/rulesets/ten-pennies/first-meld/check",
    "checks.lay_offs_check": "/v1/rulesets/ten-pennies/lay-offs/check",
    "checks.scores": "/v1/rulesets/gin-rummy/scores",
    "checks.pile_check": "/v1/rulesets/canasta/pile/check",
    "turns.turns_best": "/v1/rulesets/rummikub/turns/best",
    "turns.turns_check": "/v1/rulesets/rummikub/turns/check",
    "rulesets.draft_check": "/v1/rulesets/draft/melds/check",  # a draft is read, then any check asked of it
    "mahjong.waits_check": "/v1/rulesets/riichi/waits/check",  # a win tried for every tile
}
# And requests that never wait behind one (with a body the app answers 200).
PASSING = [("POST", MELD_PATH, MELD), ("POST", "/v1/rulesets/ten-pennies/hands/check", {"hand": ["3H"]}),
           ("GET", "/healthz", None), ("GET", "/v1/rulesets/ten-pennies", None),
           ("OPTIONS", SEARCHES["turns.turns_best"], None)]


def test_the_views_marked_as_searches_are_the_searches_and_say_429(quick_client: Any) -> None:
    app = quick_client.application
    assert search_endpoints(app) == set(SEARCHES)
    is_search = search_routes(app)
    for path in SEARCHES.values():
        assert is_search("POST", path), path
        assert not is_search("GET", path) and not is_search("OPTIONS", path)
    for method, path, _ in PASSING:
        assert not is_search(method, path), path
    documented = {"/v1/rulesets/draft/{check}" if "/draft/" in path else
                  "/v1/rulesets/{ruleset_id}/" + path.split("/", 4)[4] for path in SEARCHES.values()}
    operations = quick_client.get("/v1/openapi.json").get_json()["paths"]
    for path, operation in operations.items():
        for method, described in operation.items():
            if method in ("get", "post", "put", "patch", "delete"):
                searched = path in documented and method == "post"
                assert ("429" in described["responses"]) is searched, (method, path)


def _through_the_gate(app: Any, requests: list[tuple[str, str, Any]]) -> list[tuple[int, dict[bytes, bytes], bytes]]:
    """Send `requests` at once through the server's own stack (`serve.asgi_app`) over `app`, after
    a first search that holds the process's one place until all were answered; that search comes
    last in the answers. The search processes are a stand-in that holds each search it is given."""
    release = asyncio.Event()

    async def search_process(scope: Any, receive: Any, send: Any) -> None:
        await release.wait()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"{}"})

    async def one(stack: Any, method: str, path: str, body: Any) -> tuple[int, dict[bytes, bytes], bytes]:
        sent: list[dict[str, Any]] = []

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        async def receive() -> dict[str, Any]:
            return {"type": "http.request", "body": json.dumps(body).encode() if body else b"", "more_body": False}
        scope = {"type": "http", "method": method, "path": path, "query_string": b"lang=sv", "root_path": "",
                 "headers": [(b"content-type", b"application/json"), (b"host", b"localhost")]}
        await stack(scope, receive, send)
        start, body = sent[0], b"".join(m.get("body", b"") for m in sent[1:])
        return start["status"], dict(start["headers"]), body

    async def all_of_them() -> list[tuple[int, dict[bytes, bytes], bytes]]:
        stack = serve.asgi_app(app, searches=search_process)
        holding = asyncio.create_task(one(stack, "POST", SEARCHES["checks.going_out_check"], {}))
        await asyncio.sleep(0.05)  # it has the place
        answers = await asyncio.gather(*(one(stack, *request) for request in requests))
        release.set()
        return [*answers, await holding]

    return run_apart(all_of_them())


@pytest.mark.timed
def test_each_search_endpoint_waits_for_the_gate_and_the_rest_pass(quick_client: Any,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """While the process's place is held, every search endpoint is told 429 with Retry-After (in
    the request's language), and every other request is answered by the app."""
    monkeypatch.setattr(serve, "EXPENSIVE_WAIT_SECONDS", 0.2)
    searches = [("POST", path, {}) for path in SEARCHES.values()]
    answers = _through_the_gate(quick_client.application, searches + PASSING)
    for (_, path, _), (status, headers, body) in zip(searches, answers, strict=False):
        assert status == 429, path
        assert headers[b"retry-after"] == str(RETRY_AFTER_SECONDS).encode()
        assert headers[b"content-type"] == b"application/problem+json" and headers[b"content-language"] == b"sv"
        problem = json.loads(body)
        assert problem["status"] == 429 and problem["type"].endswith("/too-many-requests")
        assert str(RETRY_AFTER_SECONDS) in problem["detail"]
    passed = answers[len(searches):-1]
    assert [status for status, _, _ in passed] == [200, 200, 200, 200, 200], passed
    assert answers[-1][0] == 200  # the search that held the place


def _gate_answers(at_once: int, paths: list[str]) -> list[tuple[int, dict[bytes, bytes], Any]]:
    """Send `paths` at once through a gate whose app holds each search until all were sent."""
    release = asyncio.Event()
    ran: list[str] = []

    def is_search(method: str, path: str) -> bool:
        return path == GOING_OUT

    async def app(scope: Any, receive: Any, send: Any) -> None:
        ran.append(scope["path"])
        if is_search(scope["method"], scope["path"]):
            await release.wait()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"{}"})

    async def one(gate: ExpensiveGate, path: str) -> tuple[int, dict[bytes, bytes], Any]:
        sent: list[dict[str, Any]] = []

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        async def receive() -> dict[str, Any]:
            return {"type": "http.request", "body": b"{}", "more_body": False}
        scope = {"type": "http", "method": "POST", "path": path, "query_string": b"lang=sv", "headers": []}
        await gate(scope, receive, send)
        start, body = sent
        return start["status"], dict(start["headers"]), json.loads(body["body"])

    async def all_of_them() -> list[tuple[int, dict[bytes, bytes], Any]]:
        gate = ExpensiveGate(app, is_search, at_once=at_once, wait=0.2)
        tasks = [asyncio.create_task(one(gate, path)) for path in paths]
        await asyncio.sleep(0.5)  # past the wait: who had no place has its 429
        release.set()
        return list(await asyncio.gather(*tasks))

    return run_apart(all_of_them())


GOING_OUT = "/v1/rulesets/big/going-out/check"


@pytest.mark.timed
def test_searches_past_the_cap_are_429_and_the_rest_pass() -> None:
    answers = _gate_answers(2, [GOING_OUT, GOING_OUT, GOING_OUT, MELD_PATH, "/healthz"])
    statuses = [status for status, _, _ in answers]
    assert statuses == [200, 200, 429, 200, 200]


@pytest.mark.timed
def test_a_search_that_waits_less_than_the_limit_gets_its_turn() -> None:
    async def app(scope: Any, receive: Any, send: Any) -> None:
        await asyncio.sleep(0.05)
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    async def run() -> list[int]:
        gate = ExpensiveGate(app, lambda method, path: True, at_once=1, wait=1.0)
        statuses: list[int] = []

        async def one() -> None:
            async def send(message: dict[str, Any]) -> None:
                if message["type"] == "http.response.start":
                    statuses.append(message["status"])

            async def receive() -> dict[str, Any]:
                return {"type": "http.request", "body": b"", "more_body": False}
            await gate({"type": "http", "method": "POST", "path": GOING_OUT, "headers": []}, receive, send)
        await asyncio.gather(*(one() for _ in range(4)))  # 4 x 0.05 s, one at a time, within 1 s
        return statuses

    assert run_apart(run()) == [200, 200, 200, 200]


# ---------------------------------------------------------------- a port in use


def test_a_port_in_use_is_one_line_exit_2_and_nothing_created(tmp_path: Path) -> None:
    with socket.create_server(("127.0.0.1", 0)) as held:
        port = held.getsockname()[1]
        done = subprocess.run([*command(), "serve", "--port", str(port)], cwd=tmp_path, capture_output=True, check=False,
                              text=True, timeout=60, env={**os.environ, "REFEREE_DATABASE_URL": ""})
    assert done.returncode == 2
    assert done.stdout == "" and done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith("referee serve: --port: ") and str(port) in done.stderr
    assert "Traceback" not in done.stderr
    assert list(tmp_path.iterdir()) == []  # no referee.db


# ---------------------------------------------------------------- --lan


@pytest.mark.parametrize(("interfaces", "by_name", "chosen"), [
    ([("lo", "127.0.0.1"), ("wlan0", "192.168.1.20")], [], "192.168.1.20"),
    ([("docker0", "172.17.0.1"), ("eth0", "10.0.0.7")], [], "10.0.0.7"),
    ([("eth0", "169.254.3.4"), ("wlp2s0", "192.168.0.9")], [], "192.168.0.9"),  # link-local: no
    ([("eth0", "81.2.69.142"), ("wlan0", "192.168.1.20")], [], "192.168.1.20"),  # private first
    ([("eth0", "81.2.69.142")], [], "81.2.69.142"),
    ([("lo", "127.0.0.1")], ["127.0.1.1", "192.168.5.5"], "192.168.5.5"),  # the name's addresses
    ([("lo", "127.0.0.1")], [], "127.0.0.1"),
])
def test_the_address_given_to_phones(interfaces: list[tuple[str, str]], by_name: list[str], chosen: str) -> None:
    assert lan.choose_address(interfaces, by_name) == chosen


def test_serve_lan_listens_on_every_address_and_sets_the_public_url(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}

    def run(**kwargs: Any) -> int:
        seen.update(kwargs, public=os.environ.get("REFEREE_PUBLIC_URL"))
        app = create_app({"DATABASE_URL": "sqlite://"})  # as each worker makes it
        seen["config"] = app.config.get("PUBLIC_URL")
        app.extensions["referee.store"].engine.dispose()
        return 0
    monkeypatch.setattr(serve, "run", run)
    monkeypatch.setattr(lan, "lan_address", lambda: "192.168.1.20")
    monkeypatch.delenv("REFEREE_PUBLIC_URL", raising=False)
    assert cli.main(["serve", "--lan", "--port", "8123"]) == 0
    assert seen["host"] == "0.0.0.0" and seen["public"] == seen["config"] == "http://192.168.1.20:8123"
    assert seen["also_say"][0].endswith("http://192.168.1.20:8123 (on the same network), or scan:")
    assert seen["also_say"][1] == lan.qr_text("http://192.168.1.20:8123")
    monkeypatch.delenv("REFEREE_PUBLIC_URL")
    assert cli.main(["serve", "--port", "8123"]) == 0
    assert seen["host"] == "127.0.0.1" and seen["public"] is seen["config"] is None and seen["also_say"] == []


@pytest.mark.parametrize(("host", "url"), [
    (None, "http://192.168.1.20:8000"), ("0.0.0.0", "http://192.168.1.20:8000"),
    ("10.1.2.3", "http://10.1.2.3:8000"), ("fd00::2", "http://[fd00::2]:8000"),
])
def test_the_public_url_names_the_one_address_listened_on(monkeypatch: pytest.MonkeyPatch, host: str | None,
                                                          url: str) -> None:
    monkeypatch.setattr(lan, "lan_address", lambda: "192.168.1.20")
    assert lan.public_url(8000, host) == url


def test_the_qr_code_is_drawn_in_blocks_and_grows_with_the_address() -> None:
    small, large = lan.qr_text("http://10.0.0.7:8000"), lan.qr_text("http://192.168.100.200:65535/?x=" + "a" * 60)
    rows = small.splitlines()
    assert len({len(row) for row in rows}) == 1 and set(small) <= set("█▀▄ \n")
    assert len(large.splitlines()) > len(rows)


@pytest.mark.e2e
def test_serve_lan_prints_the_phones_address_and_its_qr_once_it_listens(tmp_path: Path) -> None:
    port = free_port()
    url = f"http://{lan.lan_address()}:{port}"
    proc = subprocess.Popen([*command(), "serve", "--lan", "--port", str(port), "--workers", "1",
                             "--database", f"sqlite:///{tmp_path / 'r.db'}"], cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, start_new_session=True)
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert f"http://0.0.0.0:{port}" in first
        with socket.create_connection(("127.0.0.1", port), timeout=5):
            pass  # it listens once it says so
        assert proc.stdout.readline().rstrip("\n").endswith(f"{url} (on the same network), or scan:")
        qr = [proc.stdout.readline().rstrip("\n") for _ in lan.qr_text(url).splitlines()]
        assert "\n".join(qr) == lan.qr_text(url)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if call(f"http://127.0.0.1:{port}", "GET", "/healthz")[0] == 200:
                    break
            except OSError:
                time.sleep(0.1)
        assert call(f"http://127.0.0.1:{port}", "GET", "/healthz")[0] == 200
    finally:
        os.killpg(proc.pid, 15)
        proc.wait(timeout=30)
        if proc.stdout:
            proc.stdout.close()


@pytest.mark.e2e
@pytest.mark.parametrize(("path", "body"), [
    ("/v1/rulesets/ten-pennies/going-out/check", {"round": 2, "hand": ["3H", "3S", "3D", "2C", "9D"],
                                                  "first_meld_done": False}),
    ("/v1/rulesets/rummikub/turns/best", {"table": [["1K", "2K", "3K"]], "hand": ["4K", "9R", "9B", "9O", "JK"]}),
    ("/v1/rulesets/canasta/pile/check", {"top": "7H", "hand": ["7S", "7D", "KH"], "first_meld_done": True}),
])
def test_a_search_answered_in_its_own_process_is_the_answer_of_the_app(server: Server, path: str,
                                                                        body: dict[str, Any]) -> None:
    status, answer = call(server.base, "POST", path, body, {"Accept-Language": "sv"})
    app = create_app({"DATABASE_URL": "sqlite://"})
    expected = app.test_client().post(path, json=body, headers={"Accept-Language": "sv"})
    assert (status, answer) == (expected.status_code, expected.get_json())
    app.extensions["referee.store"].engine.dispose()


# ---------------------------------------------------------------- --certfile, --keyfile


@pytest.fixture
def certificate(tmp_path: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 and localhost, made here with `openssl`."""
    if shutil.which("openssl") is None:
        pytest.skip("no openssl command to make a certificate")
    cert, key = tmp_path / "table.crt", tmp_path / "table.key"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True, timeout=60)
    return cert, key


def test_serve_with_a_certificate_speaks_https_and_says_so(tmp_path: Path, certificate: tuple[Path, Path]) -> None:
    cert, key = certificate
    port = free_port()
    proc = subprocess.Popen([*command(), "serve", "--port", str(port), "--workers", "1", "--certfile", str(cert),
                             "--keyfile", str(key), "--database", f"sqlite:///{tmp_path / 'r.db'}"], cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, start_new_session=True)
    trusted = ssl.create_default_context(cafile=str(cert))
    try:
        assert proc.stdout is not None
        assert f"https://127.0.0.1:{port}" in proc.stdout.readline()
        deadline = time.monotonic() + 30
        answer = None
        while answer is None and time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"https://127.0.0.1:{port}/healthz", context=trusted, timeout=5) as got:
                    answer = got.status
            except (OSError, urllib.error.URLError):
                time.sleep(0.1)
        assert answer == 200
        with urllib.request.urlopen(f"https://127.0.0.1:{port}/manifest.webmanifest", context=trusted, timeout=5) as got:
            assert json.loads(got.read())["display"] == "standalone"
        with pytest.raises(OSError):  # plain HTTP on that port gets no page (closed, or refused)
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5).close()
    finally:
        os.killpg(proc.pid, 15)
        proc.wait(timeout=30)
        if proc.stdout:
            proc.stdout.close()


def test_serve_lan_with_a_certificate_gives_phones_an_https_address(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}
    monkeypatch.setattr(serve, "run", lambda **kwargs: seen.update(kwargs, public=os.environ.get("REFEREE_PUBLIC_URL")) or 0)
    monkeypatch.setattr(lan, "lan_address", lambda: "192.168.1.20")
    monkeypatch.delenv("REFEREE_PUBLIC_URL", raising=False)
    assert cli.main(["serve", "--lan", "--port", "8123", "--certfile", "t.crt", "--keyfile", "t.key"]) == 0
    assert seen["tls"] == {"certfile": "t.crt", "keyfile": "t.key"}
    assert seen["public"] == "https://192.168.1.20:8123"
    assert seen["also_say"][0].endswith("https://192.168.1.20:8123 (on the same network), or scan:")
    monkeypatch.delenv("REFEREE_PUBLIC_URL")


@pytest.mark.parametrize("case", ["no certificate", "not a certificate", "key alone", "certificate alone"])
def test_a_certificate_that_cannot_be_used_is_one_line_exit_2(tmp_path: Path, certificate: tuple[Path, Path],
                                                               case: str) -> None:
    cert, key = certificate
    junk = tmp_path / "junk.pem"
    junk.write_text("not a certificate\n")
    options = {"no certificate": ["--certfile", str(tmp_path / "missing.crt"), "--keyfile", str(key)],
               "not a certificate": ["--certfile", str(junk), "--keyfile", str(key)],
               "key alone": ["--keyfile", str(key)],
               "certificate alone": ["--certfile", str(cert)]}[case]
    folder = tmp_path / "run"
    folder.mkdir()
    done = subprocess.run([*command(), "serve", "--port", str(free_port()), *options], cwd=folder, capture_output=True,
                          check=False, text=True, timeout=60, env={**os.environ, "REFEREE_DATABASE_URL": ""})
    assert done.returncode == 2
    assert done.stdout == "" and done.stderr.count("\n") == 1, done.stderr
    assert re.match(r"referee serve: --(cert|key)file: ", done.stderr) and "Traceback" not in done.stderr
    assert list(folder.iterdir()) == []  # no referee.db
