"""The session a player asks for, as the app's setup and lobby ask for it: in the words of
``storage.specs``, where it lives below the faces (``ramsli play`` asks it too)."""

from ..storage.specs import (  # noqa: F401
    MOST_PLAYERS, default_ruleset, default_strength, game_spec, person_name, played_for_chips, player_counts,
    players_for, ruleset_for, ruleset_names, strengths, title_of, with_strengths,
)
