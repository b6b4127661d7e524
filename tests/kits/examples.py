"""The hand-record examples of the public contract (hand-record.md), kept in the project
so that its tests stand on their own; ``test_records_examples`` checks that the copy
still matches the spec's own folder when that folder is beside the checkout."""

from pathlib import Path

HAND_EXAMPLES = Path(__file__).with_name("data") / "hand-examples"
BETE_FIXED = HAND_EXAMPLES / "bete-fixed.yaml"
SPEC_HAND_EXAMPLES = Path(__file__).resolve().parents[3] / "shared" / "spec" / "hand-examples"
