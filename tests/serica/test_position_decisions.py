"""[SR-5] [SR-8] Serica decisions as positions: every kind of decision a game can pause
at reads back from its position, and can be written by hand naming only the decision
(the scenario files under tests/scenarios/serica/decisions, one per kind)."""

from __future__ import annotations

from pathlib import Path

import pytest

from silkroad.core.errors import StateError
from silkroad.core.rng import Rng
from silkroad.serica import GAME, Options, apply, legal_moves, new_game
from silkroad.serica.state import PendingKind, Step
from silkroad.serica.table import table
from silkroad.testing import load_scenario

DECISIONS = Path(__file__).parents[1] / "scenarios" / "serica" / "decisions"
CONFIGURATIONS = (Options(), Options(coop=True), Options(first_player=1))


@pytest.mark.rule("SR-5")
def test_every_kind_of_decision_a_random_game_reaches_round_trips() -> None:
    """Seeded random games over the competitive and co-operative games (each kind of
    decision is seen): at up to 20 of each kind, the position reads back equal."""
    seen: dict[PendingKind, int] = {}
    for seed in range(6):
        state = new_game(CONFIGURATIONS[seed % len(CONFIGURATIONS)], seed)
        rng = Rng.from_seed(seed)
        while legal_moves(state):
            if state.pending is not None:
                seen[state.pending.kind] = seen.get(state.pending.kind, 0) + 1
                if seen[state.pending.kind] <= 20:
                    assert GAME.from_position(GAME.to_position(state)) == state
            moves = legal_moves(state)
            i, rng = rng.randrange(len(moves))
            state = apply(state, moves[i])
    assert set(seen) == set(PendingKind)


def test_every_kind_of_decision_has_a_hand_written_position() -> None:
    """One scenario file per kind, named after it; its start is at that decision and it
    checks the decision's options (the files run as scenarios)."""
    files = {p.name.removesuffix(".scenario.toml"): p for p in DECISIONS.glob("*.toml")}
    assert set(files) == {k.value for k in PendingKind}
    for kind, path in files.items():
        scenario = load_scenario(path)
        state = scenario.start(GAME)
        assert state.pending is not None
        assert state.pending.kind.value == kind
        first = scenario.expectations[0]
        assert first.after == 0
        assert "moves" in first.checks
        assert "[position.pending]" in path.read_text()


TEXT = """
setup = "bare"
active = 0
[crossroads]
row = ["trading-post", "bandit"]
[player.0]
supply = { wine = 1, gold = 1, silk = 1 }
caravans = [{ route = 1, goods = { silk = 1, porcelain = 2 } }, { route = 2, goods = { silk = 2 } }]
"""


@pytest.mark.rule("SR-5.2")
def test_a_payment_derives_its_counts_from_the_card_cost_and_the_goods_paid() -> None:
    state = GAME.from_position(TEXT + '[pending]\ndecision = "pay"\ncard = "trading-post"\n')
    d = table(state.options).card[state.pending.card] if state.pending else None
    assert d is not None
    assert d.key == "trading-post"
    assert state.step is Step.BUY
    assert state.pending is not None
    assert (state.pending.n, state.pending.count) == (d.cost_n, d.cost_m)
    half = GAME.from_position(
        TEXT + '[pending]\ndecision = "pay"\ncard = "trading-post"\npaid = ["wine"]\n'
    )
    assert half.pending is not None
    assert (half.pending.n, half.pending.count, half.pending.paid) == (1, d.cost_m - 1, (1,))
    # a card not in the Crossroads row is no card being bought
    with pytest.raises(StateError, match=r"pending.card: .*is not there"):
        GAME.from_position(TEXT + '[pending]\ndecision = "pay"\ncard = "scholar#1"\n')


@pytest.mark.rule("SR-8.5")
def test_an_attack_in_progress_derives_the_caravans_it_may_hit_and_the_attack() -> None:
    state = GAME.from_position(TEXT + '[pending]\ndecision = "lose"\ncard = "bandit"\n')
    assert state.pending is not None
    assert state.step is Step.TRADE
    assert state.attacks == (state.pending.card,)
    assert state.pending.routes == (1, 2)  # both ship silk, the most valuable good
    given = GAME.from_position(
        TEXT + '[pending]\ndecision = "lose"\ncard = "bandit"\nroutes = [2]\n'
    )
    assert given.pending is not None
    assert given.pending.routes == (2,)


@pytest.mark.rule("SR-8.3")
def test_a_fort_save_derives_the_goods_the_attack_takes() -> None:
    fort = '[turn]\nreadied = [{ card = "fort", ability = "fort" }]\n'
    text = TEXT.replace("[player.0]", '[player.0]\nempire = ["fort"]') + fort
    pirate = text.replace('"bandit"', '"pirate"')
    state = GAME.from_position(
        pirate + '[pending]\ndecision = "fort"\ncard = "pirate"\nroutes = [1]\n'
    )
    assert state.pending is not None
    # a Pirate takes 2 of the least valuable good shipped: the porcelain of caravan 1
    assert (state.pending.routes, state.pending.count) == ((1,), 2)
    assert [GAME.format_move(m) for m in legal_moves(state)] == ["save porcelain", "done"]
    # two caravans ship silk: the Bandit's caravan must be named
    with pytest.raises(StateError, match="one caravan hit"):
        GAME.from_position(text + '[pending]\ndecision = "fort"\ncard = "bandit"\n')


@pytest.mark.rule("SR-8.5")
def test_validate_holds_an_attack_to_the_caravans_and_goods_the_rules_give_it() -> None:
    """``validate`` asks the rules (``attack_routes``, ``attack_loss``) which caravans an
    attack may hit and how many goods it takes: a Pirate takes the least valuable good
    shipped, porcelain, which only caravan 1 carries, 2 of them."""
    pirate = TEXT.replace('"bandit"', '"pirate"')
    with pytest.raises(StateError, match=r"caravans the Pirate may hit: \[1\]"):
        GAME.from_position(pirate + '[pending]\ndecision = "lose"\ncard = "pirate"\nroutes = [2]\n')
    fort = '[turn]\nreadied = [{ card = "fort", ability = "fort" }]\n'
    text = pirate.replace("[player.0]", '[player.0]\nempire = ["fort"]') + fort
    decision = '[pending]\ndecision = "fort"\ncard = "pirate"\nroutes = [1]\n'
    assert GAME.from_position(text + decision + "count = 2\n").pending is not None
    with pytest.raises(StateError, match="at most what the attack takes"):
        GAME.from_position(text + decision + "count = 3\n")
