"""[SR-5] [SR-8] Serica's words, one record per member of each kind (silkroad.serica.vocabulary):
every member has its record, every text reads it, and the evaluation refuses an ability
it has no worth for."""

from __future__ import annotations

import re

import attrs
import pytest

from silkroad.core.errors import RulesError
from silkroad.core.svg import wrap
from silkroad.core.vocabulary import Vocabulary
from silkroad.serica import Options, new_game
from silkroad.serica.cards import Ability, default_cards
from silkroad.serica.describe import ABILITY_WORDS, card_text, describe_move
from silkroad.serica.evaluate import _LAST_WORTHS, ability_worth, evaluate
from silkroad.serica.game import SPEC
from silkroad.serica.moves import Choice, Choose, Done
from silkroad.serica.render import render, screen
from silkroad.serica.state import Pending, PendingKind, State, Step
from silkroad.serica.svg import svg
from silkroad.serica.table import table
from silkroad.serica.vocabulary import (
    ABILITIES,
    CHOICES,
    DECISIONS,
    STEPS,
    AbilityWords,
)


@pytest.fixture(scope="module")
def start() -> State:
    return new_game(Options(first_player=0), 3)


def test_the_title_declares_a_vocabulary_for_each_kind_its_texts_speak_of() -> None:
    kinds = {v.kinds for v in SPEC.vocabularies}
    assert kinds == {Ability, PendingKind, Step, Choice}
    for vocabulary in SPEC.vocabularies:
        assert [m for m, _ in vocabulary.items()] == list(vocabulary.kinds)


def test_an_ability_without_its_record_stops_the_vocabulary_naming_it() -> None:
    records = {a: w for a, w in ABILITIES.items() if a is not Ability.ENVOY}
    with pytest.raises(TypeError, match="ENVOY"):
        Vocabulary(Ability, records, "ability")


@pytest.mark.rule("SR-8")
def test_every_ability_reads_its_record_in_the_card_text_and_the_move_words() -> None:
    by_ability = {d.ability: d for d in default_cards()}
    assert set(by_ability) == set(Ability)  # one sample card per ability
    for ability, words in ABILITIES.items():
        assert ABILITY_WORDS[ability] == words.text
        assert card_text(by_ability[ability]).endswith(": " + words.text)


@pytest.mark.rule("SR-8")
def test_the_short_text_of_each_ability_fits_a_card_face_where_most_full_ones_do_not() -> None:
    # a Crossroads card face of the picture: 124 px inside, 10.5 px text, two lines once
    # a used card's stamp takes one (svg._card_snippet)
    full_too_long = 0
    for ability, words in ABILITIES.items():
        assert len(wrap(words.short, 124, 10.5)) <= 2, ability
        assert len(words.short) < len(words.text), ability
        full_too_long += len(wrap(words.text, 124, 10.5)) > 2
    assert full_too_long > len(Ability) // 2


@pytest.mark.rule("SR-8")
def test_the_short_text_of_each_ability_names_no_number_its_full_text_does_not() -> None:
    words = {"one": "1", "two": "2", "three": "3"}

    def numbers(text: str) -> set[str]:
        return {words.get(w, w) for w in re.findall(r"\d+|one|two|three|half", text)}

    for ability, record in ABILITIES.items():
        assert numbers(record.short) <= numbers(record.text), ability


@pytest.mark.rule("SR-8")
def test_the_picture_draws_the_short_text_of_the_crossroads_cards(start: State) -> None:
    picture = svg(start, 0)
    t = table(start.options)
    for card in start.crossroads:
        first_word = ABILITIES[t.card[card].ability].short.split()[0]
        assert first_word in picture


@pytest.mark.rule("SR-5")
@pytest.mark.parametrize("kind", list(PendingKind), ids=lambda k: k.value)
def test_every_decision_reads_its_record_in_describe_and_render(
    start: State, kind: PendingKind
) -> None:
    state = attrs.evolve(start, pending=Pending(kind))
    words = DECISIONS[kind]
    assert describe_move(state, Done()) == words.done
    assert f"deciding: {words.prompt}" in render(state)
    shows_in_full = "Crossroads:\n" in screen(state)
    assert shows_in_full == words.crossroads
    assert words.section.startswith("SR-")


@pytest.mark.rule("SR-5")
@pytest.mark.parametrize("step", [s for s in Step if s is not Step.OVER], ids=lambda s: s.value)
def test_every_step_reads_its_record_in_describe_render_and_svg(start: State, step: Step) -> None:
    state = attrs.evolve(start, step=step, pending=None)
    words = STEPS[step]
    assert describe_move(state, Done()) == words.done
    assert words.doing in " ".join(render(state).split())  # the table wraps its lines
    assert words.name in svg(state, 0)


def test_every_choice_reads_its_record_in_describe(start: State) -> None:
    for choice, words in CHOICES.items():
        assert describe_move(start, Choose(choice)) == words.chosen


@pytest.mark.rule("SR-6")
def test_an_ability_the_evaluation_has_no_worth_for_is_an_error_not_zero(
    start: State, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert ability_worth(Ability.SCHOLAR) == ABILITIES[Ability.SCHOLAR].worth
    words = ABILITIES[Ability.SCHOLAR]
    records = ABILITIES.records
    assert isinstance(records, dict)
    monkeypatch.setitem(records, Ability.SCHOLAR, AbilityWords(words.text, words.short, None))
    monkeypatch.setattr(_LAST_WORTHS, "pair", (None, ((), ())))
    with pytest.raises(RulesError, match="no worth for the scholar ability"):
        ability_worth(Ability.SCHOLAR)
    with pytest.raises(RulesError, match="scholar"):
        evaluate(start, 0)


@pytest.mark.rule("SR-6")
def test_the_evaluation_counts_an_abilitys_worth_from_its_record(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    start = new_game(Options(coop=True), 3)  # [SR-7] both players' worths add up
    before = evaluate(start, 0)
    records = ABILITIES.records
    assert isinstance(records, dict)
    for ability, words in list(records.items()):
        if words.worth:
            monkeypatch.setitem(records, ability, attrs.evolve(words, worth=words.worth + 1.0))
    monkeypatch.setattr(_LAST_WORTHS, "pair", (None, ((), ())))
    owned = sum(
        1
        for player in start.players
        for pile in (player.draw, player.discard, player.empire)
        for c in pile
        if ABILITIES[table(start.options).card[c].ability].worth
    )
    assert evaluate(start, 0) == pytest.approx(before + owned)
