"""Screens any game's table shares: setup, settings, and the dialog and question boxes."""
