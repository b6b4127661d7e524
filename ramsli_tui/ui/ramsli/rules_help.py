"""Ramsli's rules as played under the current ruleset, its house rules spelled out, in
Markdown for the rules screen (``ui.common.rules_help``).

Each paragraph is one text of the catalogue, so that each language's rules help is
written from the rules and the source texts in that language, a paragraph at a time,
rather than a sentence translated at a time."""

from __future__ import annotations

from ...games.ramsli.house_rules import NAP_TARGETS, Ruleset
from ...games.rulesets import said_description
from ...languages import _, ngettext


def rules_markdown(rules: Ruleset) -> str:
    """The rules in a player's words, following the ruleset's choices."""
    parts = [
        # TRANSLATORS: the rules help's title; {rules} the ruleset's name
        _("# Ramsli — {rules}").format(rules=rules.name),
        said_description(rules),
        _("## This table's house rules"),
        *(f"- {line}" for line in rules.house_rules()),
        _("## The deal"),
        deal(rules),
        _("## In or out"),
        in_or_out(rules),
        *general_rams(rules),
        *nap(rules),
        _("## Playing a trick"),
        _("- You **must follow suit** if you can."),
        _("- If you cannot, you **must trump** if you can."),
        _("- Whenever you play a trump, you **must beat** every trump already in the trick if you can."),
    ]
    if rules.must_head:
        parts.append(_("- Following a plain suit, you must play higher than the best card of that suit in the trick."))
    parts += [
        _("- Otherwise play any card; it cannot win."),
        _("- The highest trump wins the trick, or else the highest card of the suit led. The winner leads next."),
        "",
        _("The app never lets you play a card against these rules: it marks the cards you may play and, if you "
          "try another, says why."),
        _("## Settling"),
        settling(rules),
        _("## The end"),
        *the_end(rules),
        keys(rules),
    ]
    return "\n\n".join(part for part in parts if part is not None)


def deal(rules: Ruleset) -> str:
    """The deck, the ante, the deal and the turn-up."""
    if rules.deck == "piquet32":
        deck = _("32 cards, 7 up to ace")
    else:
        deck = _("52 cards, 2 up to ace")
    if rules.jokers:
        # TRANSLATORS: {deck} "32 cards, 7 up to ace" or "52 cards, 2 up to ace"
        deck = _("{deck}, and two jokers (Big above Little above the ace of trumps) that are always trumps").format(
            deck=deck)
    # TRANSLATORS: a paragraph of the rules help; {deck} the cards ("32 cards, 7 up to ace"), {ante} a number
    # of chips, {packets} the packets of the deal ("3 then 2"); write it as the rules say it in your language
    return _("The deck has {deck}. Aces are high and cards carry no points: only tricks count. "
             "Before each hand everyone pays an ante of {ante} into the pot. The dealer gives five "
             "cards each, in packets of {packets}, and turns up the next card: its suit is **trump** for the "
             "hand. The turn-up stays on the table and is never played. The deal passes to the left each hand."
             ).format(deck=deck, ante=rules.ante, packets=packets(rules))


def packets(rules: Ruleset) -> str:
    """The packets of the deal: "3 then 2"."""
    sizes = [str(size) for size in rules.packets]
    text = sizes[0]
    for size in sizes[1:]:
        # TRANSLATORS: the packets of the deal, one after the other ("3 then 2")
        text = _("{first} then {next}").format(first=text, next=size)
    return text


def in_or_out(rules: Ruleset) -> str:
    """The declarations: who may go out, and what happens when everyone does."""
    if rules.obligatory:
        return _("Nobody may go out: everyone plays every hand.")
    if rules.dealer_forced:
        return _("Starting left of the dealer, each player says **in** (i) or **out** (o); the dealer speaks last. "
                 "If everyone before the dealer is out, the dealer must play. "
                 "A player who is alone in takes the whole pot without play.")
    return _("Starting left of the dealer, each player says **in** (i) or **out** (o); the dealer speaks last. "
             "If everyone is out, nobody plays and the pot carries over. "
             "A player who is alone in takes the whole pot without play.")


def general_rams(rules: Ruleset) -> list[str]:
    """General Rams, where the rules allow it."""
    if not rules.general_rams:
        return []
    if rules.general_rams_failure == "triple_bete":
        failing = _("After the declarations, the players who are in may each announce **General Rams** (g) — "
                    "to take all five tricks — or pass (p). The announcer leads. Making it, the others together pay "
                    "twice the pot into it and the announcer takes it all; failing, the announcer pays three times "
                    "the bete into the next pot, and the others share this pot by tricks.")
    else:
        failing = _("After the declarations, the players who are in may each announce **General Rams** (g) — "
                    "to take all five tricks — or pass (p). The announcer leads. Making it, the others together pay "
                    "twice the pot into it and the announcer takes it all; failing, the announcer pays three times "
                    "the pot into the next pot, and the others share this pot by tricks.")
    return [_("## General Rams"), failing]


def nap(rules: Ruleset) -> list[str]:
    """The Nap targets, where the rules allow them."""
    if not rules.nap:
        return []
    table = ", ".join(f"{target}: +{rules.nap_bonus[target]} / −{rules.nap_penalty[target]}" for target in NAP_TARGETS)
    # TRANSLATORS: {table} each target with its bonus and penalty ("2: +1 / −1, 3: +2 / −2, …")
    paragraph = _("After the declarations, the players who are in may each bid a **Nap target** of 2 to 5 tricks "
                  "(keys 2–5), higher than any bid before, or pass (p). The highest bidder leads. Making the target "
                  "collects the bonus from each other player; missing it pays the penalty to each. "
                  "Bonus / penalty per player: {table}.").format(table=table)
    return [_("## Nap targets"), paragraph]


def settling(rules: Ruleset) -> str:
    """Who takes the pot, and what a bete costs."""
    if rules.bete == "pot":
        bete = _("the whole pot")
    else:
        bete = ngettext("{count} chip", "{count} chips", rules.bete).format(count=rules.bete)
    if rules.bete_multiplier != 1:
        # TRANSLATORS: the bete made larger ("5 chips, times 2")
        bete = _("{bete}, times {times}").format(bete=bete, times=rules.bete_multiplier)
    # TRANSLATORS: {bete} what a bete pays ("5 chips", "the whole pot")
    return _("The player with the most tricks takes the pot; players tied for most share it, and the odd chips "
             "stay for the next hand. Every player who was in and took no trick is **bete** and pays {bete} into "
             "the next pot.").format(bete=bete)


def the_end(rules: Ruleset) -> list[str]:
    """How the session ends."""
    parts = []
    if rules.target:
        parts.append(_("The first player to reach {target} chips, alone in the lead, wins the session.").format(
            target=rules.target))
    if rules.on_bust == "end":
        parts.append(_("When a player cannot pay the ante, the session ends and the largest stack wins."))
    else:
        parts.append(_("A player who cannot pay the ante leaves the table; play goes on while enough players "
                       "remain, and the largest stack wins."))
    if rules.max_hands:
        parts.append(_("The session stops after {count} hands; the largest stack wins.").format(count=rules.max_hands))
    return parts


def keys(rules: Ruleset) -> str:
    """The keys of the table, in one line."""
    # TRANSLATORS: the keys of the table, each after its key, at the end of the rules help
    keys = [_("i/o in or out")] if not rules.obligatory else []
    if rules.general_rams:
        keys.append(_("g General Rams, p pass"))
    if rules.nap:
        keys.append(_("2–5 a Nap target, p pass"))
    keys += [_("1–5 or ←/→ and Enter to play"), _("h history"), _("s scores"), _("? these rules"), _("f2 settings"),
             _("q quit")]
    # TRANSLATORS: {keys} the keys, joined by " · "
    return "\n" + _("*Keys: {keys}.*").format(keys=" · ".join(keys))
