"""Rami Simple's rules in plain words, with this table's house rules, in Markdown for the
rules screen (``ui.common.rules_help``), in the person's language: each paragraph is
one text, written in each language from the rules' own sources, not word for word."""

from __future__ import annotations

from ...games.rami.house_rules import RamiRules
from ...games.rulesets import said_description
from ...languages import _, ngettext


def rules_markdown(rules: RamiRules) -> str:
    return "\n\n".join([
        # TRANSLATORS: the rules help of Rami Simple, in Markdown, a text a paragraph: write each in the terms
        # of your language's Rami (or rummy) players, from the rules' French source, not word for word.
        # {ruleset} is the ruleset's name.
        _("# Rami Simple — {ruleset}").format(ruleset=rules.name),
        said_description(rules),
        _("## This table's house rules"),
        *(f"- {line}" for line in rules.house_rules()),
        _("## The cards and the deal"),
        _("Two 52-card decks and four jokers: 108 cards. One against one, or two against two with partners "
          "sitting opposite. Everyone gets 13 cards and the dealer 14; the rest is the **talon**, face down. "
          "The discard pile is the **jetée**. The deal passes to the left each hand."),
        _("## Melds"),
        _("- A **Suivi** is three or more cards of one suit in sequence. The ace is low (A-2-3) or high "
          "(Q-K-A), never in the middle (K-A-2)."),
        _("- A **Tria** is three or four cards of one rank, all of different suits."),
        _("- A joker stands for any card, one joker at most in a meld."),
        _("## A turn"),
        _("The dealer begins by throwing one card, without drawing. That first card is set apart as the "
          "**tournante**: until the turn comes back to the dealer, each player may take it instead of drawing. "
          "Nobody took it? It goes under the jetée. A joker is never the tournante."),
        _("Every other turn: take the top card of the talon (p), of the jetée (j) or the tournante (r), then "
          "throw one card onto the jetée. A card taken from the jetée may not be thrown again that turn, and a "
          "joker on the jetée is never taken. When the talon runs out, the jetée under its top card is "
          "shuffled into a new talon."),
        _("## Going out"),
        _("Nobody lays anything down during the hand. With 14 cards after drawing, a player goes out by laying "
          "13 of them at once in melds — at least one Suivi and one Tria among them — and throwing the 14th. "
          "Nobody may go out in the first round, before the turn comes back to the dealer."),
        _("## Scoring"),
        # TRANSLATORS: {count}: the points each loser gets; {duel} and {teams}: the totals that lose the game.
        ngettext("When someone goes out, each player of the other side gets {count} point, whatever they hold. "
                 "A side at {duel} points (one against one) or {teams} (two against two) loses the game.",
                 "When someone goes out, each player of the other side gets {count} points, whatever they hold. "
                 "A side at {duel} points (one against one) or {teams} (two against two) loses the game.",
                 rules.points_per_loser).format(count=rules.points_per_loser, duel=rules.lost_at(2),
                                                teams=rules.lost_at(4)),
        _("*Keys: p j r draw · ←/→ choose a card, Enter or d throws it · shift+←/→ or [ ] move it · u by suit · "
          "k by rank · m show my melds · g or o go out · t a hint (when the settings offer hints) · h the log · "
          "s score sheet · ? these rules · q quit.*"),
    ])
