"""The ray backend of the analysis gives the same analysis as one process."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from analysis.helpers import ITERATIONS, short_record
from silkroad.analysis import analyze

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


@pytest.mark.usefixtures("local_ray")
def test_ray_and_local_analyses_agree() -> None:
    record = short_record("serica")
    local = analyze(None, record, iterations=ITERATIONS, last=5)
    remote = analyze(None, record, iterations=ITERATIONS, last=5, backend="ray")
    assert remote == local
    assert remote.decisions
