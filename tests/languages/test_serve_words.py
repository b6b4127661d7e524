"""What ``ramsli serve`` tells the person who starts it when it cannot (a folder that is
not a data folder, a host key others can read…) is said in their language, in one
line; its log keeps the English."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from ramsli_tui.languages import use_language
from ramsli_tui.languages.pseudo import unmarked_words
from ramsli_tui.net.store import ServeError, _check_private


@pytest.mark.parametrize("code, words", [
    ("de", "taugt nicht als Datenordner: er ist nicht leer"),
    ("fr", "ne peut pas servir de dossier de données\u00a0: il n’est pas vide"),
    ("es", "no sirve como carpeta de datos: no está vacía"),
])
def test_a_folder_that_is_no_data_folder_is_told_in_the_language_asked_for(tmp_path, code, words):
    (tmp_path / "notes.txt").write_text("mine")
    done = subprocess.run([sys.executable, "-m", "ramsli_tui", "--lang", code, "serve", "--data", str(tmp_path),
                           "--port", "0", "--open"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert words in done.stderr and done.stderr.count("\n") == 1, done.stderr


def test_every_reason_a_host_key_is_refused_is_marked_in_the_pseudo_language(tmp_path):
    use_language("qps")
    told = []
    for mode in (0o644, 0o620, 0o601):
        key = tmp_path / f"key-{mode:o}"
        key.write_text("k")
        os.chmod(key, mode)
        with pytest.raises(ServeError) as refused:
            _check_private(key, os.lstat(key))
        told.append(refused.value)
    with pytest.raises(ServeError) as refused:
        _check_private(tmp_path, os.lstat(tmp_path))
    told.append(refused.value)
    for error in told:
        said = error.args[0].said()
        assert not set(unmarked_words(said)) - {"chmod", "600"} - set(str(tmp_path).replace("/", " ").replace("-", " ").split()), said
    assert str(told[0]).endswith("is readable by others (mode 0644): chmod 600 it"), "the log's English"
