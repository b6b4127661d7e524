"""The player's settings: the language, theme, card faces, pace, how the table plays,
and the last choices made in setup (the game among them).

They live in ``settings.yaml`` in the user's config folder, where a player may also
edit them; a value that cannot be used keeps its default and is reported by line and
key, an unknown key is left out with a "did you mean".
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

import yaml

from ..games import GAMES
from ..languages import LANGUAGES, N_, _
from ..languages.words import Words, said
from ..languages.lists import either
from ..yamlfile import NotPlain, did_you_mean, is_int, mapping_entries, parse_node, plain_value, shown_value

FACES = ("french", "german")
TRICK_PAUSES = ("timed", "until_key")  # a finished trick shows about a second, or until a key is pressed
TURN_ALERTS = ("off", "bell", "flash")  # what tells the person it has become their turn
CHOICES = {  # the settings of a few words
    "faces": FACES, "trick_pause": TRICK_PAUSES, "turn_alert": TURN_ALERTS, "game": tuple(GAMES),
    "language": tuple(LANGUAGES),
}
UNSET = ("language",)  # settings whose default, None, means "as the system says": never written
# How a person likes the table: what a server keeps by their name from one session to the
# next (its language apart: it chooses the app's before it starts; net/store.py).
PERSONAL = ("theme", "faces", "bot_delay", "trick_pause", "second_click", "turn_alert", "hints", "motion")
NO_NAME = N_("You")  # the person's name when they gave none, said in their language (person_name)
MAX_TEXT = 100  # the longest name, theme or ruleset a setting may hold


@dataclass(frozen=True)
class Opponent:
    name: str
    strength: str


DEFAULT_OPPONENTS = (
    Opponent("Anna", ""), Opponent("Bertl", ""), Opponent("Carlo", ""), Opponent("Dora", ""), Opponent("Emil", ""),
)


@dataclass
class Settings:
    """The player's choices, remembered.  An empty strength means "the default one"; no
    language, the one the system's environment names."""

    language: str | None = None
    theme: str = "green-felt"
    faces: str = "french"
    bot_delay: float = 0.6
    trick_pause: str = "timed"
    second_click: bool = False  # a card is played on a second click (or Enter), not the first
    turn_alert: str = "off"
    hints: bool = False  # a hint is offered when playing alone against computer players
    motion: bool = True  # cards slide and chips count across (where the terminal's animation level allows)
    game: str = "ramsli"  # the game chosen last in setup: one of ``games.GAMES``
    ruleset: str = "classic"
    players: int = 4
    name: str = NO_NAME
    opponents: list[Opponent] = field(default_factory=lambda: list(DEFAULT_OPPONENTS))
    starting_chips: int | None = None
    seed: int | None = None

    def personal(self) -> dict[str, Any]:
        """The settings of ``PERSONAL``, by name."""
        return {name: getattr(self, name) for name in PERSONAL}

    def with_personal(self, values: dict[str, Any]) -> Settings:
        """These settings, with each of ``PERSONAL`` that ``values`` gives and may be."""
        for name in PERSONAL:
            if name in values:
                _set_checked(self, name, values[name])
        return self

    def to_yaml(self) -> str:
        data = {key: value for key, value in asdict(self).items() if not (key in UNSET and value is None)}
        return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)

    @classmethod
    def read(cls, text: str, source: str = "settings.yaml") -> tuple[Settings, list[tuple[int, str]]]:
        """Settings from YAML, and (line, what) for each thing in it that could not be used:
        a wrong value keeps its default, an unknown key is left out."""
        node = parse_node(text, source)
        if node is None:
            return cls(), []
        if not isinstance(node, yaml.MappingNode):
            raise ValueError(Words(N_("it is not a mapping of settings")))
        settings = cls()
        problems = []
        known = [item.name for item in fields(cls)]
        for entry in mapping_entries(node, source):
            key, line = entry.key, entry.line
            if key not in known:
                problems.append((line, _("unknown setting {setting}{did_you_mean} is left out").format(
                    setting=said(shown_value(key)), did_you_mean=said(did_you_mean(key, known)))))
                continue
            try:
                value = plain_value(entry.node)
            except NotPlain as error:
                problems.append((error.line, _("{setting}: {problem}; the default is used").format(
                    setting=key, problem=error.what.said())))
                continue
            if key == "opponents":
                settings.opponents = _opponents(value)
            elif not _set_checked(settings, key, value):
                problems.append((line, _cannot_be(key, value, getattr(settings, key))))
        return settings, problems


def _cannot_be(name: str, value: Any, default: Any) -> str:
    """Why setting ``name`` cannot be ``value``, and what is used instead: where it is one
    of a few values, which ("only 'a' or 'b'")."""
    allowed = CHOICES.get(name, (False, True) if isinstance(default, bool) else ())
    values = {"setting": name, "value": said(shown_value(value)), "default": said(shown_value(default))}
    if not allowed:
        return _("{setting} cannot be {value}; {default} is used").format(**values)
    if name in UNSET:
        return _("{setting} cannot be {value}, only {allowed}; the system's is used").format(
            setting=name, value=values["value"], allowed=either([said(shown_value(value)) for value in allowed]))
    return _("{setting} cannot be {value}, only {allowed}; {default} is used").format(
        allowed=either([said(shown_value(value)) for value in allowed]), **values)


def _opponents(entries: Any) -> list[Opponent]:
    """The computer players named in settings, each seat's default where one says nothing."""
    if not isinstance(entries, list):
        return list(DEFAULT_OPPONENTS)
    chosen = [
        Opponent(_text_or(entry.get("name"), default.name), _text_or(entry.get("strength"), ""))
        for entry, default in zip(entries, DEFAULT_OPPONENTS)
        if isinstance(entry, dict)
    ]
    return chosen + list(DEFAULT_OPPONENTS[len(chosen):])


def _text_or(value: Any, default: str) -> str:
    """``value`` if it is a short line of printable text, else ``default``."""
    return value if isinstance(value, str) and value and _is_printable_line(value) else default


def _is_printable_line(text: str) -> bool:
    return len(text) <= MAX_TEXT and text.isprintable()


def _set_checked(settings: Settings, name: str, value: Any) -> bool:
    """Take ``value`` for setting ``name`` if it has the right shape, and say whether it
    did; otherwise the default stays."""
    default = getattr(settings, name)
    if name in ("starting_chips", "seed"):
        ok = value is None or is_int(value)
    elif name in CHOICES:
        ok = value in CHOICES[name] or (name in UNSET and value is None)
    elif isinstance(default, bool):
        ok = isinstance(value, bool)
    elif isinstance(default, float):
        ok = (is_int(value) or isinstance(value, float)) and 0 <= value <= 5
    elif isinstance(default, int):
        ok = is_int(value)
    else:
        ok = isinstance(value, str) and bool(value) and _is_printable_line(value)
    if ok:
        setattr(settings, name, float(value) if isinstance(default, float) else value)
    return ok


