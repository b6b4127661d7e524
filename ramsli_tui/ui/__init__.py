"""The Textual face of ramsli: the app and its themes; the screens every game shares
(``common``: setup, lobby, settings, confirm, dialog, talk, rules help, the table base);
the widgets both games draw (``widgets``); and each game's own screens, widgets, words and
log in a folder named for the game (``ramsli``, ``rami``).

The app talks to its table only through the client seam (table/client.py); screens
draw from the views and events their seat is sent.
"""
