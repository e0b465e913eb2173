"""Tests/run-all.sh, the one test command: it runs every part the README lists, goes on past a
failing part, and sums up in one last line; CI runs exactly it. (Run here with each part's
command stood in for, in a copy of the scripts.)"""

import os
import re
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PARTS = ["Tests/Postgres/with-cluster.sh", "Tests/Browser/run.sh", "Tests/WebKit/run.sh", "Tests/Contract/run.sh"]


def stand_in(path, output, status):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"#!/usr/bin/env bash\necho {output!r} \"$@\"\nexit {status}\n")
    path.chmod(0o755)


def run_all(tmp_path, failing):
    """Runs a copy of run-all.sh whose parts are stand-ins; `failing` names the one that fails."""
    (tmp_path / "Tests").mkdir()
    shutil.copy(ROOT / "Tests/run-all.sh", tmp_path / "Tests/run-all.sh")
    outputs = {
        "Tests/Postgres/with-cluster.sh": "✔ Test run with 12 tests in 3 suites passed after 1 seconds.",
        "Tests/Browser/run.sh": "7 passed in 1.00s",
        "Tests/WebKit/run.sh": "5 passed in 1.00s",
        "Tests/Contract/run.sh": "  5476 generated, 5476 passed, 4 skipped\n  10572 generated, 10572 passed, 2 skipped",
    }
    for part in PARTS:
        stand_in(tmp_path / part, outputs[part], 1 if part == failing else 0)
    stand_in(tmp_path / "bin/swift", "swift stand-in", 0)
    result = subprocess.run(
        ["bash", "Tests/run-all.sh"], cwd=tmp_path, capture_output=True, text=True,
        env={**os.environ, "PATH": f"{tmp_path / 'bin'}:{os.environ['PATH']}"}, timeout=60)
    return result.returncode, result.stdout.strip().splitlines()


def test_every_part_passing_sums_up_in_one_line(tmp_path):
    status, lines = run_all(tmp_path, failing=None)
    assert status == 0
    assert re.fullmatch(
        r"run-all: all passed · lint ok \d+s · swift ok \(12 tests\) \d+s · second-pass ok \(12 tests\) \d+s"
        r" · chromium ok \(7 passed\) \d+s · webkit ok \(5 passed\) \d+s · contract ok \(16048 cases\) \d+s"
        r" · 0 min \d+ s",
        lines[-1]), lines[-1]


def test_a_failing_part_fails_the_run_and_the_rest_still_run(tmp_path):
    status, lines = run_all(tmp_path, failing="Tests/Browser/run.sh")
    assert status == 1
    assert lines[-1].startswith("run-all: FAILED · "), lines[-1]
    assert "chromium FAILED (exit 1, test-output/chromium.log)" in lines[-1]
    assert "webkit ok (5 passed)" in lines[-1]
    assert "contract ok (16048 cases)" in lines[-1]


def test_ci_runs_exactly_run_all_and_the_readme_gives_it():
    commands = [line for line in (ROOT / ".ci/run").read_text().splitlines()
                if line and not line.startswith("#") and "Tests/" in line]
    assert commands == ["bash Tests/run-all.sh"]
    readme = (ROOT / "README.md").read_text()
    assert "bash Tests/run-all.sh" in readme
    script = (ROOT / "Tests/run-all.sh").read_text()
    # Each part the README documents for running alone is a part of run-all.sh.
    for command in ["swift format lint --strict -r Sources Tests",
                    "bash Tests/Postgres/with-cluster.sh swift test",
                    "bash Tests/Postgres/with-cluster.sh bash Tests/Postgres/second-pass.sh",
                    "bash Tests/Browser/run.sh", "bash Tests/WebKit/run.sh", "bash Tests/Contract/run.sh"]:
        assert command in readme, command
        assert re.search(rf"^part \S+ {re.escape(command)}$", script, re.M), command
