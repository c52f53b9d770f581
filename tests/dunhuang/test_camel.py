"""The Camel Starting Pack: DH-3.E effects only (a caravan is a Payment), its zone-4 spot."""

from __future__ import annotations

import pytest

from silkroad.dunhuang import Options, engine
from silkroad.dunhuang.cards import parse_effect
from silkroad.dunhuang.packs import available, get
from silkroad.dunhuang.rules import claim_achievements
from silkroad.dunhuang.state import Frame, State
from silkroad.dunhuang.table import table

from .helpers import clear_board, play, player, ready, turn_of

CGT = ("camel", "gold", "tea")
CARAVAN = parse_effect("pay camel-material 1 -> product any")


def _tokens(s: State, p: int, key: str) -> int:
    return s.players[p].tokens.get(key, 0)


@pytest.mark.rule("DH-2.1", "DH-2.2", "DH-3.A")
def test_camel_is_a_pack_and_uses_its_printed_zone_four_spot() -> None:
    assert "camel" in available()
    assert get("camel").data.tokens[0].key == "camel-material"
    b12 = table(Options(3, CGT)).spots[11]
    assert ([e.text for e in b12.effects], b12.source) == (["material camel"], "printed camel spot")
    s = ready(3, CGT)
    assert all(_tokens(s, p, "camel-material") >= 1 for p in range(3))


@pytest.mark.rule("DH-3.E", "DH-3.E.9", "DH-3.E.14")
def test_camel_has_no_mechanism_of_its_own_a_caravan_is_a_payment() -> None:
    """Nothing of Camel is public: its data speaks only DH-3.E, and a caravan is a Payment
    effect, a Camel for a Product of any pack in play."""
    pack = get("camel")
    assert (dict(pack.effects), pack.start, pack.end_vp, pack.data.mechanisms) == (
        {},
        None,
        None,
        (),
    )
    s = clear_board(ready(4, CGT))
    t = table(s.options)
    fr = Frame(0, ())
    s = player(s, 0, tokens={"camel-material": 1})
    assert engine.can(t, s, fr, CARAVAN)
    s = engine.do(t, s, fr, CARAVAN)
    assert _tokens(s, 0, "camel-material") == 0
    assert not engine.can(t, s, fr, CARAVAN)  # no Camel left to pay


@pytest.mark.rule("DH-3.B")
def test_camel_ultimate_gains_a_camel_then_sends_it_for_a_product() -> None:
    s = turn_of(clear_board(ready(4, CGT)), 0)
    s = player(s, 0, tokens={})
    s = play(s, "m1 u1", "e1", "take gold-product")
    assert _tokens(s, 0, "camel-material") == 0
    assert _tokens(s, 0, "gold-product") == 1


@pytest.mark.rule("DH-5")
def test_camel_board_counts_camel_characters() -> None:
    s = clear_board(ready(4, CGT))
    s = player(s, 1, counters={"recruited:camel": 4})
    s = claim_achievements(table(s.options), s, 1)
    assert s.achievements.get("camel-1") == 1
    assert s.achievements.get("camel-5") == 1
    assert "camel-2" not in s.achievements
