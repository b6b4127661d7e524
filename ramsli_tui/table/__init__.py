"""The table: seats, the session they play, and the seam its faces talk through.

``spec`` says what makes a table (the game, its ruleset, the seed, who sits where);
``seats`` makes the seats of a spec; ``table`` runs the game for every seat, each with
its own stream of updates; ``client`` is the small interface a face uses to sit at one
seat.  Nothing here knows which game is played: it speaks games/protocol.py.
"""
