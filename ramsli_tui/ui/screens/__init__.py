"""The app's screens, one module each: ``common`` for every game, ``ramsli`` for Ramsli's."""
