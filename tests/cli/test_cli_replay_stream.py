"""``ramsli replay`` on a stream of records, through the real command: each record replayed
in turn, one result per record in order (``--json``: one array), a bad one told at its
line of the stream without stopping the others, the status the worst of them; every bound
of one record holds for each record of a stream, and the stream has its own on its size."""

from __future__ import annotations

import json

import yaml

from ramsli_tui.games.rami import records as rami_records
from ramsli_tui.games.ramsli import records as ramsli_records
from ramsli_tui.yamlfile import MAX_FILE_BYTES, MAX_STREAM_BYTES, MAX_VALUES

from tests.cli.test_cli import ramsli
from tests.cli.test_cli_history import finished_hands

RAMSLI_HAND = finished_hands("ramsli", "classic", 4, "normal", 1, seed=5)[0]
RAMI_HAND = finished_hands("rami", "simple", 2, "normal", 1, seed=3)[0]
RAMSLI_RECORD = ramsli_records.dump_record(ramsli_records.record_of(RAMSLI_HAND))
RAMI_RECORD = rami_records.dump_record(rami_records.record_of(RAMI_HAND))


def stream(*documents: str) -> str:
    return "---\n".join(documents)


def line_of(text: str, start: str, after: int = 0) -> int:
    """The line of ``text`` (from 1) that starts with ``start``, the first after line ``after``."""
    lines = text.splitlines()
    return next(number for number, line in enumerate(lines, 1) if number > after and line.startswith(start))


def test_a_bad_record_is_told_at_its_line_of_the_stream_and_the_others_are_replayed():
    bad = RAMSLI_RECORD.replace("dealer: 1", "dealer: 9")
    assert bad != RAMSLI_RECORD
    text = stream(RAMSLI_RECORD, bad, RAMI_RECORD)
    second = line_of(text, "---")
    dealer = line_of(text, "dealer:", after=second)
    done = ramsli("replay", "-", "--json", stdin=text)
    assert done.returncode == 2 and not done.stderr
    first, refused, rami = json.loads(done.stdout)
    assert first == ramsli_records.result_of(RAMSLI_HAND) and rami == rami_records.result_of(RAMI_HAND)
    assert refused == {"format": "ramsli-result/1", "error": {
        "action": None, "message": f"<stdin>:{dealer}: dealer must be a seat from 0 to 3, not 9"}}
    words = ramsli("replay", "-", stdin=text)
    assert words.returncode == 2
    assert words.stderr == f"ramsli: record 2 of 3, line {second}: <stdin>:{dealer}: dealer must be a seat from 0 to 3, not 9\n"
    assert [line for line in words.stdout.splitlines() if line.startswith("Record ")] == [
        "Record 1 of 3, line 1", f"Record 3 of 3, line {line_of(text, '---', after=second)}"]


def test_hand_n_of_a_stream_is_told_as_one_record_is_and_one_record_is_hand_1():
    text = stream(RAMSLI_RECORD, RAMI_RECORD)
    alone = ramsli("replay", "-", stdin=RAMI_RECORD)
    chosen = ramsli("replay", "-", "--hand", "2", stdin=text)
    assert chosen.returncode == 0 and chosen.stdout == alone.stdout and not chosen.stderr
    again = ramsli("replay", "-", "--hand", "1", "--json", stdin=RAMI_RECORD)
    assert again.returncode == 0 and json.loads(again.stdout) == rami_records.result_of(RAMI_HAND)
    none = ramsli("replay", "-", "--hand", "0", stdin=RAMI_RECORD)
    assert none.returncode == 2 and none.stderr == "ramsli: --hand 0: there is no record 0 here; it holds one record\n"


def test_each_record_of_a_stream_keeps_every_bound_of_one_record():
    aliased = RAMSLI_RECORD.replace("dealer: 1", "dealer: &seat 1") + "again: *seat\n"
    tagged = RAMSLI_RECORD.replace("dealer: 1", "dealer: !!python/object:os.system 1")
    too_big = RAMSLI_RECORD + "# " + "x" * MAX_FILE_BYTES + "\n"
    text = stream(RAMSLI_RECORD, aliased, tagged, too_big, RAMI_RECORD)
    starts = [1]
    for _ in range(4):
        starts.append(line_of(text, "---", after=starts[-1]))
    done = ramsli("replay", "-", "--json", stdin=text)
    assert done.returncode == 2 and not done.stderr
    results = json.loads(done.stdout)
    assert results[0] == ramsli_records.result_of(RAMSLI_HAND) and results[4] == rami_records.result_of(RAMI_HAND)
    said = [result["error"]["message"] for result in results[1:4]]
    assert said[0] == f"<stdin>:{line_of(text, 'again:', after=starts[1])}: YAML aliases (*seat) are not read here: write the value out"
    assert said[1].startswith(f"<stdin>:{line_of(text, 'dealer:', after=starts[2])}: dealer:") and "is not allowed here" in said[1]
    assert said[2] == f"<stdin>:{starts[3]}: is too big (more than 1 MB)"


def test_a_stream_may_hold_more_values_than_one_record_may_each_record_its_own():
    copies = MAX_VALUES // len(list(yaml.parse(RAMSLI_RECORD))) + 2
    done = ramsli("replay", "-", "--json", stdin=stream(*[RAMSLI_RECORD] * copies))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [ramsli_records.result_of(RAMSLI_HAND)] * copies


def test_a_stream_is_bounded_by_its_size_and_one_record_still_by_a_files(tmp_path):
    huge = tmp_path / "huge.yaml"
    huge.write_bytes(b"#" * (MAX_STREAM_BYTES + 1))
    done = ramsli("replay", str(huge))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"ramsli: {huge}: is too big for a stream of records (more than 50 MB)\n"
    big = tmp_path / "big.yaml"
    big.write_text(RAMSLI_RECORD + "# " + "x" * MAX_FILE_BYTES + "\n", encoding="utf-8")
    one = ramsli("replay", str(big), "--json")
    assert one.returncode == 2 and json.loads(one.stdout) == {"format": "ramsli-result/1", "error": {
        "action": None, "message": f"{big}: is too big for a record (more than 1 MB)"}}
