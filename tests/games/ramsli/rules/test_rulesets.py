"""Rulesets: the bundled files, YAML loading with file:line:key errors, extends, user folder."""

from __future__ import annotations

import textwrap

import pytest

from ramsli_tui.games.ramsli import house_rules
from ramsli_tui.games.ramsli.house_rules import CLASSIC, RULESET_KEYS, PlayerLimits, RulesetError

BUNDLED = [
    "classic", "scored-30", "scored-50", "bete-pot", "double-penalty", "obligatory",
    "general-rams", "jokers", "modern-52", "rounce", "nap",
]


def write(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return path


def load_error(path) -> str:
    with pytest.raises(RulesetError) as raised:
        house_rules.load_file(path)
    return str(raised.value)


def test_every_named_ruleset_is_bundled_with_a_name_and_a_one_line_description():
    available = house_rules.available()
    for name in BUNDLED:
        ruleset = house_rules.load(name)
        assert ruleset.name == name
        assert ruleset.description and "\n" not in ruleset.description
        assert available[name].parent == house_rules.bundled_dir()


@pytest.mark.parametrize(
    "name, differences",
    [
        ("classic", {}),
        ("scored-30", {"target": 30}),
        ("scored-50", {"target": 50}),
        ("bete-pot", {"bete": "pot"}),
        ("double-penalty", {"bete_multiplier": 2}),
        ("obligatory", {"obligatory": True}),
        ("general-rams", {"general_rams": True}),
        ("jokers", {"jokers": True}),
        ("modern-52", {"deck": "standard52"}),
        ("rounce", {"deck": "standard52", "bete": 10, "general_rams": False}),
        ("nap", {"nap": True}),
    ],
)
def test_named_rulesets_differ_from_classic_exactly_as_the_spec_says(name, differences):
    ruleset = house_rules.load(name)
    resolved = ruleset.as_yaml_dict()
    classic = CLASSIC.as_yaml_dict()
    changed = {key: resolved[key] for key in RULESET_KEYS if key not in ("name", "description") and resolved[key] != classic[key]}
    expected = {key: value for key, value in differences.items() if value != classic[key]}
    assert changed == expected


def test_classic_defaults_match_the_ruleset_keys_table():
    assert CLASSIC.deck == "piquet32" and CLASSIC.jokers is False
    assert CLASSIC.players == PlayerLimits(3, 6)
    assert CLASSIC.ante == 1 and CLASSIC.packets == (3, 2)
    assert CLASSIC.dealer_forced is True and CLASSIC.obligatory is False and CLASSIC.must_head is False
    assert CLASSIC.bete == 5 and CLASSIC.bete_multiplier == 1
    assert CLASSIC.general_rams is False and CLASSIC.general_rams_failure == "triple_bete"
    assert CLASSIC.nap is False
    assert dict(CLASSIC.nap_bonus) == {2: 2, 3: 3, 4: 4, 5: 10}
    assert dict(CLASSIC.nap_penalty) == {2: 2, 3: 3, 4: 4, 5: 5}
    assert CLASSIC.starting_chips == 20 and CLASSIC.target is None
    assert CLASSIC.on_bust == "end" and CLASSIC.max_hands is None


def test_an_empty_file_is_classic(tmp_path):
    ruleset = house_rules.load_file(write(tmp_path, "empty.yaml", ""))
    assert ruleset.as_yaml_dict() | {"name": "classic", "description": ""} == CLASSIC.as_yaml_dict() | {"description": ""}


def test_every_key_can_be_set(tmp_path):
    path = write(tmp_path, "all.yaml", """
        name: everything
        description: every key
        deck: standard52
        jokers: true
        players: {min: 2, max: 5}
        ante: 2
        packets: [2, 3]
        dealer_forced: false
        obligatory: false
        must_head: true
        bete: pot
        bete_multiplier: 2
        general_rams: false
        general_rams_failure: triple_pot
        nap: true
        nap_bonus: {5: 12}
        nap_penalty: {2: 1, 3: 2, 4: 3, 5: 4}
        starting_chips: 40
        target: 50
        on_bust: eliminate
        max_hands: 30
    """)
    ruleset = house_rules.load_file(path)
    assert ruleset.name == "everything" and ruleset.deck == "standard52" and ruleset.jokers
    assert ruleset.players == PlayerLimits(2, 5) and ruleset.packets == (2, 3)
    assert ruleset.bete == "pot" and ruleset.bete_in_force(7) == 14
    assert dict(ruleset.nap_bonus) == {2: 2, 3: 3, 4: 4, 5: 12}
    assert dict(ruleset.nap_penalty) == {2: 1, 3: 2, 4: 3, 5: 4}
    assert (ruleset.starting_chips, ruleset.target, ruleset.on_bust, ruleset.max_hands) == (40, 50, "eliminate", 30)
    assert len(ruleset.cards()) == 54


def test_the_error_names_file_line_and_key_in_one_sentence(tmp_path):
    path = write(tmp_path, "mine.yaml", """
        name: mine
        ante: 2
        # a comment
        bete: lots
    """)
    assert load_error(path) == f"{path}:4: bete must be a number of chips or 'pot', not 'lots'"


def test_unknown_keys_are_errors_with_a_suggestion(tmp_path):
    path = write(tmp_path, "typo.yaml", "ante: 1\nbet: 5\n")
    assert load_error(path) == f"{path}:2: unknown key 'bet' (did you mean 'bete'?)"
    path = write(tmp_path, "far.yaml", "colour: red\n")
    assert load_error(path) == f"{path}:1: unknown key 'colour'"


@pytest.mark.parametrize(
    "text, expected",
    [
        ("deck: pinochle", "deck must be 'piquet32' or 'standard52', not 'pinochle'"),
        ("jokers: maybe", "jokers must be true or false, not 'maybe'"),
        ("ante: -1", "ante must be a whole number of chips (0 or more), not -1"),
        ("ante: 1.5", "ante must be a whole number of chips (0 or more), not 1.5"),
        ("ante: true", "ante must be a whole number of chips (0 or more), not true"),
        ("packets: [3, 3]", "packets must be a list of packet sizes above 0 that add up to 5, like [3, 2], not [3, 3]"),
        ("packets: [5, 0]", "packets must be a list of packet sizes above 0 that add up to 5, like [3, 2], not [5, 0]"),
        ("players: {min: 1, max: 6}", "players must have 2 <= min <= max <= 6, not {max: 6, min: 1}"),
        ("players: {min: 5, max: 4}", "players must have 2 <= min <= max <= 6, not {max: 4, min: 5}"),
        ("players: 4", "players must be a mapping like {min: 3, max: 6}, not 4"),
        ("bete: -2", "bete must be a number of chips or 'pot', not -2"),
        ("general_rams_failure: double", "general_rams_failure must be 'triple_bete' or 'triple_pot', not 'double'"),
        ("nap_bonus: {6: 1}", "nap_bonus can only have the targets 2, 3, 4 and 5, not 6"),
        ("nap_penalty: {3: -1}", "nap_penalty [3] must be a number of chips (0 or more), not -1"),
        ("starting_chips: 0", "starting_chips must be a whole number of chips above 0, not 0"),
        ("target: 0", "target must be a whole number above 0 or null (for none), not 0"),
        ("on_bust: leave", "on_bust must be 'end' or 'eliminate', not 'leave'"),
        ("max_hands: many", "max_hands must be a whole number above 0 or null (for none), not 'many'"),
    ],
)
def test_wrong_values_are_refused_in_words(tmp_path, text, expected):
    path = write(tmp_path, "bad.yaml", "name: bad\n" + text + "\n")
    assert load_error(path) == f"{path}:2: {expected}"


def test_nap_and_general_rams_cannot_both_be_on(tmp_path):
    path = write(tmp_path, "both.yaml", "general_rams: true\nnap: true\n")
    assert load_error(path) == f"{path}:2: nap: nap and general_rams cannot both be on"


def test_a_key_given_twice_is_an_error(tmp_path):
    path = write(tmp_path, "twice.yaml", "ante: 1\nante: 2\n")
    assert load_error(path) == f"{path}:2: 'ante' is given twice"


def test_broken_yaml_names_the_line(tmp_path):
    path = write(tmp_path, "broken.yaml", "ante: 1\nbete: [5\nnap: true\n")
    message = load_error(path)
    assert message.startswith(f"{path}:") and "this is not valid YAML" in message


def test_a_ruleset_must_be_a_mapping(tmp_path):
    path = write(tmp_path, "list.yaml", "- ante\n- bete\n")
    assert load_error(path) == f"{path}:1: a ruleset must be a mapping of keys to values (like 'ante: 2')"


def test_unsafe_yaml_tags_are_refused(tmp_path):
    path = write(tmp_path, "unsafe.yaml", "ante: !!python/object/apply:os.system ['echo hi']\n")
    assert load_error(path) == (
        f"{path}:1: ante: tag:yaml.org,2002:python/object/apply:os.system is not allowed here: only plain YAML values"
    )


def test_extends_starts_from_another_ruleset(tmp_path):
    path = write(tmp_path, "mine.yaml", "extends: general-rams\nbete: 7\n")
    ruleset = house_rules.load_file(path)
    assert ruleset.general_rams and ruleset.bete == 7 and ruleset.name == "mine"


def test_extends_finds_a_file_beside_the_ruleset(tmp_path):
    write(tmp_path, "base.yaml", "ante: 3\n")
    ruleset = house_rules.load_file(write(tmp_path, "child.yaml", "extends: base.yaml\ntarget: 30\n"))
    assert (ruleset.ante, ruleset.target) == (3, 30)


def test_extends_an_unknown_ruleset_is_an_error(tmp_path):
    path = write(tmp_path, "orphan.yaml", "ante: 1\nextends: clasic\n")
    message = load_error(path)
    assert message.startswith(f"{path}:2: extends: unknown ruleset 'clasic' (did you mean 'classic'?)")


def test_extends_in_a_circle_is_an_error(tmp_path):
    write(tmp_path, "a.yaml", "extends: b.yaml\n")
    path = write(tmp_path, "b.yaml", "extends: a.yaml\n")
    assert "goes round in a circle" in load_error(path)


def test_the_users_own_rulesets_are_found_by_name(tmp_path, monkeypatch):
    own = tmp_path / "config" / "rulesets"
    own.mkdir(parents=True)
    (own / "friday.yaml").write_text("description: Friday nights\nante: 2\n", encoding="utf-8")
    monkeypatch.setattr(house_rules, "user_dir", lambda: own)
    assert house_rules.available()["friday"] == own / "friday.yaml"
    assert house_rules.load("friday").ante == 2


def test_an_unknown_ruleset_name_says_what_exists():
    with pytest.raises(RulesetError, match=r"unknown ruleset 'rounse' \(did you mean 'rounce'\?\); known rulesets: "):
        house_rules.load("rounse")


def test_a_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(RulesetError, match="no such ruleset file"):
        house_rules.load(str(tmp_path / "nowhere.yaml"))


def test_rulesets_are_frozen_and_hashable():
    ruleset = house_rules.load("nap")
    with pytest.raises(AttributeError):
        ruleset.ante = 3  # type: ignore[misc]
    assert hash(ruleset) == hash(house_rules.load("nap"))


def test_house_rules_spell_out_the_variants():
    text = "\n".join(house_rules.load("general-rams").house_rules())
    assert "General Rams allowed" in text
    assert "Nap targets" in "\n".join(house_rules.load("nap").house_rules())
    assert "everyone plays" in "\n".join(house_rules.load("obligatory").house_rules())
