"""A test the suite skips says why in the summary of every run: pytest's own settings in
pyproject.toml ask for the reasons (``-rs``), so "1 skipped" never stands alone."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_a_skipped_test_gives_its_reason_in_the_summary(tmp_path):
    (tmp_path / "test_skipping.py").write_text(
        "import pytest\n\n\n@pytest.mark.skip(reason='the tool it needs is not installed')\n"
        "def test_needs_a_tool():\n    pass\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist", "-p", "no:randomly",
         "-c", str(ROOT / "pyproject.toml"), "--rootdir", str(tmp_path), str(tmp_path / "test_skipping.py")],
        capture_output=True, text=True, cwd=tmp_path, timeout=120,
    )
    assert "1 skipped" in done.stdout, done.stdout + done.stderr
    assert "SKIPPED [1]" in done.stdout and "the tool it needs is not installed" in done.stdout, done.stdout
