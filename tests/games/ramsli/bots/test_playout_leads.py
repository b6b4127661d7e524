"""The playout's leads (``worlds.unbeatable_leads``): the cards nobody else at the table
could beat were they led, worked out suit by suit on masks, are exactly those that
``can_beat`` clears one holding and one card at a time, whatever the trumps (jokers
among them) and however the cards lie."""

from hypothesis import given, settings
from hypothesis import strategies as st

from ramsli_tui.cards import JOKERS_MASK, SUIT_MASKS, Suit, mask_of, parse_cards
from ramsli_tui.games.ramsli.bots.inference import SUIT_MASK_OF, cards_of
from ramsli_tui.games.ramsli.bots.worlds import can_beat, unbeatable_leads

PLAIN = [suit for suit in Suit if suit != Suit.JOKER]


def one_by_one(cards: int, others: list[int], trump_mask: int) -> int:
    """The cards no holding of ``others`` could beat, asked card by card."""
    sure = 0
    for card in cards_of(cards):
        lead_mask = trump_mask if (trump_mask >> card) & 1 else SUIT_MASK_OF[card]
        if not any(can_beat(holding, card, lead_mask, trump_mask) for holding in others):
            sure |= 1 << card
    return sure


@st.composite
def tables(draw):
    jokers = draw(st.booleans())
    trump_mask = SUIT_MASKS[draw(st.sampled_from(PLAIN))] | (JOKERS_MASK if jokers else 0)
    deck = list(range(54 if jokers else 52))
    cards = draw(st.permutations(deck))
    sizes = draw(st.lists(st.integers(0, 5), min_size=1, max_size=6))
    holdings, at = [], 0
    for size in sizes:
        holding = 0
        for card in cards[at: at + size]:
            holding |= 1 << card
        holdings.append(holding)
        at += size
    return holdings[0], holdings[1:], trump_mask


@settings(max_examples=400, deadline=None)
@given(tables())
def test_the_unbeatable_leads_are_those_no_other_holding_could_beat(table):
    cards, others, trump_mask = table
    assert unbeatable_leads(cards, others, trump_mask) == one_by_one(cards, others, trump_mask)


def test_a_side_ace_is_sure_but_not_against_a_void_with_a_trump():
    hearts = SUIT_MASKS[Suit.HEARTS]
    ace = mask_of(parse_cards("AS"))
    assert unbeatable_leads(ace, [mask_of(parse_cards("7C"))], hearts) == ace
    assert unbeatable_leads(ace, [mask_of(parse_cards("7C 7H"))], hearts) == 0
    assert unbeatable_leads(ace | mask_of(parse_cards("QS")), [mask_of(parse_cards("KS"))], hearts) == ace
