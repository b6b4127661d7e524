"""``ramsli serve``: friends at one table over SSH, beside the app as another face.

``door`` is the SSH front door (asyncssh: keys, names, limits); ``hub`` owns every
table and hands each connection only what its seat may see; ``json_session`` speaks
the table protocol of ``protocol`` to programs over ``ssh HOST json``; ``sessions``
runs the full-screen app for each session with a terminal, from the fork server of
``forks`` (which ``warm_up`` prepares, and whose spare apps draw through
``spare_driver``), and ``app_client`` is its socket to the hub; ``outbox`` bounds what waits for a slow reader; ``thinkers`` runs
the computer players in worker processes; ``store`` keeps the tables, the names and
the host key in the data folder, ``history`` every finished hand; ``journal`` writes
the server's log; ``server`` puts them together, and ``serve_command`` is the ``ramsli
serve`` command.  Only ``sessions``, ``forks``, ``warm_up``, ``spare_driver`` and
``app_client`` touch the app.
"""

MAX_APPS = 50  # full-screen sessions at once unless `ramsli serve --max-apps` says otherwise
SPARE_APPS = 8  # apps the fork server keeps made ahead of the logins unless `ramsli serve --spare-apps` says otherwise
