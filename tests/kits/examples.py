"""The hand-record examples of docs/hand-records.md, each record beside the exact result
``ramsli replay NAME.yaml --json`` gives for it (``NAME.expected.json``)."""

from pathlib import Path

HAND_EXAMPLES = Path(__file__).with_name("data") / "hand-examples"
BETE_FIXED = HAND_EXAMPLES / "bete-fixed.yaml"
