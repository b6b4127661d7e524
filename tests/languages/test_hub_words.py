"""What the hub says to a person reaches them in their language: the hub has none, so a
refusal, a table's notice or the word that a table is over crosses the app's socket as
its English words and their fields (languages/words.py), and the app says them in its own
language; the table protocol and the log keep the English.  Through a real link: the
hub's ``serve_app`` on one end of a unix socket, the app's ``HubLink`` on the other."""

from __future__ import annotations


import pytest

from ramsli_tui.languages import use_language
from ramsli_tui.languages.pseudo import unmarked_words
from ramsli_tui.net.app_client import RemoteLobby, SocketClient, told
from ramsli_tui.net.hub import HubRefusal
from ramsli_tui.languages.words import Words
from ramsli_tui.ui.common.lobby import LobbyRefusal

from tests.net.conftest import thinkers  # noqa: F401  (the fixture)
from tests.net.test_app_client import hub_and_app  # noqa: F401  (the fixture)
from tests.net.test_hub import Listener, until


@pytest.fixture
def hub_and_link(hub_and_app):
    """The hub and the app's end of its socket (test_app_client's)."""
    hub, app = hub_and_app
    return hub, app.link


@pytest.mark.parametrize("code, words", [
    ("fr", "il n’y a pas de jeu 'chess' ici ; au choix : ramsli, rami"),
    ("de", "hier gibt es kein Spiel 'chess'; die Spiele sind ramsli, rami"),
    ("es", "aquí no hay juego 'chess'; los juegos son ramsli, rami"),
])
async def test_a_lobby_refusal_is_told_in_the_apps_language(hub_and_link, code, words):
    hub, link = hub_and_link
    use_language(code)
    with pytest.raises(LobbyRefusal) as refused:
        await RemoteLobby(link).create("chess", "classic", 4, [])
    assert str(refused.value) == words


async def test_the_refusal_keeps_its_english_for_the_protocol_and_the_log(hub_and_link):
    hub, link = hub_and_link
    use_language("de")
    with pytest.raises(HubRefusal) as refused:
        await link.request("join", table=99)
    assert str(refused.value) == "there is no table 99", "its text is the English the protocol sends"
    assert told(refused.value) == "es gibt keinen Tisch 99"


@pytest.mark.parametrize("code, notice, over", [
    ("fr", "zora est de retour.", "la table {number} est finie : tout le monde l’a quittée"),
    ("de", "zora ist zurück.", "Tisch {number} ist geschlossen: alle haben ihn verlassen"),
    ("es", "zora ha vuelto.", "la mesa {number} ha terminado: todos la han dejado"),
])
async def test_a_tables_notice_and_its_end_are_said_in_the_apps_language(hub_and_link, code, notice, over):
    """Watched from the app: zora away, then back; then zora and otto leave the table."""
    hub, link = hub_and_link
    use_language(code)
    zora, otto = Listener("zora"), Listener("otto")
    number = hub.create(zora, "ramsli", "classic", 4, ["normal", "normal"])
    hub.join(otto, number, None)  # full: it starts
    await link.request("watch", table=number)
    client = SocketClient(link, number, None)
    link.listen(client.heard)
    await client.asked_opening()
    notices, endings = [], []
    client.subscribe(lambda update: None, notices.append, on_closed=endings.append)
    hub.disconnected(zora)
    await until(lambda: len(notices) == 1, what="the notice that zora is away")
    hub.connected(Listener("zora"))
    await until(lambda: notice in notices, what=f"the notice {notice!r}; came {notices}")
    for person in (zora, otto):
        hub.leave(person, number)
    await until(lambda: endings, what="the end of the table")
    assert endings == [over.format(number=number)]


async def test_every_word_the_hub_sends_the_app_is_marked_in_the_pseudo_language(hub_and_link):
    hub, link = hub_and_link
    use_language("qps")
    refusals = []
    for op, fields in [("join", {"table": 99}), ("create", {"game": "chess", "ruleset": "x", "players": 4, "bots": []}),
                       ("create", {"game": "ramsli", "ruleset": "nope", "players": 4, "bots": []}),
                       ("create", {"game": "ramsli", "ruleset": "classic", "players": 4, "bots": ["x"]}),
                       ("watch", {"table": 99}), ("say", {"table": 99, "text": "hi"}), ("language", {"code": "nl"}),
                       ("nonsense", {})]:
        with pytest.raises(HubRefusal) as refused:
            await link.request(op, **fields)
        refusals.append(told(refused.value))
    for text in refusals:
        assert text.startswith("⟦") and unmarked_words(text) == [], text


def test_words_passed_on_are_shown_as_they_came_and_cross_a_pickle_whole():
    import pickle

    use_language("qps")
    assert Words.as_it_is("a game's own words").said() == "a game's own words"
    words = pickle.loads(pickle.dumps(Words("table {number} has started already", {"number": 3})))
    assert words == "table 3 has started already" and words.said() == "⟦ţåḃļë 3 ĥåš šţåŕţëḋ åļŕëåḋý⟧"
