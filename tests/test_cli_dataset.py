"""``sudoku-models dataset``: each tool on small inputs, and its mistakes in one line."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from sudoku_models import datasets
from sudoku_models.api import solve
from sudoku_models.cli import EXIT_BAD_INPUT, EXIT_OK, main
from sudoku_models.cli import dataset as dataset_cli
from sudoku_models.puzzle import Puzzle
from sudoku_models.research.canonical import canonical

PUBLIC = Path(__file__).parent / "data" / "public"


def test_canonical(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["dataset", "canonical", "top95"]) == EXIT_OK
    lines = capsys.readouterr().out.split()
    assert len(lines) == 95 and len(set(lines)) == 94  # top95 holds one pair of copies


def test_verify(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    puzzles = [p.to_line() for p in datasets.load("top95")[:3]]
    answers = [solve(p).solution.to_line() for p in puzzles]
    answers[1] = answers[1][1] + answers[1][0] + answers[1][2:]  # two cells swapped
    (tmp_path / "p.txt").write_text("\n".join(puzzles) + "\n")
    (tmp_path / "a.txt").write_text("\n".join(answers) + "\n")
    args = ["dataset", "verify", "--puzzles", str(tmp_path / "p.txt")]
    json_rows = ["--answers", str(tmp_path / "a.txt"), "--format", "json", "--rows"]
    assert main([*args, *json_rows]) == EXIT_OK
    report = json.loads(capsys.readouterr().out)
    assert report["summary"]["is_solution"] == 2
    assert [r["valid"] for r in report["rows"]] == [True, False, True]
    assert set(report["rows"][1]) == {"valid", "givens_kept", "is_solution", "complete"}
    assert [r["is_solution"] for r in report["rows"]] == [True, False, True]
    assert main([*args, *json_rows[:-1]]) == EXIT_OK  # the rows only when asked for
    assert set(json.loads(capsys.readouterr().out)) == {"summary"}
    assert main([*args, "--answers", str(tmp_path / "a.txt"), "--rows"]) == EXIT_BAD_INPUT
    assert "--format json" in capsys.readouterr().err
    assert main([*args, "--answers", str(tmp_path / "p.txt"), "--partial"]) == EXIT_OK
    assert capsys.readouterr().out.startswith("rows 3, consistent 3, completable 3")
    (tmp_path / "short.txt").write_text(answers[0][:80] + "\n")
    assert main([*args, "--answers", str(tmp_path / "short.txt")]) == EXIT_BAD_INPUT
    assert "error" in capsys.readouterr().err


def test_build_label_trace(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    command = ["dataset", "build", "--from", "easy50", "--augment", "2", "--seed", "4"]
    assert main([*command, "--test-share", "0.2", "-o", str(out), "--format", "csv"]) == EXIT_OK
    summary = capsys.readouterr().out.splitlines()[0]
    counts = {k: int(v) for k, v in (part.split() for part in summary.split(", "))}
    assert counts["train"] + counts["test"] + counts["duplicates"] == 50
    assert counts["train_rows"] == 3 * counts["train"]
    assert (out / "train.csv").exists() and (out / "manifest.json").exists()
    assert main([*command, "-o", str(out), "--difficulty", "easy"]) == EXIT_BAD_INPUT
    capsys.readouterr()
    assert main(["dataset", "label", ".1.....4....34..", "--kinds", "search,logic"]) == EXIT_OK
    row = json.loads(capsys.readouterr().out)
    assert row["canonical"] == "12......3.....1." and row["logic_band"] == "easy"
    assert main(["dataset", "trace", ".1.....4....34.."]) == EXIT_OK
    assert json.loads(capsys.readouterr().out.splitlines()[0])["order"] == 0


def test_build_says_when_it_skips_variants(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sample = tmp_path / "bench.json"
    records = json.loads((PUBLIC / "sudoku_bench_sample.json").read_text())
    sample.write_text(json.dumps([r for r in records if r["rows"] != 9]))
    assert main(["dataset", "build", "--from", str(sample), "-o", str(tmp_path / "o")]) == 0
    captured = capsys.readouterr()
    assert "variants_skipped 1" in captured.out
    assert "1 variant puzzles skipped" in captured.err


@pytest.mark.parametrize(
    ("option", "value", "said"),
    [
        ("--test-share", "1.5", "a share is between 0 and 1"),
        ("--test-share", "half", "not a number"),
        ("--seed", "-1", "must be at least 0"),
        ("--augment", "two", "not a whole number"),
        ("--workers", "0", "must be from 1 to 64"),
        ("--workers", "100000", "must be from 1 to 64"),
        ("--augment", "100000", "must be from 0 to 10,000"),
        ("--from", "generate:1000000000", "a count from 1 to 100,000"),
        ("--augment", "10000", "make over 20,000,000 rows"),  # with generate:100000 below
    ],
)
def test_build_refuses_bad_numbers_in_one_line(
    option: str,
    value: str,
    said: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    source = "generate:100000" if said.startswith("make over") else "easy50"
    assert main(["dataset", "build", "--from", source, "-o", "out", option, value]) == (
        EXIT_BAD_INPUT
    )
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err and len(err.splitlines()) == 1
    assert not Path("out").exists()  # refused before any work


def test_label_bounds_its_counts(capsys: pytest.CaptureFixture[str]) -> None:
    for option, value in (("--copies", "100000000"), ("-w", "100000")):
        assert main(["dataset", "label", "top95", option, value]) == EXIT_BAD_INPUT
        err = capsys.readouterr().err
        assert "must be from 1 to" in err and len(err.splitlines()) == 1


def test_every_dataset_option_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    from sudoku_models.cli import build_parser

    commands = next(a for a in build_parser()._actions if a.dest == "command").choices["dataset"]
    tools = next(a for a in commands._actions if a.dest == "tool").choices
    for name, tool in tools.items():
        for action in tool._actions:
            assert action.help, f"dataset {name} {action.option_strings or action.dest}"


def test_build_refuses_to_overwrite_unless_forced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    command = ["dataset", "build", "--from", "easy50", "-o", str(out), "--format", "npy"]
    assert main(command) == EXIT_OK
    first = (out / "train" / "all__inputs.npy").read_bytes()
    capsys.readouterr()
    assert main([*command, "--seed", "2"]) == EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "exists; pass --force" in err and len(err.splitlines()) == 1
    assert (out / "train" / "all__inputs.npy").read_bytes() == first
    assert main([*command, "--seed", "2", "--force"]) == EXIT_OK
    assert json.loads((out / "manifest.json").read_text())["seed"] == 2


def test_build_writes_through_no_symbolic_link(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("keep me\n")
    out = tmp_path / "out"
    out.mkdir()
    (out / "train.jsonl").symlink_to(outside)
    command = ["dataset", "build", "--from", "easy50", "-o", str(out)]
    for extra in ([], ["--force"]):
        assert main([*command, *extra]) == EXIT_BAD_INPUT
        err = capsys.readouterr().err
        assert "symbolic link" in err and len(err.splitlines()) == 1
    assert outside.read_text() == "keep me\n"
    linked = tmp_path / "linked"
    linked.symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    (tmp_path / "elsewhere").mkdir()
    assert main(["dataset", "build", "--from", "easy50", "-o", str(linked)]) == EXIT_BAD_INPUT
    assert "symbolic link" in capsys.readouterr().err
    assert not any((tmp_path / "elsewhere").iterdir())


def test_says_once_on_stderr_when_numba_compiles(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from sudoku_models.research import compiled

    monkeypatch.setattr(compiled, "cold", lambda kernels: True)
    assert main(["dataset", "canonical", "top95"]) == EXIT_OK
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [dataset_cli.COMPILING]
    assert len(captured.out.split()) == 95
    monkeypatch.setattr(compiled, "cold", lambda kernels: False)
    assert main(["dataset", "canonical", "top95"]) == EXIT_OK
    assert capsys.readouterr().err == ""


def test_tools_needing_numba_say_so_before_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from sudoku_models.research import compiled

    monkeypatch.setattr(compiled, "numba_installed", lambda: False)
    out = tmp_path / "out"
    assert main(["dataset", "build", "--from", "top95", "-o", str(out)]) == EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "pip install 'sudoku-models[fast]'" in err and len(err.splitlines()) == 1
    assert not out.exists()
    puzzles = tmp_path / "p.txt"
    puzzles.write_text(datasets.load("top95")[0].to_line() + "\n")
    verify = ["dataset", "verify", "--puzzles", str(puzzles), "--answers", str(puzzles)]
    assert main(verify) == EXIT_BAD_INPUT
    assert "needs Numba" in capsys.readouterr().err
    assert main([*verify, "--solutions", str(puzzles)]) == EXIT_OK  # plain Python then


def test_canonical_reads_a_regular_file_in_one_block_and_any_other_line_by_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [p.to_line() for p in datasets.load("top95")[:5]]
    regular, spaced = tmp_path / "regular.txt", tmp_path / "spaced.txt"
    regular.write_bytes(("\r\n".join(lines)).encode())  # no final newline
    spaced.write_text("# a comment\n" + "\n\n".join(lines) + "\n")
    assert main(["dataset", "canonical", str(regular)]) == EXIT_OK
    block = capsys.readouterr().out
    assert main(["dataset", "canonical", str(spaced)]) == EXIT_OK
    assert capsys.readouterr().out == block
    assert block.splitlines() == [canonical(Puzzle.parse(x)).to_line() for x in lines]


def test_the_compile_notice_watches_only_kernels_the_tool_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A kernel a tool never calls stays cold on disk, and would make the notice show every run.
    assert main(["dataset", "build", "--from", "top95", "-o", str(tmp_path / "out")]) == EXIT_OK
    watched = dataset_cli._research_kernels(*dataset_cli._CANONICAL)
    assert all(k.overloads for k in watched + dataset_cli._search_kernels())
    puzzles = tmp_path / "p.txt"
    puzzles.write_text(datasets.load("top95")[0].to_line() + "\n")
    args = ["dataset", "verify", "--puzzles", str(puzzles), "--answers", str(puzzles)]
    assert main([*args, "--partial"]) == EXIT_OK
    assert main(args) == EXIT_OK
    capsys.readouterr()
    watched = dataset_cli._research_kernels("_judge", "_clash_free", "_forced")
    assert all(k.overloads for k in watched)


def test_bytes_that_are_no_text_are_one_line_and_no_compile_notice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from sudoku_models.research import compiled

    monkeypatch.setattr(compiled, "cold", lambda kernels: True)
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00\n")
    for command in (
        ["canonical", str(binary)],
        ["verify", "--puzzles", str(binary), "--answers", str(binary), "--solutions", str(binary)],
    ):
        assert main(["dataset", *command]) == EXIT_BAD_INPUT
        err = capsys.readouterr().err
        assert err.splitlines() == [f"sudoku-models: error: {binary} is not a text file"]


@pytest.mark.parametrize(
    "argv",
    [
        ["build", "--from", "generate:1000000000", "-o", "never"],
        ["build", "--from", "top95", "--augment", "100000", "-o", "never"],
        ["build", "--from", "top95", "-w", "100000", "-o", "never"],
        ["label", "top95", "--copies", "100000000"],
    ],
    ids=["generate", "augment", "workers", "copies"],
)
def test_huge_counts_are_refused_small_in_a_fresh_process(
    cli_peak: Callable[..., tuple[int, str, float, float]], argv: list[str]
) -> None:
    code, err, grown, _ = cli_peak("dataset", *argv)
    assert code == EXIT_BAD_INPUT and err.count("\n") == 1, err
    assert grown < 100, f"peak memory grew by {grown:.0f} MB"
