"""The board's page server: loopback only, one JSON endpoint, 400/413 for bad requests."""

from __future__ import annotations

import http.client
import json
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from sudoku_models.cli import main
from sudoku_models.interactive.server import MAX_BODY, BoardServer

SMALL = ".1.....4....34.."


@pytest.fixture
def server() -> Iterator[BoardServer]:
    """A server on an ephemeral loopback port, stopped after the test."""
    board = BoardServer(port=0, time_limit=5)
    thread = threading.Thread(target=board.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    yield board
    board.shutdown()
    board.server_close()
    thread.join(5)


def request(
    server: BoardServer, method: str, path: str, body: bytes | None = None, **headers: str
) -> tuple[int, Any]:
    host, port = server.server_address[:2]
    conn = http.client.HTTPConnection(str(host), port, timeout=10)
    try:
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        data = response.read()
        kind = response.getheader("Content-Type", "")
        return response.status, json.loads(data) if "json" in kind else data.decode()
    finally:
        conn.close()


def post(server: BoardServer, payload: Any) -> tuple[int, Any]:
    return request(server, "POST", "/api", json.dumps(payload).encode())


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


def test_state_route_reads_the_puzzle_link(server: BoardServer) -> None:
    status, state = request(server, "GET", f"/state?puzzle={SMALL}")
    assert status == 200 and state["givens"][1] == 1 and state["box"] == [2, 2]
    status, state = request(server, "GET", "/state?puzzle=12x")
    assert status == 200 and state["message"]["kind"] == "error" and state["box"] == [3, 3]


def test_api_answers_with_the_change(server: BoardServer) -> None:
    _, state = request(server, "GET", f"/state?puzzle={SMALL}")
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
    status, answer = request(server, "POST", "/api", body)
    assert status == 400 and answer["error"].startswith("bad request")


def test_oversized_requests_get_413_without_reading_the_body(server: BoardServer) -> None:
    host, port = server.server_address[:2]
    conn = http.client.HTTPConnection(str(host), port, timeout=10)
    conn.putrequest("POST", "/api")
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
        _, state = request(server, "GET", f"/state?puzzle={puzzles[k % 3]}")
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
    board = BoardServer(port=0, time_limit=0.3)
    thread = threading.Thread(target=board.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        _, state = request(board, "GET", "/state?puzzle=" + "." * 625)
        status, change = post(board, {"state": state, "action": {"type": "count"}})
        assert status == 200 and "timed out" in change["message"]["text"]
    finally:
        board.shutdown()
        board.server_close()


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
