"""Ramsli's face: its screens (the table, the hand summary, the trick history, the
scoreboard, the session's result, the rules help), the widgets only Ramsli draws (the
hand, the trick, the pot, the seats, the stack chart, the motion of a card, the action
buttons, the game log), its words and the chronicle of the session."""
