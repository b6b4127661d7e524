"""What a table tells everyone at it ("Mia took too long…", "Mia and Zoë took too long
over the result…") is ``Words``: at a served table the people at it read different
languages, so each app says it in its own; the JSON players and the log read its English."""

from __future__ import annotations

import asyncio

from ramsli_tui.languages import use_language
from ramsli_tui.languages.words import Words
from ramsli_tui.table.client import LocalClient
from ramsli_tui.table.spec import GameSpec, SeatSpec
from ramsli_tui.table.table import Table

from tests.table.test_table import FirstLegal, two_people_two_computers


async def timed_out_table(ruleset) -> tuple[list, list]:
    """A hand where nobody at seat 0 ever acts or reads: what the table says, as it says
    it (to the hub) and as seat 0's own client in this process passes it on."""
    spec = GameSpec("ramsli", ruleset, 3, (SeatSpec.person("Íñigo"), *two_people_two_computers().seats[1:2],
                                           SeatSpec.computer("Carlo", "normal")))
    table = Table.for_spec(spec)
    table.seats[0].time_limit = 0.01
    table.stand_in = FirstLegal
    told, passed_on = [], []
    table.listen(None, lambda update: None, told.append)
    LocalClient(table, 0).subscribe(lambda update: None, passed_on.append)
    await asyncio.wait_for(table.run(), 30)
    return told, passed_on


async def test_a_tables_notice_keeps_its_words_for_each_reader_to_say_in_their_language(one_hand):
    use_language("fr")
    told, passed_on = await timed_out_table(one_hand)
    took_too_long = next(notice for notice in told if notice.startswith("Íñigo took too long:"))
    assert isinstance(took_too_long, Words)
    assert str(took_too_long) == "Íñigo took too long: a computer player acted for them."
    assert took_too_long.said_in("de").startswith("Íñigo hat zu lange")
    assert "Íñigo a mis trop de temps : un joueur ordinateur a joué à sa place." in passed_on, passed_on
    assert not any("took too long" in notice for notice in passed_on), "this process speaks French"


def test_names_joined_for_every_reader_take_each_languages_and():
    from ramsli_tui.languages.lists import names_and_words

    both = names_and_words(["Anna", "Inés"])
    assert str(both) == "Anna and Inés"
    assert (both.said_in("es"), both.said_in("de"), both.said_in("fr")) == ("Anna e Inés", "Anna und Inés", "Anna et Inés")
