"""Screens every game shares: setup, the lobby, settings, the confirm and dialog boxes,
talk at the table, the wait for the server, the frame of the rules help and the table
screen's base, which each game's table screen builds on."""
