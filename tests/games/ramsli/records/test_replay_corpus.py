"""``ramsli replay --json`` prints, byte for byte, what it printed when the corpus was
written, for thousands of random records of every bundled ruleset (replay_corpus.py)."""

from tests.kits.replay_corpus import digest, read_corpus, replay_output


def test_every_record_of_the_corpus_replays_to_the_same_bytes():
    corpus = read_corpus()
    assert len(corpus) >= 3000
    changed = [record for record, expected in corpus if digest(replay_output(record)) != expected]
    assert not changed, f"{len(changed)} records now replay differently, the first: {changed[0]}"
