"""The Textual face of ramsli: the app, its themes, its widgets, and its screens — those
every game shares (``screens/common``) and each game's own (``screens/ramsli``).

The app talks to its table only through the client seam (table/client.py); screens
draw from the views and events their seat is sent.
"""
