"""[KG-7] [KG-8] One record of words per effect and per decision, read by every text.

Each test here would fail if a text kept its own table again: the records are swapped
for marked ones and the texts must show the mark.
"""

from __future__ import annotations

import enum
import importlib
import re

import attrs
import pytest

from silkroad.core.errors import DataError
from silkroad.core.vocabulary import Vocabulary
from silkroad.kashgar import render, svg
from silkroad.kashgar.cards import Action, Effect, Op, default_card_data
from silkroad.kashgar.check import DECISION_OPS
from silkroad.kashgar.describe import effect_text
from silkroad.kashgar.explain import explain
from silkroad.kashgar.game import SPEC
from silkroad.kashgar.moves import CaravanAction
from silkroad.kashgar.position import to_position
from silkroad.kashgar.state import Decision, Pending
from silkroad.kashgar.vocabulary import CARAVAN_DECISIONS, DECISIONS, EFFECTS

from .helpers import waiting_for

#: the module (the package's ``evaluate`` is its function)
evaluate_module = importlib.import_module("silkroad.kashgar.evaluate")


def _every_effect() -> list[Effect]:
    """Every effect of the built-in cards and orders (the expansion's too)."""
    data = default_card_data()
    out: list[Effect] = []
    for deck in (data.patriarch, data.starting, data.standard, data.special, data.expansion):
        for card in deck:
            for face in (card.front, card.back):
                if face is None:
                    continue
                for action in (*face.caravan, *face.parting):
                    out += action.effects
    for order in data.orders:
        out += order.payout
    return out


def _sample(op: Op) -> Effect:
    """One effect of kind ``op``, from the built-in data."""
    return next(e for e in _every_effect() if e.op is op)


@pytest.mark.rule("KG-7")
def test_every_effect_and_decision_has_its_record_and_the_spec_declares_them() -> None:
    assert [op for op, _ in EFFECTS.items()] == list(Op)
    assert [kind for kind, _ in DECISIONS.items()] == list(Decision)
    assert EFFECTS in SPEC.vocabularies
    assert DECISIONS in SPEC.vocabularies


@pytest.mark.rule("KG-7")
@pytest.mark.parametrize("op", list(Op))
def test_each_effect_record_answers_for_its_effect(op: Op) -> None:
    effect = _sample(op)
    words = EFFECTS[op]
    text = words.text(effect)
    assert isinstance(text, str)
    assert text
    assert text == effect_text(effect)
    worth = words.worth(effect)
    assert isinstance(worth, float)
    assert worth >= 0.0
    if words.asks is not None:
        assert DECISIONS[words.asks].effect is op


@pytest.mark.rule("KG-7")
@pytest.mark.parametrize("kind", list(Decision))
def test_each_decision_record_answers_for_its_decision(kind: Decision) -> None:
    words = DECISIONS[kind]
    pending = Pending(kind, 1, cards=(3, 4), options=(0, 1), keep=1, sources=(0,))
    said = words.position(pending, "grocer, baker")
    assert isinstance(said, str)
    assert said
    assert words.prompt
    assert words.caption
    assert re.fullmatch(r"KG-\d+(\.\d+)?", words.rule)
    assert EFFECTS[words.effect].asks is kind
    assert DECISION_OPS[kind] is words.effect
    assert (kind in CARAVAN_DECISIONS) is words.caravans


def test_a_kind_without_its_record_stops_the_vocabulary() -> None:
    records = {op: words for op, words in EFFECTS.items() if op is not Op.SEARCH}
    with pytest.raises(TypeError, match="SEARCH"):
        Vocabulary(Op, records, "effect")


def test_an_effect_the_evaluation_has_no_worth_for_is_an_error_not_zero() -> None:
    class Unknown(enum.Enum):
        TELEPORT = "teleport"

    action = Action(effects=(Effect(op=Unknown.TELEPORT),))  # type: ignore[arg-type]
    with pytest.raises(DataError, match="no worth for an effect"):
        evaluate_module._action_worth(action)


def test_the_worth_of_an_action_is_its_records_worths() -> None:
    gain = _sample(Op.INCREASE)
    fulfil = _sample(Op.FULFILL)
    action = Action(effects=(gain, fulfil))
    expected = EFFECTS[Op.INCREASE].worth(gain) + EFFECTS[Op.FULFILL].worth(fulfil)
    assert evaluate_module._action_worth(action) == expected
    assert EFFECTS[Op.FULFILL].worth(fulfil) == 1.2  # the evaluation's weights, unchanged


# ----------------------------------------------------------------- the texts read them


def _marked(monkeypatch: pytest.MonkeyPatch, kind: Decision, **changes: object) -> None:
    record = attrs.evolve(DECISIONS[kind], **changes)  # type: ignore[misc]
    monkeypatch.setitem(DECISIONS.records, kind, record)  # type: ignore[arg-type]


def test_the_terminal_picture_and_position_ask_in_the_records_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = waiting_for(Decision.REMOVE)
    _marked(
        monkeypatch,
        Decision.REMOVE,
        prompt="PROMPT-MARK",
        caption="CAPTION-MARK",
        position=lambda _p, _c: "POSITION-MARK",
    )
    assert "PROMPT-MARK" in render(state)
    assert "CAPTION-MARK" in svg(state)
    assert "POSITION-MARK" in to_position(state)


def test_explain_cites_the_records_rule_and_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    state = waiting_for(Decision.REMOVE)
    _marked(monkeypatch, Decision.REMOVE, rule="KG-99")
    assert explain(state, CaravanAction(0, 0)).rule == "KG-99"


def test_the_card_texts_read_the_records_text(monkeypatch: pytest.MonkeyPatch) -> None:
    record = attrs.evolve(EFFECTS[Op.TURN], text=lambda _e: "TEXT-MARK")
    monkeypatch.setitem(EFFECTS.records, Op.TURN, record)  # type: ignore[arg-type]
    assert effect_text(Effect(op=Op.TURN)) == "TEXT-MARK"


def test_a_decision_without_words_of_its_own_is_explained_in_its_records_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A decision ``explain`` has no question of its own for (one added later) asks its
    record's prompt, with its options."""
    explain_module = importlib.import_module("silkroad.kashgar.explain")
    state = waiting_for(Decision.TAKE)
    assert state.pending is not None
    monkeypatch.setattr(explain_module, "_OWN_QUESTIONS", ())
    reason = explain(state, CaravanAction(0, 0))
    assert reason.rule == DECISIONS[Decision.TAKE].rule
    q = state.pending.player
    assert f"P{q} is to {DECISIONS[Decision.TAKE].prompt} before any other move: " in reason.text
