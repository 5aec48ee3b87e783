"""The board's page server: loopback only, one JSON endpoint, 400/413 for bad requests.

Also: foreign Host and Origin refused, JSON only, concurrent requests queued rather than
dropped, busy searches answered 503, silent connections closed, and searches with SAT solvers
that cannot be interrupted stopped at the time limit while other requests are answered.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from sudoku_models.cli import main
from sudoku_models.interactive.server import MAX_BODY, BoardServer
from sudoku_models.testing import pigeonhole_link

SMALL = ".1.....4....34.."

#: SAT solvers PySAT cannot interrupt inside a call.
UNINTERRUPTIBLE = ["sat:kissat404", "sat:lingeling", "sat:cadical103"]


@contextlib.contextmanager
def running(**options: Any) -> Iterator[BoardServer]:
    """A server on an ephemeral loopback port, stopped when the block ends."""
    board = BoardServer(port=0, **options)
    thread = threading.Thread(target=board.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield board
    finally:
        board.shutdown()
        board.server_close()
        thread.join(5)


@pytest.fixture(scope="module")
def server() -> Iterator[BoardServer]:
    """A server on an ephemeral loopback port, its search processes started, for the module."""
    with running(time_limit=60) as board:  # generous: no test here expects a timeout
        board.searches.wait = 120  # requests queue for a search process however busy the machine
        board.searches.warm()
        yield board


def request(
    server: BoardServer, method: str, path: str, body: bytes | None = None, **headers: str
) -> tuple[int, Any]:
    host, port = server.server_address[:2]
    conn = http.client.HTTPConnection(str(host), port, timeout=60)
    try:
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        data = response.read()
        kind = response.getheader("Content-Type", "")
        return response.status, json.loads(data) if "json" in kind else data.decode()
    finally:
        conn.close()


def post(server: BoardServer, payload: Any, **headers: str) -> tuple[int, Any]:
    headers = {"Content-Type": "application/json", **headers}
    return request(server, "POST", "/api", json.dumps(payload).encode(), **headers)


def loaded(server: BoardServer, puzzle: str) -> tuple[int, Any]:
    """A fresh board with ``puzzle`` loaded, as the page opens a link: the status and state."""
    _, state = request(server, "GET", "/state")
    status, change = post(server, {"state": state, "action": {"type": "load", "text": puzzle}})
    return status, {**state, **change}


def test_listens_on_loopback_only(server: BoardServer) -> None:
    assert server.server_address[0] == "127.0.0.1"
    assert server.url.startswith("http://127.0.0.1:")


def test_page_and_component_are_served(server: BoardServer) -> None:
    status, page = request(server, "GET", "/")
    assert status == 200 and 'from "./board.js"' in page
    status, js = request(server, "GET", "/board.js")
    assert status == 200 and "export default" in js and "mountBoard" in js
    status, css = request(server, "GET", "/board.css")
    assert status == 200 and ".sm-grid" in css
    assert request(server, "GET", "/nothing")[0] == 404


def test_a_link_is_opened_by_a_load_action(server: BoardServer) -> None:
    status, state = request(server, "GET", "/state")
    assert status == 200 and state["box"] == [3, 3] and not any(state["givens"])
    status, state = loaded(server, SMALL)
    assert status == 200 and state["givens"][1] == 1 and state["box"] == [2, 2]
    status, state = loaded(server, "12x")
    assert status == 200 and state["message"]["kind"] == "error" and state["box"] == [3, 3]


def test_a_get_reads_no_puzzle(server: BoardServer) -> None:
    """An image tag on any site can send a GET: it reads nothing, and says how to open one."""
    status, answer = request(server, "GET", f"/state?puzzle={SMALL}")
    assert status == 400 and "'load' action" in answer["error"]


def test_the_server_process_reads_no_puzzle_text(
    server: BoardServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Loading a link and playing on its rules (each action reads them again) are answered by
    the reading processes: a read in the server's own process would fail here."""
    from sudoku_models.interactive import sources

    def refuse(text: str) -> Any:
        raise AssertionError("the server process read a puzzle text")

    monkeypatch.setattr(sources, "_read", refuse)
    status, state = loaded(server, ".Whisper~R1C1~R1C2")
    assert status == 200 and state["source"] and state["message"]["kind"] == "info", state
    action = {"type": "set", "cell": 0, "digit": 1}
    status, change = post(server, {"state": state, "action": action})
    assert status == 200 and change["values"][0] == 1
    status, change = post(server, {"state": {**state, **change}, "action": {"type": "undo"}})
    assert status == 200 and change["values"][0] == 0


def test_api_answers_with_the_change(server: BoardServer) -> None:
    _, state = loaded(server, SMALL)
    status, change = post(server, {"state": state, "action": {"type": "solve", "backend": "sat"}})
    assert status == 200 and "".join(map(str, change["solution"])) == "4132231412433421"
    status, change = post(server, {"state": state, "action": {"type": "load", "text": "bad"}})
    assert status == 200 and set(change) == {"message"}


@pytest.mark.parametrize(
    "body",
    [
        b"{",
        b"[]",
        b'{"state": 1, "action": {}}',
        b'{"state": {"box": [2, 2]}, "action": {}}',
        b"\xff\xfe",
        b"[" * 100_000 + b"]" * 100_000,
    ],
)
def test_malformed_requests_get_400(server: BoardServer, body: bytes) -> None:
    status, answer = request(server, "POST", "/api", body, **{"Content-Type": "application/json"})
    assert status == 400 and answer["error"].startswith("bad request")


def test_oversized_requests_get_413_without_reading_the_body(server: BoardServer) -> None:
    host, port = server.server_address[:2]
    conn = http.client.HTTPConnection(str(host), port, timeout=10)
    conn.putrequest("POST", "/api")
    conn.putheader("Content-Type", "application/json")
    conn.putheader("Content-Length", str(MAX_BODY + 1))
    conn.endheaders()
    response = conn.getresponse()
    assert response.status == 413
    conn.close()


def test_several_tabs_at_once(server: BoardServer) -> None:
    """Concurrent requests, each with its own state, get their own answers."""
    puzzles = [
        SMALL,
        "..............4.",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    ]

    def solve(k: int) -> list[int]:
        _, state = loaded(server, puzzles[k % 3])
        backend = ("sat", "cpsat", "backtracking")[k % 3]
        status, change = post(
            server, {"state": state, "action": {"type": "solve", "backend": backend}}
        )
        assert status == 200, change
        return [g or s for g, s in zip(state["givens"], change["solution"])]

    with ThreadPoolExecutor(6) as pool:
        grids = list(pool.map(solve, range(12)))
    for k, grid in enumerate(grids):
        givens = puzzles[k % 3]
        assert all(ch == "." or int(ch) == d for ch, d in zip(givens, grid))


def test_a_slow_search_stops_at_the_time_limit() -> None:
    with running(time_limit=0.3) as board:
        _, state = loaded(board, "." * 625)
        status, change = post(board, {"state": state, "action": {"type": "count"}})
        assert status == 200 and "timed out" in change["message"]["text"]


def test_serve_command_rejects_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", "70000", "--no-browser"]) == 2
    assert main(["serve", "12x", "--no-browser"]) == 2
    assert "error" in capsys.readouterr().err


def test_serve_command_serves_until_interrupted(monkeypatch: pytest.MonkeyPatch) -> None:
    from sudoku_models.interactive import server as module

    seen: dict[str, Any] = {}

    def fake_forever(self: BoardServer, poll_interval: float = 0.5) -> None:
        seen["url"] = self.url
        raise KeyboardInterrupt

    monkeypatch.setattr(module.BoardServer, "serve_forever", fake_forever)
    monkeypatch.setattr(module.webbrowser, "open", lambda url: seen.setdefault("opened", url))
    assert main(["serve", "--port", "0", "--no-browser"]) == 0
    assert seen["url"].startswith("http://127.0.0.1:") and "opened" not in seen


def test_serve_opens_the_page_in_a_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    from sudoku_models.interactive import server as module

    opened: list[str] = []

    class Now:  # threading.Timer that fires at once
        def __init__(self, _delay: float, fn: Any, args: tuple[str]) -> None:
            self.fn, self.args = fn, args

        def start(self) -> None:
            self.fn(*self.args)

    def stop(self: BoardServer, poll_interval: float = 0.5) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(module.threading, "Timer", Now)
    monkeypatch.setattr(module.webbrowser, "open", opened.append)
    monkeypatch.setattr(module.BoardServer, "serve_forever", stop)
    assert main(["serve", SMALL, "--port", "0"]) == 0
    assert len(opened) == 1 and opened[0].startswith("http://127.0.0.1:")
    assert opened[0].endswith(f"/?puzzle={SMALL}")


def test_foreign_host_or_origin_gets_403(server: BoardServer) -> None:
    """Another site can neither drive the board (CSRF) nor read it through DNS rebinding."""
    port = server.server_address[1]
    assert request(server, "GET", "/", Host=f"localhost:{port}")[0] == 200
    for host in ("evil.example", f"evil.example:{port}", "127.0.0.1:1", "localhost"):
        status, answer = request(server, "GET", "/state", Host=host)
        assert status == 403 and "answers only to" in answer["error"], host
    _, state = loaded(server, SMALL)
    action = {"type": "set", "cell": 0, "digit": 2}
    same = post(server, {"state": state, "action": action}, Origin=f"http://127.0.0.1:{port}")
    assert same[0] == 200 and same[1]["values"][0] == 2
    for origin in ("https://evil.example", "null", f"http://evil.example:{port}"):
        status, answer = post(server, {"state": state, "action": action}, Origin=origin)
        assert status == 403 and "other sites" in answer["error"], origin
    assert request(server, "GET", "/board.js", Origin="https://evil.example")[0] == 403


@pytest.mark.parametrize("kind", ["text/plain", "application/x-www-form-urlencoded", None])
def test_the_endpoint_takes_json_only(server: BoardServer, kind: str | None) -> None:
    """A form or a text/plain fetch, which another site may send without asking, gets 415."""
    _, state = loaded(server, SMALL)
    body = json.dumps({"state": state, "action": {"type": "set", "cell": 0, "digit": 2}})
    headers = {} if kind is None else {"Content-Type": kind}
    status, answer = request(server, "POST", "/api", body.encode(), **headers)
    assert status == 415 and "application/json" in answer["error"]
    json_utf8 = {"Content-Type": "application/json; charset=utf-8"}
    assert request(server, "POST", "/api", body.encode(), **json_utf8)[0] == 200


def test_many_concurrent_requests_are_all_answered(server: BoardServer) -> None:
    """100 connections opened at once on loopback: none reset, each answered."""
    _, state = loaded(server, SMALL)
    start = threading.Barrier(100)

    def one(k: int) -> int:
        start.wait()
        if k % 2:
            return request(server, "GET", "/board.css")[0]
        return post(server, {"state": state, "action": {"type": "set", "cell": 0, "digit": 2}})[0]

    with ThreadPoolExecutor(100) as pool:
        statuses = list(pool.map(one, range(100)))
    assert statuses == [200] * 100


def taken(board: BoardServer) -> None:
    """Wait until a search holds the board's one warm search process."""
    give_up = time.monotonic() + 120
    while board.searches._idle:
        assert time.monotonic() < give_up, "the search never started"
        time.sleep(0.01)


def test_searches_beyond_the_bound_get_503_with_a_message() -> None:
    # The first search (minutes of work) holds the one process for its 5 s limit; the second,
    # asked once it runs, waits 1 s for a free process and is turned away.
    with running(time_limit=5.0, searches=1) as board:
        _, state = loaded(board, pigeonhole_link())
        board.searches.warm()
        board.searches.wait = 1.0
        slow = {"state": state, "action": {"type": "solve", "backend": "sat:cadical103"}}
        with ThreadPoolExecutor(1) as pool:
            first = pool.submit(post, board, slow)
            taken(board)
            asked = time.perf_counter()
            status, answer = post(board, {"state": state, "action": {"type": "count"}})
            assert status == 503 and answer["error"].startswith("busy:")
            assert time.perf_counter() - asked >= 1.0  # it waited for a free process
            assert first.result()[0] == 200
        _, small = loaded(board, SMALL)
        status, change = post(board, {"state": small, "action": {"type": "solve"}})
        assert status == 200 and change["solution"]  # the slot is free again


def test_a_half_sent_request_is_timed_out() -> None:
    with running(read_timeout=0.5) as board:
        host, port = board.server_address[:2]
        head = f"POST /api HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        json_head = head + "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
        for sent, expect in ((json_head, b" 408 "), (head, b"")):
            with socket.create_connection((str(host), port), timeout=60) as conn:
                conn.sendall(sent.encode())
                answer = conn.recv(1000)  # the server answers or closes; 60 s raise here
                assert expect in answer if expect else answer == b""


@pytest.mark.heavy
@pytest.mark.parametrize("backend", UNINTERRUPTIBLE)
def test_an_uninterruptible_search_keeps_the_limit_and_blocks_nothing(backend: str) -> None:
    """The search runs into a proof PySAT cannot interrupt; other requests are answered at
    once meanwhile, and the search is stopped at the time limit (plus the grace): its answer
    says it timed out, where a search left alone would answer after minutes that there is no
    solution."""
    limit = 5.0
    with running(time_limit=limit) as board:
        _, state = loaded(board, pigeonhole_link())
        _, small = loaded(board, SMALL)
        board.searches.warm()
        with ThreadPoolExecutor(1) as pool:
            began = time.perf_counter()
            search = pool.submit(
                post, board, {"state": state, "action": {"type": "solve", "backend": backend}}
            )
            time.sleep(0.3)
            for ask in (
                lambda: request(board, "GET", "/favicon.ico"),
                lambda: request(board, "GET", "/board.css"),
                lambda: post(
                    board, {"state": small, "action": {"type": "set", "cell": 0, "digit": 2}}
                ),
            ):
                assert ask()[0] in (200, 204)
            assert not search.done()  # the other answers came while the search ran
            status, change = search.result()
            took = time.perf_counter() - began
        assert status == 200 and change["message"]["text"].startswith("timed out")
        assert took >= limit


def test_a_request_trickled_in_is_dropped_at_its_deadline() -> None:
    """One byte at a time keeps each read short: the request as a whole still has to arrive
    within ``read_timeout``. Counted in bytes sent: 1 s allowed, 40 bytes 0.25 s apart."""
    with running(read_timeout=1.0) as board:
        host, port = board.server_address[:2]
        head = f"GET /board.css HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Slow: " + "a" * 100
        sent = 0
        with (
            socket.create_connection((str(host), port), timeout=5) as conn,
            contextlib.suppress(OSError),
        ):
            for ch in head[:40]:
                conn.sendall(ch.encode())
                sent += 1
                time.sleep(0.25)
                conn.setblocking(False)
                with contextlib.suppress(BlockingIOError):
                    if conn.recv(1000) == b"":
                        break
                conn.setblocking(True)
        assert sent < 40  # closed by the server long before the request was sent


def test_connections_answered_at_once_are_bounded() -> None:
    """Silent connections beyond the bound wait in the system's queue, holding no thread; when
    the early ones are dropped at their deadline, the later requests are answered."""
    with running(read_timeout=1.0, connections=2) as board:
        host, port = board.server_address[:2]
        before = threading.active_count()
        silent = [socket.create_connection((str(host), port), timeout=10) for _ in range(6)]
        try:
            time.sleep(0.5)
            assert threading.active_count() - before <= 2
            assert request(board, "GET", "/board.css")[0] == 200  # after its turn comes
        finally:
            for conn in silent:
                conn.close()


BOMB_SERVER = """
import sys, threading
from sudoku_models.interactive.server import BoardServer
board = BoardServer(port=0, time_limit=5, memory_limit=400 * 2**20)
print(board.server_address[1], flush=True)
threading.Thread(target=board.serve_forever, daemon=True).start()
sys.stdin.read()
with open("/proc/self/status") as status:
    print(next(line for line in status if line.startswith("VmHWM")), flush=True)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_link_that_takes_gigabytes_to_read_costs_the_server_nothing() -> None:
    """A 34-character regex that once took gigabytes to compile: the server process's peak
    memory stays small, and the page is told why the link was not opened."""
    bomb = ".Regex~KC4_KXs3MDB9~R1C1~R1C2~R1C3"
    child = subprocess.Popen(
        [sys.executable, "-c", BOMB_SERVER],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdin is not None and child.stdout is not None
    try:
        port = int(child.stdout.readline())
        board: Any = argparse.Namespace(server_address=("127.0.0.1", port))
        status, state = request(board, "GET", "/state")
        status, change = post(board, {"state": state, "action": {"type": "load", "text": bomb}})
        assert status == 200 and change["message"]["kind"] == "error", change
        assert set(change) == {"message"}
        child.stdin.close()
        peak_kb = int(child.stdout.readline().split()[1])
    finally:
        child.kill()
        child.wait()
    assert peak_kb < 250 * 1024, f"the server process reached {peak_kb} kB"
