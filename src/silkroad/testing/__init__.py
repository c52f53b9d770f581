"""Testing tools for silkroad titles and for games written by users.

* :func:`check_game`: the shared conformance suite of the ``Game`` contract, the outputs
  a user reads included (the tensor, the pictures, the texts, positions, the adapters'
  observations), each as far as the game offers it.
* :func:`check_tensor`: the checks of a title's observation tensor (needs numpy).
* :func:`games` and :func:`moves`: hypothesis strategies (a state reached by a random
  seeded playout; a legal move of a state).
* the pytest plugin ``silkroad.testing.pytest_plugin`` (opt in from a conftest) registers
  ``@pytest.mark.rule("KG-4.B")`` and, with ``pytest --rule-coverage``, reports which
  rulebook sections have tests; it also collects ``*.scenario.toml`` files as tests.
* :func:`scenario`: run a scenario (a position or a seed, moves, expectations) from
  Python; :func:`load_scenario` reads a scenario file (:mod:`silkroad.testing.scenario`).
"""

from silkroad.testing._conformance import (
    ConformanceError,
    ConformanceReport,
    check_game,
    mutations,
)
from silkroad.testing.scenario import Scenario, ScenarioError, load_scenario, scenario
from silkroad.testing.strategies import games, moves
from silkroad.testing.tensors import TensorReport, check_tensor, uncovered_fields

__all__ = [
    "ConformanceError",
    "ConformanceReport",
    "Scenario",
    "ScenarioError",
    "TensorReport",
    "check_game",
    "check_tensor",
    "games",
    "load_scenario",
    "moves",
    "mutations",
    "scenario",
    "uncovered_fields",
]
