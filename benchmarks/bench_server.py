"""The board's page server under load: a search that cannot be interrupted, and a burst of requests.

Run from the repository root (it starts ``sudoku-models serve`` from the importable package in
a subprocess, so pointing ``PYTHONPATH`` at another checkout measures that one)::

    python benchmarks/bench_server.py [--time-limit 1] [--pigeons 16] [--burst 200]

1. For each SAT solver PySAT cannot interrupt, one request solves a puzzle with no solution that
   such a solver takes minutes to prove (``pigeons`` + 1 cells that pairwise differ, on a board
   of ``pigeons`` digits), while the script asks for the icon and makes a cheap move every
   0.5 s. It prints how long the search request took and the slowest of the other answers.
   A request not answered within ``--patience`` seconds counts as that long, and the server
   is restarted.
2. ``--burst`` connections opened at once, half fetching ``board.css`` and half making a move,
   then as many asking for a solve: the answers by status, and the connections that failed.
3. ``--trickle`` connections sending their request a byte a second: how many are still open
   15 s later (the read timeout, 10 s, covers the whole request), and how long a normal request
   waits meanwhile.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import http.client
import json
import os
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from sudoku_models.testing import pigeonhole_link

UNINTERRUPTIBLE = ("sat:kissat404", "sat:lingeling", "sat:cadical103")
SMALL = ".1.....4....34.."


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """``sudoku-models serve`` in a subprocess."""

    def __init__(self, time_limit: float) -> None:
        self.port = free_port()
        command = [sys.executable, "-m", "sudoku_models", "serve", "--no-browser"]
        command += ["--port", str(self.port), "--time-limit", str(time_limit)]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, env=os.environ.copy())
        assert self.process.stdout is not None
        self.process.stdout.readline()  # "serving the board at ..."
        time.sleep(3)  # let the search processes start, where there are any

    def stop(self) -> None:
        self.process.kill()
        self.process.wait()

    def ask(self, method: str, path: str, body: Any = None, timeout: float = 60) -> tuple[int, Any]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            data = None if body is None else json.dumps(body).encode()
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, path, body=data, headers=headers)
            response = conn.getresponse()
            raw = response.read()
            kind = response.getheader("Content-Type", "")
            return response.status, json.loads(raw) if "json" in kind else raw
        finally:
            conn.close()

    def open(self, puzzle: str) -> dict[str, Any]:
        """The state of a fresh board with ``puzzle`` loaded, as the page opens a link."""
        _, state = self.ask("GET", "/state")
        action = {"type": "load", "text": puzzle}
        _, change = self.ask("POST", "/api", {"state": state, "action": action})
        return {**state, **change}


def uninterruptible(args: argparse.Namespace) -> None:
    link = pigeonhole_link(args.pigeons)
    print(f"time limit {args.time_limit:g} s, {args.pigeons + 1} pigeons in {args.pigeons} holes")
    for backend in UNINTERRUPTIBLE:
        server = Server(args.time_limit)
        state = server.open(link)
        small = server.open(SMALL)
        move = {"state": small, "action": {"type": "set", "cell": 0, "digit": 2}}
        solve = {"state": state, "action": {"type": "solve", "backend": backend}}
        others: list[float] = []
        with ThreadPoolExecutor(1) as pool:
            began = time.perf_counter()
            search = pool.submit(server.ask, "POST", "/api", solve, args.patience)
            while not search.done() and time.perf_counter() - began < args.patience:
                time.sleep(0.5)
                for method, path, body in (("GET", "/favicon.ico", None), ("POST", "/api", move)):
                    asked = time.perf_counter()
                    with contextlib.suppress(OSError):
                        server.ask(method, path, body, timeout=args.patience)
                    others.append(time.perf_counter() - asked)
            try:
                _, answer = search.result()
                text = answer.get("message", {}).get("text", answer)
            except OSError:
                text = f"no answer within {args.patience:g} s"
            took = time.perf_counter() - began
            server.stop()
        print(
            f"{backend:15} search {took:6.2f} s ({text}); "
            f"other requests: {len(others)}, slowest {max(others, default=0):.3f} s"
        )


def burst(args: argparse.Namespace) -> None:
    server = Server(args.time_limit)
    small = server.open(SMALL)
    move = {"state": small, "action": {"type": "set", "cell": 0, "digit": 2}}
    hard = {"state": server.open("." * 256), "action": {"type": "count", "backend": "backtracking"}}
    for name, requests in (
        ("cheap", [("GET", "/board.css", None), ("POST", "/api", move)]),
        ("search", [("POST", "/api", hard)]),
    ):
        start = threading.Barrier(args.burst)

        def one(
            k: int,
            requests: list[tuple[str, str, Any]] = requests,
            start: threading.Barrier = start,
        ) -> str:
            method, path, body = requests[k % len(requests)]
            start.wait()
            try:
                return str(server.ask(method, path, body, timeout=args.patience)[0])
            except OSError as exc:
                return type(exc).__name__

        began = time.perf_counter()
        with ThreadPoolExecutor(args.burst) as pool:
            counts = collections.Counter(pool.map(one, range(args.burst)))
        took = time.perf_counter() - began
        print(f"{args.burst} {name} requests at once, {took:.1f} s: {dict(sorted(counts.items()))}")
    server.stop()


def trickle(args: argparse.Namespace) -> None:
    """``--trickle`` connections each sending its request head a byte a second: how many the
    server still holds 15 s later (its read timeout is 10 s), and how long a normal request
    waits meanwhile."""
    server = Server(args.time_limit)
    head = f"GET /board.css HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nX-Slow: " + "a" * 600
    closed: list[float] = []
    began = time.perf_counter()

    def slow() -> None:
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as conn:
            for ch in head:
                try:
                    conn.sendall(ch.encode())
                    conn.setblocking(False)
                    with contextlib.suppress(BlockingIOError):
                        if conn.recv(100) == b"":
                            break
                    conn.setblocking(True)
                except OSError:
                    break
                time.sleep(1.0)
        closed.append(time.perf_counter() - began)

    for _ in range(args.trickle):
        threading.Thread(target=slow, daemon=True).start()
    time.sleep(2)
    asked = time.perf_counter()
    status, _ = server.ask("GET", "/board.css", timeout=args.patience)
    waited = time.perf_counter() - asked
    time.sleep(max(0.0, 15 - (time.perf_counter() - began)))
    still = args.trickle - len(closed)
    server.stop()
    print(
        f"{args.trickle} connections trickling a byte a second: {still} still open after 15 s; "
        f"a request meanwhile answered {status} in {waited:.2f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--time-limit", type=float, default=1.0)
    parser.add_argument("--pigeons", type=int, default=16)
    parser.add_argument("--burst", type=int, default=200)
    parser.add_argument("--patience", type=float, default=60.0)
    parser.add_argument("--trickle", type=int, default=50)
    args = parser.parse_args()
    print("load average", " ".join(f"{x:.2f}" for x in os.getloadavg()))
    uninterruptible(args)
    burst(args)
    trickle(args)


if __name__ == "__main__":
    main()
