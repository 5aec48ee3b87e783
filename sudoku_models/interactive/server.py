"""The board as a local web page: the standard library's threading HTTP server on 127.0.0.1.

Routes: ``GET /`` the page (``?puzzle=...`` opens a puzzle: the page sends a ``load`` action),
``GET /board.js``, ``GET /board.css`` and ``GET /tree.js`` the grid component and the
search-tree viewer, ``GET /state`` a fresh empty board, and ``POST /api`` the one JSON
endpoint: ``{"state": ..., "action": ...}`` in, the change out
(:func:`~sudoku_models.interactive.state.respond`), or, for a ``tree`` action, one strategy's
search tree in the viewer's form (:func:`~sudoku_models.interactive.trees.tree_answer`). The
server keeps no state, so several tabs work side by side; each request is answered on its own
thread, and at most :data:`CONNECTIONS` at once (more wait in the operating system's queue).

The server's own process never reads a puzzle text. Searches run in worker processes killed at
their time limit or past their memory limit (:mod:`.searches`), so any backend keeps the limit
and a search never holds up the other requests; at most ``searches`` run at once, and one more
is answered 503. Every other action that reads a puzzle text (``load``, and any action on a
board whose rules came from a link) runs in a second such pool, so a link that takes long or
much memory to read stops at the same limits. Requests must name this server in ``Host``
(``127.0.0.1`` or ``localhost`` with its port) and, when they carry an ``Origin``, come from
this page: anything else gets 403, so another site can neither drive the board nor read its
answers through DNS rebinding. ``/api`` takes ``Content-Type: application/json`` only (415
otherwise), which a page on another site cannot send without asking first; a ``GET`` does
nothing that costs more than an empty board. Bodies over :data:`MAX_BODY` bytes get 413,
malformed ones 400, and a request that has not arrived whole ``read_timeout`` seconds after
its connection opened is dropped (408 when it was its body that was late).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import socket
import threading
import time
import webbrowser
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlparse

from .assets import asset
from .searches import MEMORY_LIMIT, Busy, SearchPool
from .state import SEARCHES, TIME_LIMIT, BadRequest, new_state, respond
from .trees import TREE

#: Largest request body accepted: a 25x25 state with a long undo history fits.
MAX_BODY = 4 * 1024 * 1024

#: The only address the server listens on.
HOST = "127.0.0.1"

#: Names the page may be reached by (with the server's port) in ``Host`` and ``Origin``.
LOCAL_NAMES = (HOST, "localhost")

#: Searches that run at once by default (each in its own process).
SEARCHES_AT_ONCE = max(2, min(4, os.cpu_count() or 1))

#: Processes that read the puzzle texts of actions that do not search.
READERS = 2

#: Seconds a request may take to arrive whole (its head and its body), from its connection.
READ_TIMEOUT = 10.0

#: Connections answered at once, each on its own thread.
CONNECTIONS = 64

#: Connections the operating system queues before the server accepts them.
BACKLOG = 1024

_TYPES = {
    "board.js": "text/javascript; charset=utf-8",
    "board.css": "text/css; charset=utf-8",
    "page.html": "text/html; charset=utf-8",
    "tree.js": "text/javascript; charset=utf-8",
}


class BoardServer(ThreadingHTTPServer):
    """The HTTP server of the board; ``time_limit`` bounds each request's searches.

    ``searches``: how many searches run at once; ``read_timeout``: seconds a request may take
    to arrive whole; ``memory_limit``: bytes a search or reading process may use before it is
    stopped; ``connections``: requests answered at once.
    """

    daemon_threads = True
    request_queue_size = BACKLOG

    def __init__(
        self,
        port: int = 0,
        time_limit: float = TIME_LIMIT,
        searches: int = SEARCHES_AT_ONCE,
        read_timeout: float = READ_TIMEOUT,
        memory_limit: int | None = MEMORY_LIMIT,
        connections: int = CONNECTIONS,
    ) -> None:
        super().__init__((HOST, port), _Handler)
        self.time_limit = time_limit
        self.read_timeout = read_timeout
        self.searches = SearchPool(searches, memory=memory_limit)
        self.readers = SearchPool(READERS, memory=memory_limit)
        self._connections = threading.BoundedSemaphore(connections)
        port = self.server_address[1]
        self.hosts = {f"{name}:{port}" for name in LOCAL_NAMES}
        if port == 80:  # the default port goes unsaid
            self.hosts.update(LOCAL_NAMES)
        self.origins = {f"http://{host}" for host in self.hosts}

    def process_request(self, request: Any, client_address: Any) -> None:
        """Answer on a thread of its own once fewer than ``connections`` are being answered."""
        self._connections.acquire()
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._connections.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._connections.release()

    def warm(self) -> None:
        """Start the search and reading processes now, so that no request waits for one."""
        self.searches.warm()
        self.readers.warm()

    def server_close(self) -> None:
        """Close the socket and stop the idle search and reading processes."""
        super().server_close()
        self.searches.close()
        self.readers.close()

    @property
    def url(self) -> str:
        """The page's address."""
        host, port = self.server_address[:2]
        return f"http://{host!s}:{port}/"


class _Handler(BaseHTTPRequestHandler):
    server: BoardServer
    server_version = "sudoku-models"

    def log_message(self, format: str, *args: Any) -> None:  # quiet, like a test server
        pass

    def setup(self) -> None:
        super().setup()
        self.connection.settimeout(self.server.read_timeout)
        deadline = time.monotonic() + self.server.read_timeout
        self.rfile.close()  # the request is read through a reader that keeps the deadline
        self.rfile = io.BufferedReader(_Deadline(self.connection, deadline))

    def _foreign(self) -> bool:
        """Answer 403 (and say True) unless the request names this server and comes from it."""
        host = self.headers.get("Host", "")
        origin = self.headers.get("Origin")
        if host.lower() not in self.server.hosts:
            self._error(HTTPStatus.FORBIDDEN, f"this server answers only to {self.server.url}")
            return True
        if origin is not None and origin.lower() not in self.server.origins:
            self._error(HTTPStatus.FORBIDDEN, "requests from other sites are refused")
            return True
        return False

    def do_GET(self) -> None:
        if self._foreign():
            return
        url = urlparse(self.path)
        name = url.path.lstrip("/") or "page.html"
        if name == "favicon.ico":
            self._send(HTTPStatus.NO_CONTENT, b"", "image/x-icon")
        elif name == "state":
            if "puzzle" in parse_qs(url.query):
                text = "GET /state gives an empty board: open a puzzle with a 'load' action"
                self._error(HTTPStatus.BAD_REQUEST, text)
            else:
                self._send_json(HTTPStatus.OK, new_state())
        elif name in _TYPES:
            self._send(HTTPStatus.OK, asset(name).encode(), _TYPES[name])
        else:
            self._error(HTTPStatus.NOT_FOUND, f"no such page: {url.path}")

    def do_POST(self) -> None:
        if self._foreign():
            return
        if urlparse(self.path).path != "/api":
            self._error(HTTPStatus.NOT_FOUND, f"no such endpoint: {self.path}")
            return
        kind = self.headers.get("Content-Type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            self._error(HTTPStatus.UNSUPPORTED_MEDIA_TYPE, "send the request as application/json")
            return
        try:
            length = int(self.headers.get("Content-Length", ""))
        except ValueError:
            self._error(HTTPStatus.LENGTH_REQUIRED, "a request needs its Content-Length")
            return
        if length > MAX_BODY:
            self._error(
                HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"requests are at most {MAX_BODY} bytes"
            )
            return
        if length < 0:
            self._error(HTTPStatus.BAD_REQUEST, "negative Content-Length")
            return
        try:
            raw = self.rfile.read(length)
            self.connection.settimeout(self.server.read_timeout)  # for the answer
        except TimeoutError:
            self.close_connection = True
            self._error(HTTPStatus.REQUEST_TIMEOUT, "the request body did not arrive in time")
            return
        try:
            body = json.loads(raw)
            if not isinstance(body, dict):
                raise BadRequest("the body must be a JSON object")
            state, action = body.get("state"), body.get("action")
            if not isinstance(state, dict) or not isinstance(action, dict):
                raise BadRequest("the body needs a 'state' and an 'action' object")
            if action.get("type") in SEARCHES or action.get("type") == TREE:
                change = self.server.searches.run(state, action, self.server.time_limit)
            elif _reads_text(state, action):
                change = self.server.readers.run(state, action, self.server.time_limit)
            else:
                change = respond(state, action, time_limit=self.server.time_limit)
        except (ValueError, BadRequest, RecursionError) as exc:
            self._error(HTTPStatus.BAD_REQUEST, f"bad request: {exc}")
            return
        except Busy as exc:
            self._error(HTTPStatus.SERVICE_UNAVAILABLE, str(exc))
            return
        except Exception as exc:  # a bug: say so in the page instead of dropping the connection
            self._error(HTTPStatus.INTERNAL_SERVER_ERROR, f"internal error: {exc!r}")
            return
        self._send_json(HTTPStatus.OK, change)

    def _error(self, status: HTTPStatus, text: str) -> None:
        self._send_json(status, {"error": text})

    def _send_json(self, status: HTTPStatus, data: Any) -> None:
        self._send(status, json.dumps(data).encode(), "application/json")

    def _send(self, status: HTTPStatus, body: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        # The page may have cancelled the request (its Cancel button) or closed the tab.
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            self.wfile.write(body)


class _Deadline(io.RawIOBase):
    """The bytes of a socket until ``deadline`` (a :func:`time.monotonic` time): a read
    after it, or one still waiting then, raises :class:`TimeoutError`."""

    def __init__(self, sock: socket.socket, deadline: float) -> None:
        self._sock = sock
        self._deadline = deadline

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        left = self._deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the request did not arrive in time")
        self._sock.settimeout(left)
        return self._sock.recv_into(buffer)


def _reads_text(state: dict[str, Any], action: dict[str, Any]) -> bool:
    """Whether answering ``action`` reads a puzzle text: a pasted one, or the rules' link of
    the board or of a position it may go back to."""
    if action.get("type") == "load":
        return True
    positions = [state]
    for key in ("undo", "redo"):
        kept = state.get(key, [])
        if not isinstance(kept, list):
            return True  # malformed: the reading process says so
        positions += kept
    return any(not isinstance(p, dict) or p.get("source") for p in positions)


def serve(
    port: int = 8000,
    open_browser: bool = True,
    time_limit: float = TIME_LIMIT,
    puzzle: str | None = None,
) -> None:
    """Serve the board on 127.0.0.1:``port`` until interrupted; open it in a browser if asked."""
    server = BoardServer(port, time_limit)
    threading.Thread(target=server.warm, daemon=True).start()
    url = server.url
    if puzzle:
        from urllib.parse import quote

        url += f"?puzzle={quote(puzzle)}"
    print(f"serving the board at {url} (Ctrl+C stops)", flush=True)
    if open_browser:
        threading.Timer(0.3, webbrowser.open, args=(url,)).start()
    try:
        server.serve_forever()
    finally:
        server.server_close()
