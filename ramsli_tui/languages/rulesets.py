"""Babel's extractor of the bundled rulesets' descriptions (``rulesets/*.yaml`` and
``rulesets/rami/*.yaml``), registered in ``pyproject.toml``'s mapping: each ``description``
goes into ``messages.pot`` with a ``# TRANSLATORS:`` comment naming its ruleset, so that
a bundled ruleset's description is said in the reader's language
(``games.rulesets.said_description``).  A person's own rulesets are not extracted, and
their descriptions are never looked up.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO, Any, Collection, Iterator, Mapping

import yaml

COMMENT = ("TRANSLATORS: the description of the bundled ruleset '{ruleset}' ({file}), shown in `ramsli rules list`, "
           "in the setup and in the rules help: one sentence")


def extract_descriptions(fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str],
                         options: Mapping[str, Any]) -> Iterator[tuple[int, None, str, list[str]]]:
    """The ``description`` of the ruleset file ``fileobj``, as Babel's extractors give a
    text: (its line, no function, the text, the comment for the translator)."""
    node = yaml.compose(fileobj.read().decode("utf-8"), Loader=yaml.SafeLoader)
    if not isinstance(node, yaml.MappingNode):
        return
    keys = {key.value: value for key, value in node.value if isinstance(key, yaml.ScalarNode)}
    description = keys.get("description")
    if isinstance(description, yaml.ScalarNode) and description.value:
        file = Path(os.path.relpath(getattr(fileobj, "name", "")))  # from the checkout, where the catalogue is made
        name = keys["name"].value if "name" in keys else file.stem
        yield description.start_mark.line + 1, None, description.value, [COMMENT.format(ruleset=name, file=file.as_posix())]
