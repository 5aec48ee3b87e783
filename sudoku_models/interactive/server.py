"""The board as a local web page: the standard library's threading HTTP server on 127.0.0.1.

Routes: ``GET /`` the page (``?puzzle=...`` opens a puzzle), ``GET /board.js`` and
``GET /board.css`` the grid component, ``GET /state`` a fresh state (``?puzzle=`` too), and
``POST /api`` the one JSON endpoint: ``{"state": ..., "action": ...}`` in, the change out
(:func:`~sudoku_models.interactive.state.respond`). The server keeps no state, so several tabs
work side by side; each request is answered on its own thread and every search runs under a
time limit. Bodies over :data:`MAX_BODY` bytes get 413, malformed ones 400.
"""

from __future__ import annotations

import contextlib
import json
import threading
import webbrowser
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlparse

from ..errors import InvalidPuzzleError
from .assets import asset
from .state import TIME_LIMIT, BadRequest, new_state, respond

#: Largest request body accepted: a 25x25 state with a long undo history fits.
MAX_BODY = 4 * 1024 * 1024

#: The only address the server listens on.
HOST = "127.0.0.1"

_TYPES = {
    "board.js": "text/javascript; charset=utf-8",
    "board.css": "text/css; charset=utf-8",
    "page.html": "text/html; charset=utf-8",
}


class BoardServer(ThreadingHTTPServer):
    """The HTTP server of the board; ``time_limit`` bounds each request's searches."""

    daemon_threads = True

    def __init__(self, port: int = 0, time_limit: float = TIME_LIMIT) -> None:
        super().__init__((HOST, port), _Handler)
        self.time_limit = time_limit

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

    def do_GET(self) -> None:
        url = urlparse(self.path)
        name = url.path.lstrip("/") or "page.html"
        if name == "favicon.ico":
            self._send(HTTPStatus.NO_CONTENT, b"", "image/x-icon")
        elif name == "state":
            self._send_state(parse_qs(url.query).get("puzzle", [None])[0])
        elif name in _TYPES:
            self._send(HTTPStatus.OK, asset(name).encode(), _TYPES[name])
        else:
            self._error(HTTPStatus.NOT_FOUND, f"no such page: {url.path}")

    def do_POST(self) -> None:
        if urlparse(self.path).path != "/api":
            self._error(HTTPStatus.NOT_FOUND, f"no such endpoint: {self.path}")
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
            body = json.loads(self.rfile.read(length))
            if not isinstance(body, dict):
                raise BadRequest("the body must be a JSON object")
            state, action = body.get("state"), body.get("action")
            if not isinstance(state, dict) or not isinstance(action, dict):
                raise BadRequest("the body needs a 'state' and an 'action' object")
            change = respond(state, action, time_limit=self.server.time_limit)
        except (ValueError, BadRequest, RecursionError) as exc:
            self._error(HTTPStatus.BAD_REQUEST, f"bad request: {exc}")
            return
        except Exception as exc:  # a bug: say so in the page instead of dropping the connection
            self._error(HTTPStatus.INTERNAL_SERVER_ERROR, f"internal error: {exc!r}")
            return
        self._send_json(HTTPStatus.OK, change)

    def _send_state(self, puzzle: str | None) -> None:
        try:
            state = new_state(puzzle)
        except InvalidPuzzleError as exc:
            state = new_state()
            state["message"] = {"text": f"cannot read the linked puzzle: {exc}", "kind": "error"}
        self._send_json(HTTPStatus.OK, state)

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


def serve(
    port: int = 8000,
    open_browser: bool = True,
    time_limit: float = TIME_LIMIT,
    puzzle: str | None = None,
) -> None:
    """Serve the board on 127.0.0.1:``port`` until interrupted; open it in a browser if asked."""
    server = BoardServer(port, time_limit)
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
