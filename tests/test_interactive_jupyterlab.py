"""The notebook widget inside a real JupyterLab, driven in headless Chromium.

A JupyterLab server (from the test extra) runs on a loopback port in a temporary directory, with
its settings, workspaces and runtime files kept there too; a notebook makes a ``SudokuWidget``.
The test types a digit on the board and reads it back in the kernel, sets a puzzle from the
kernel and sees the board change, and asks for a hint, which the kernel answers. It is the one
test of the widget's front end as JupyterLab loads it (the other widget tests call the component
in a bare page, or the Python side alone).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("jupyterlab", reason="jupyterlab is in the test extra")
pytest.importorskip("anywidget", reason="anywidget is in the test extra")
playwright_api = pytest.importorskip("playwright.sync_api", reason="in the test extra")

pytestmark = pytest.mark.heavy  # in the full run only (see conftest.py)

#: Seconds to wait for JupyterLab to answer, and for a kernel to start and run a cell.
START = 90
RUN = 60

PUZZLE = "1.....3..4.....2"
EASY = "29.46......5...62..3....9..8..5...7.......1...7...3.4..4..32.67.1............85.."

CELLS = [
    f"from sudoku_models.interactive import SudokuWidget\nw = SudokuWidget({PUZZLE!r})\nw",
    "print('VALUES', w.state['values'])",
    f"w.puzzle = {EASY!r}",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _notebook(path: Path) -> None:
    """A notebook of :data:`CELLS` that names its kernel, so JupyterLab asks nothing."""
    cells = [
        {
            "id": f"cell-{k}",
            "cell_type": "code",
            "metadata": {},
            "source": source,
            "outputs": [],
            "execution_count": None,
        }
        for k, source in enumerate(CELLS)
    ]
    kernel = {"name": "python3", "display_name": "Python 3", "language": "python"}
    document = {
        "cells": cells,
        "metadata": {"kernelspec": kernel},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(document), encoding="utf-8")


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The URL of a JupyterLab serving a directory that holds ``board.ipynb``."""
    root = tmp_path_factory.mktemp("lab")
    _notebook(root / "board.ipynb")
    env = dict(os.environ)
    for name, folder in (
        ("JUPYTER_CONFIG_DIR", "config"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("JUPYTERLAB_SETTINGS_DIR", "settings"),
        ("JUPYTERLAB_WORKSPACES_DIR", "workspaces"),
    ):
        env[name] = str(root / folder)
    port = _free_port()
    command = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--allow-root",
        f"--port={port}",
        "--ServerApp.ip=127.0.0.1",
        "--ServerApp.token=",
        "--ServerApp.password=",
        f"--ServerApp.root_dir={root}",
    ]
    with open(root / "lab.log", "w", encoding="utf-8") as log:
        server = subprocess.Popen(command, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START
        while True:
            try:
                with urllib.request.urlopen(url + "/api/status", timeout=5):
                    break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    log_text = (root / "lab.log").read_text(encoding="utf-8")
                    pytest.fail(f"JupyterLab did not start:\n{log_text[-2000:]}")
                time.sleep(0.5)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()


@pytest.fixture
def notebook(lab: str, chromium: str) -> Iterator[Any]:
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, headless=True, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.set_default_timeout(RUN * 1000)
        page.goto(lab + "/lab/tree/board.ipynb")
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=START * 1000)
        # The status bar reads "Python 3 (ipykernel) | Idle" once the kernel is connected; a
        # cell run before that is lost.
        page.get_by_text("| Idle").first.wait_for(timeout=START * 1000)
        yield page
        browser.close()


def run_cell(page: Any, k: int) -> None:
    """Run the notebook's cell ``k`` as a user would: click into it, press Shift+Enter."""
    page.locator(".jp-Notebook .jp-Cell").nth(k).locator(".jp-InputArea-editor").click()
    page.keyboard.press("Shift+Enter")


def board_message(page: Any) -> str:
    return str(page.locator(".sm-message").first.inner_text())


def test_the_widget_works_in_jupyterlab(notebook: Any) -> None:
    page = notebook
    run_cell(page, 0)
    page.wait_for_selector("[role=gridcell]")
    grid = page.locator("[role=gridcell]")
    assert grid.count() == 16

    # The page to the kernel: a digit typed on the board reaches the widget's state.
    grid.nth(1).click()
    page.keyboard.press("2")
    page.wait_for_function("document.querySelector('.sm-message').textContent.includes('r1c2 = 2')")
    run_cell(page, 1)
    output = page.locator(".jp-OutputArea-output").filter(has_text="VALUES")
    output.wait_for()
    assert output.inner_text().startswith("VALUES [0, 2, 0, 0,")

    # The kernel answers the buttons: with 2 beside the 1, the row cannot be finished.
    page.get_by_role("button", name="Hint").first.click()
    page.wait_for_function(
        "document.querySelector('.sm-message').textContent.includes('no solution')"
    )
    assert "a digit placed so far is wrong" in board_message(page)

    # The kernel to the page: a new puzzle set in Python redraws the board.
    run_cell(page, 2)
    page.wait_for_function("document.querySelectorAll('[role=gridcell]').length === 81")
    first = page.locator("[role=gridcell]").first
    assert first.inner_text().strip().startswith("2")
