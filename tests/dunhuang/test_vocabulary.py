"""Dunhuang's records of words (silkroad.dunhuang.vocabulary): one per kind of effect and
of decision, each text function answering for a sample of its kind, read by the texts."""

from __future__ import annotations

import re

import attrs
import pytest

from silkroad.core.errors import RulesError
from silkroad.dunhuang import GAME, Options, new_game, render
from silkroad.dunhuang import explain as explain_module
from silkroad.dunhuang.cards import CORE_EFFECTS, NOTATION_EFFECTS, EffectKind, parse_effect
from silkroad.dunhuang.docgen import effect_table
from silkroad.dunhuang.evaluate import _token_worths
from silkroad.dunhuang.explain import PENDING, explain
from silkroad.dunhuang.moves import Keep
from silkroad.dunhuang.position import to_position
from silkroad.dunhuang.state import Choice, ChoiceKind, Phase
from silkroad.dunhuang.svg import svg
from silkroad.dunhuang.table import table
from silkroad.dunhuang.vocabulary import (
    DECISIONS,
    EFFECTS,
    PHASES,
    effect_text,
    effect_worth,
)

T = table(Options(4, ("silk", "gold", "tea")))


def _sample(kind: EffectKind) -> str:
    """The first notation example of the kind's record."""
    found = re.search(r"`([^`]+)`", EFFECTS[kind].notation)
    assert found is not None, kind
    return found.group(1)


def test_the_title_declares_a_vocabulary_of_each_kind() -> None:
    kinds = {v.kinds for v in GAME.spec.vocabularies}
    assert kinds == {EffectKind, ChoiceKind, Phase}
    assert list(EFFECTS) == list(EffectKind)
    assert list(DECISIONS) == list(ChoiceKind)


@pytest.mark.rule("DH-3.E")
def test_the_effect_kinds_are_those_the_interpreter_knows() -> None:
    assert {k.value for k in EffectKind} == set(CORE_EFFECTS) | {"paint-for"}
    assert {k.value for k in EffectKind} == NOTATION_EFFECTS
    for name, item in CORE_EFFECTS.items():
        assert EFFECTS[EffectKind(name)].section == f"DH-3.E.{item}"


@pytest.mark.rule("DH-3.E")
@pytest.mark.parametrize("kind", list(EffectKind), ids=lambda k: k.value)
def test_every_effect_kind_has_words_for_a_sample_of_it(kind: EffectKind) -> None:
    e = parse_effect(_sample(kind))
    assert e.kind == kind.value
    words = EFFECTS[kind].text(T, e)
    assert words
    assert words != e.text
    assert effect_text(T, e) == words


@pytest.mark.rule("DH-3.2")
@pytest.mark.parametrize("kind", list(ChoiceKind), ids=lambda k: k.value)
def test_every_decision_kind_has_words_for_a_sample_of_it(kind: ChoiceKind) -> None:
    words = DECISIONS[kind]
    c = Choice(kind, 1, "product" if kind is ChoiceKind.GAIN else "")
    assert words.prompt(c)
    assert words.question(c)
    assert words.ask
    assert re.fullmatch(r"DH-\d+(\.[0-9A-Z]+)*", words.section)
    assert words.answers
    assert all(m in GAME.move_types for m in words.answers)
    assert PENDING[kind] == (words.answers, words.section, words.ask)


@pytest.mark.parametrize("phase", list(Phase), ids=lambda p: p.value)
def test_every_phase_has_a_title_the_picture_shows(phase: Phase) -> None:
    s = new_game(Options(3), 4)
    assert PHASES[phase].title
    picture = svg(attrs.evolve(s, phase=phase))
    assert f"· {PHASES[phase].title}" in picture


def test_the_words_of_a_gain_say_what_is_gained() -> None:
    c = Choice(ChoiceKind.GAIN, 0, "left")
    assert DECISIONS[ChoiceKind.GAIN].prompt(c).endswith("left reward spot")
    assert DECISIONS[ChoiceKind.GAIN].question(c) == "which reward to gain (left)"


@pytest.mark.rule("DH-4")
def test_the_evaluation_values_the_gains_and_refuses_what_it_has_no_value_for() -> None:
    assert effect_worth(parse_effect("vp 3")) == 3.0
    assert effect_worth(parse_effect("coin 2")) == pytest.approx(1.2)
    assert effect_worth(parse_effect("material silk")) == 1.0
    for text in ("recruit", "paint", "tea-trade", "pay coin 1 -> vp 2"):
        with pytest.raises(RulesError, match="no value for the effect"):
            effect_worth(parse_effect(text))


@pytest.mark.rule("DH-4")
def test_a_token_yielding_an_effect_without_a_worth_is_an_error_not_zero() -> None:
    options = Options(3)
    t = table(options)
    key = next(iter(t.tokens))
    odd = attrs.evolve(t.tokens[key], start=(parse_effect("continue"),))
    _token_worths.cache_clear()
    try:
        with pytest.MonkeyPatch.context() as mp:
            mp.setitem(t.tokens, key, odd)
            with pytest.raises(RulesError, match="'continue'"):
                _token_worths(options)
    finally:
        _token_worths.cache_clear()


def test_the_texts_read_the_records() -> None:
    s = new_game(Options(3), 4)
    c = s.choice
    assert c is not None
    assert c.kind is ChoiceKind.DRAFT
    assert DECISIONS[ChoiceKind.DRAFT].prompt(c) in render(s)
    assert DECISIONS[ChoiceKind.DRAFT].question(c) in to_position(s)
    for kind, words in EFFECTS.items():
        assert f"| {words.name} | {words.notation} | {words.section} |" in effect_table(), kind


@pytest.mark.rule("DH-3.2")
def test_a_decision_without_a_check_of_its_own_is_refused_from_its_record() -> None:
    s = new_game(Options(3), 4)
    c = s.choice
    assert c is not None
    assert s.phase is Phase.DRAFT
    t = table(s.options)
    stranger = Keep(next(x for x in sorted(t.tiles) if x not in s.draft[c.player]))
    assert explain(s, stranger).text.startswith(f"t{stranger.tile} is not in the pack")
    with pytest.MonkeyPatch.context() as mp:
        mp.delitem(explain_module._CHECKS, ChoiceKind.DRAFT)
        reason = explain(s, stranger)
    assert reason.rule == "DH-2.3.5"
    assert "must keep a fresco tile of the pack being drafted: keep t" in reason.text
