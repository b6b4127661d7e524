"""Ramsli's own screens: the table, the hand summary, the trick history, the scoreboard,
the session's result and the rules help; with the words, the chronicle of the session
and the widgets only Ramsli needs (its action buttons and game log)."""
