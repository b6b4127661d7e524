"""The ruleset files both games read (``games.rulesets``), for a game of its own made up
here: the base rules with each file's keys, ``extends``, the folders, the game's own words
in every message, ``game:``, the count after too many problems, the keys checked together."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from ramsli_tui.games.rulesets import RulesetFiles, RulesetWords, Where, bundled_field, plain_text
from ramsli_tui.languages.words import Words
from ramsli_tui.yamlfile import is_int
from ramsli_tui.yamlfile import FileProblem


@dataclass(frozen=True)
class Dice:
    name: str = "plain"
    description: str = ""
    sides: int = 6
    dice: int = 1
    bundled: bool = bundled_field()


class DiceError(FileProblem):
    """A dice ruleset that cannot be used."""


def whole_above_one(value, where: Where, base: Dice) -> int:
    if not is_int(value) or value < 2:
        raise where.fail("{where}: {key} must be a whole number above 1, not {value}", value)
    return value


def no_more_dice_than_sides(rules: Dice, source: str, entries) -> None:
    if rules.dice > rules.sides:
        line = next(entry.line for entry in entries if entry.key in ("dice", "sides"))
        raise DiceError(f"{source}:{line}: more dice than sides")


CHECKS = {"name": plain_text, "description": plain_text, "sides": whole_above_one, "dice": whole_above_one}


@pytest.fixture
def folders(tmp_path):
    bundled, own = tmp_path / "bundled", tmp_path / "own"
    bundled.mkdir()
    own.mkdir()
    return bundled, own


DICE_WORDS = RulesetWords(
    unknown="unknown dice ruleset {name}{did_you_mean}; known dice rulesets: {known}",
    extends_must_name="{where}: extends must name a dice ruleset, not {value}",
    must_say_game="{where}: a dice ruleset must say 'game: {game}'",
    game_must_be="{where}: game must be '{game}' in a dice ruleset, not {value}",
)


def dice_files(folders, **options) -> RulesetFiles:
    return RulesetFiles(problem=DiceError, base=Dice(), checks=CHECKS, folders=lambda: folders,
                        called="dice ruleset", words=DICE_WORDS, example="sides: 6", **options)


def write(folder, name: str, text: str):
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def problem_of(files: RulesetFiles, name_or_path: str) -> DiceError:
    with pytest.raises(DiceError) as raised:
        files.load(name_or_path)
    return raised.value


def test_a_file_is_the_base_rules_with_its_keys_and_every_key_it_extends(folders):
    bundled, own = folders
    write(bundled, "big.yaml", "sides: 20\ndice: 3\ndescription: Big.\n")
    write(own, "mine.yaml", "extends: big\ndice: 2\n")
    assert dice_files(folders).load("mine") == Dice(name="mine", description="", sides=20, dice=2)
    assert dice_files(folders).load("big") == Dice(name="big", description="Big.", sides=20, dice=3)


def test_the_players_own_folder_wins_a_clash_and_is_looked_in_at_every_look_up(folders):
    bundled, own = folders
    files = dice_files(folders)
    write(bundled, "d8.yaml", "sides: 8\n")
    assert files.load("d8").sides == 8
    write(own, "d8.yaml", "sides: 10\n")
    write(own, "d12.yaml", "sides: 12\n")
    assert files.available() == {"d8": own / "d8.yaml", "d12": own / "d12.yaml"}
    assert files.load("d8").sides == 10


def test_the_messages_call_the_rulesets_as_the_game_does(folders, tmp_path):
    bundled, _ = folders
    write(bundled, "d6.yaml", "")
    write(bundled, "d8.yaml", "sides: 8\n")
    files = dice_files(folders)
    assert str(problem_of(files, "dd8")) == "unknown dice ruleset 'dd8' (did you mean 'd8'?); known dice rulesets: d6, d8"
    path = write(tmp_path, "bad.yaml", "sides: 8\nextends: 3\n")
    assert str(problem_of(files, str(path))) == f"{path}:2: extends must name a dice ruleset, not 3"
    path = write(tmp_path, "list.yaml", "- 6\n")
    assert str(problem_of(files, str(path))) == f"{path}:1: a ruleset must be a mapping of keys to values (like 'sides: 6')"


def test_a_game_named_must_be_said_by_each_file_but_not_by_an_inline_mapping(folders, tmp_path):
    files = dice_files(folders, game="dice")
    assert str(problem_of(files, str(write(tmp_path, "none.yaml", "sides: 8\n")))) == \
        f"{tmp_path / 'none.yaml'}:1: a dice ruleset must say 'game: dice'"
    assert str(problem_of(files, str(write(tmp_path, "other.yaml", "sides: 8\ngame: cards\n")))) == \
        f"{tmp_path / 'other.yaml'}:2: game must be 'dice' in a dice ruleset, not 'cards'"
    assert str(problem_of(files, str(write(tmp_path, "typo.yaml", "game: dice\ngmae: dice\n")))) == \
        f"{tmp_path / 'typo.yaml'}:2: unknown key 'gmae' (did you mean 'game'?)"
    assert files.load(str(write(tmp_path, "ok.yaml", "game: dice\nsides: 4\n"))).sides == 4
    inline = files.from_node(None, "record.yaml", "inline", [tmp_path])
    assert inline == Dice(name="inline")
    assert str(problem_of(dice_files(folders), str(tmp_path / "ok.yaml"))) == \
        f"{tmp_path / 'ok.yaml'}:1: unknown key 'game' (did you mean 'name'?)"


def test_after_too_many_problems_the_rest_are_counted_in_the_games_words(folders, tmp_path):
    path = write(tmp_path, "many.yaml", "".join(f"key{number}: 1\n" for number in range(25)))
    problems = problem_of(dice_files(folders, more_problems=lambda source, line, more: Words(f"{source}:{line}: {more} more")), str(path)).problems
    assert len(problems) == 21
    assert problems[0] == f"{path}:1: unknown key 'key0'" and problems[-1] == f"{path}:21: 5 more"


def test_the_keys_are_checked_together_once_each_is_right(folders, tmp_path):
    files = dice_files(folders, check_whole=no_more_dice_than_sides)
    path = write(tmp_path, "odd.yaml", "name: odd\ndice: 8\n")
    assert str(problem_of(files, str(path))) == f"{path}:2: more dice than sides"
    path = write(tmp_path, "wrong.yaml", "dice: 2\nsides: 1\n")
    assert str(problem_of(files, str(path))) == f"{path}:2: sides must be a whole number above 1, not 1"


def test_a_whole_number_is_an_int_that_is_not_true_or_false():
    assert [is_int(value) for value in (3, 0, -2, True, False, 3.0, "3", None)] == [
        True, True, True, False, False, False, False, False,
    ]
