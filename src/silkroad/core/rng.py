"""A deterministic random number generator that is an immutable value.

Algorithm: SplitMix64 in the splittable form of Steele, Lea and Flood, "Fast Splittable
Pseudorandom Number Generators" (OOPSLA 2014), the generator behind Java's
``SplittableRandom``. The whole state is two 64-bit integers (``seed`` and an odd
``gamma``); every operation is integer arithmetic modulo 2**64, so the same seed gives
the same sequence on every platform and every Python version. Python's :mod:`random` is
never used.

Every draw returns ``(value, next_rng)`` and leaves the receiver unchanged, so a game
state can hold its RNG as an ordinary field and ``apply`` stays a pure function::

    >>> rng = Rng.from_seed(1234567)
    >>> value, rng = rng.next_u64()
    >>> value
    6457827717110365317
    >>> roll, rng = rng.randrange(6)
    >>> 0 <= roll < 6
    True

Bounded integers use Lemire's multiply-and-reject method, which is unbiased.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Sequence
from typing import TypeVar

import attrs

from silkroad.core.errors import RulesError, StateError

__all__ = [
    "GOLDEN_GAMMA",
    "MASK64",
    "SEEDS",
    "Lanes",
    "Rng",
    "bounded",
    "check_seed",
    "draw_lanes",
    "draws_one_by_one",
    "packed_draws",
]

T = TypeVar("T")

MASK64 = (1 << 64) - 1
#: Every seed the generator takes: the integers 0 to 2**64 - 1, each a different stream.
SEEDS = range(1 << 64)


def check_seed(seed: object) -> int:
    """``seed`` if it is an int in :data:`SEEDS` (so no two seeds give the same game).

    :raises RulesError: for an int outside the range (``2**64`` would otherwise give the
        same game as ``0``), or anything that is not an int.
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RulesError(f"a seed is an integer, got {type(seed).__name__} {seed!r:.40}")
    if seed not in SEEDS:
        shown = str(seed) if seed.bit_length() <= 128 else f"an integer of {seed.bit_length()} bits"
        raise RulesError(f"a seed is an integer from 0 to 2**64 - 1, got {shown}")
    return seed


#: The default increment: the odd integer closest to 2**64 divided by the golden ratio.
GOLDEN_GAMMA = 0x9E3779B97F4A7C15


def _mix64(z: int) -> int:
    """Stafford's variant 13 of the MurmurHash3 finalizer: the SplitMix64 output step."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def _mix_gamma(z: int) -> int:
    """Derive an odd gamma with enough bit transitions for a split-off stream."""
    z = ((z ^ (z >> 33)) * 0xFF51AFD7ED558CCD) & MASK64
    z = ((z ^ (z >> 33)) * 0xC4CEB9FE1A85EC53) & MASK64
    z = (z ^ (z >> 33)) | 1
    if (z ^ (z >> 1)).bit_count() < 24:
        z ^= 0xAAAAAAAAAAAAAAAA
    return z


def _check_seed(_instance: object, _attribute: object, value: int) -> None:
    if type(value) is not int or not 0 <= value <= MASK64:
        raise StateError(f"Rng seed must be an integer in [0, 2**64), got {value!r}")


def _check_gamma(_instance: object, _attribute: object, value: int) -> None:
    if type(value) is not int or not 0 < value <= MASK64 or value % 2 == 0:
        raise StateError(f"Rng gamma must be an odd integer in (0, 2**64), got {value!r}")


@attrs.frozen
class Rng:
    """An immutable SplitMix64 generator; build it with :meth:`from_seed`.

    ``seed`` is the 64-bit state and ``gamma`` the odd increment of this stream. Two
    ``Rng`` values are equal exactly when they will produce the same sequence.
    """

    seed: int = attrs.field(validator=_check_seed)
    gamma: int = attrs.field(default=GOLDEN_GAMMA, validator=_check_gamma)

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """A generator for an integer seed from 0 to 2**64 - 1 (:data:`SEEDS`).

        :raises RulesError: for anything else (see :func:`check_seed`).
        """
        if cls is Rng:  # the class's validators would check again what check_seed did
            if type(seed) is int and 0 <= seed <= MASK64:  # check_seed's common case, inline
                return _make(seed, GOLDEN_GAMMA)
            return _make(check_seed(seed), GOLDEN_GAMMA)
        return cls(check_seed(seed), GOLDEN_GAMMA)

    def next_u64(self) -> tuple[int, Rng]:
        """A uniform integer in [0, 2**64) and the advanced generator."""
        seed = (self.seed + self.gamma) & MASK64
        return _mix64(seed), _make(seed, self.gamma)

    def randrange(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in [0, n), for n >= 1.

        :raises ValueError: if ``n < 1``.
        """
        if n < 1:
            raise ValueError(f"randrange needs n >= 1, got {n}")
        value, seed = bounded(self.seed, self.gamma, n)
        return value, _make(seed, self.gamma)

    def random(self) -> tuple[float, Rng]:
        """A float in [0, 1) with 53 random bits."""
        value, rng = self.next_u64()
        return (value >> 11) * (1.0 / (1 << 53)), rng

    def choice(self, seq: Sequence[T]) -> tuple[T, Rng]:
        """A uniformly chosen element of a non-empty sequence.

        :raises ValueError: if ``seq`` is empty.
        """
        if not seq:
            raise ValueError("cannot choose from an empty sequence")
        index, rng = self.randrange(len(seq))
        return seq[index], rng

    def shuffle(self, seq: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """The elements of ``seq`` in a uniformly random order (Fisher-Yates, from the end).

        The bounded draws of a sequence of 10 to 256 elements are computed all at once
        (:func:`packed_draws`); the order and the next generator are the same as when
        drawn one by one (:meth:`_shuffle_one_by_one`, the definition)."""
        count = len(seq) - 1
        if _PACKED_MIN <= count <= _PACKED_MAX:
            lanes = _shuffle_lanes(count)
            packed = None if lanes is None else packed_draws(lanes, self.seed, self.gamma)
            if packed is not None:
                draws, seed = packed
                items = list(seq)
                for i, j in zip(range(count, 0, -1), draws, strict=True):
                    items[i], items[j] = items[j], items[i]
                return tuple(items), _make(seed, self.gamma)
        return self._shuffle_one_by_one(seq)

    def _shuffle_one_by_one(self, seq: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """:meth:`shuffle` with one :func:`bounded` draw per position."""
        items = list(seq)
        seed, gamma = self.seed, self.gamma
        mask = MASK64
        for i in range(len(items) - 1, 0, -1):
            # bounded(seed, gamma, i + 1) with _mix64 written out; the same numbers
            n = i + 1
            seed = (seed + gamma) & mask
            z = ((seed ^ (seed >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            product = (z ^ (z >> 31)) * n
            if product & mask < n:
                j, seed = bounded((seed - gamma) & mask, gamma, n)
            else:
                j = product >> 64
            items[i], items[j] = items[j], items[i]
        return tuple(items), _make(seed, gamma)

    def sample(self, seq: Sequence[T], k: int) -> tuple[tuple[T, ...], Rng]:
        """``k`` distinct positions of ``seq`` chosen uniformly, in the order drawn.

        :raises ValueError: if ``k`` is negative or larger than ``len(seq)``.
        """
        if not 0 <= k <= len(seq):
            raise ValueError(f"cannot sample {k} from a sequence of {len(seq)}")
        items = list(seq)
        seed, gamma = self.seed, self.gamma
        n = len(items)
        for i in range(k):
            j, seed = bounded(seed, gamma, n - i)
            j += i
            items[i], items[j] = items[j], items[i]
        return tuple(items[:k]), _make(seed, gamma)

    def split(self) -> tuple[Rng, Rng]:
        """Derive an independent stream: ``(child, next_rng)``.

        The child has its own seed and its own gamma (as in ``SplittableRandom.split``),
        so its sequence does not overlap the parent's in practice. Use it where a part of
        the program (e.g. ``determinize``) needs randomness of its own.
        """
        first = (self.seed + self.gamma) & MASK64
        second = (first + self.gamma) & MASK64
        child = _make(_mix64(first), _mix_gamma(second))
        return child, _make(second, self.gamma)


def _make(seed: int, gamma: int) -> Rng:
    """``Rng(seed, gamma)`` without the validators, for values the generator itself
    derived (always in range, the gamma of an existing generator or a mixed odd one)."""
    rng = _new(Rng)
    _set(rng, "seed", seed)
    _set(rng, "gamma", gamma)
    return rng


_new = object.__new__
_set = object.__setattr__


#: Shuffles of this many draws (elements - 1) take :func:`_packed_draws`; fewer are as
#: fast one by one, more would make its constants big.
_PACKED_MIN = 9
_PACKED_MAX = 255
#: The lanes are read as native 64-bit words from the integer's little-endian bytes.
_LITTLE_ENDIAN = sys.byteorder == "little"


@attrs.frozen(eq=False)
class Lanes:
    """The constants of :func:`packed_draws` for a schedule of bounded draws (made by
    :func:`draw_lanes`): ``count`` lanes of 128 bits, a 1 in each (``ones``), each lane's
    step of the generator (``numbers``; ``golden``: times :data:`GOLDEN_GAMMA`, the
    gamma of every generator but a split-off one), the low 64 bits of every lane (``low``), for
    each bit of the bounds the low 64 bits of the lanes whose bound has it (``by_bit``),
    the largest bound (``most``) and the steps in all, the tail included (``steps``)."""

    count: int
    ones: int
    numbers: int
    golden: int
    low: int
    by_bit: tuple[tuple[int, int], ...]
    most: int
    steps: int


def draw_lanes(schedule: Sequence[tuple[int, int]], tail: int) -> Lanes | None:
    """:class:`Lanes` of a schedule of ``(gap, bound)`` draws (each draw below ``bound``
    after ``gap`` steps of the generator not drawn on) then ``tail`` more steps, or None
    where :func:`packed_draws` cannot draw it (no draw, a bound below 1, a big-endian
    machine)."""
    if not schedule or min(bound for _, bound in schedule) < 1 or not _LITTLE_ENDIAN:
        return None
    ones = numbers = low = 0
    by_bit: dict[int, int] = {}
    step = 0
    for k, (gap, bound) in enumerate(schedule):
        step += gap + 1
        shift = 128 * k
        ones |= 1 << shift
        numbers |= step << shift
        low |= MASK64 << shift
        for b in range(bound.bit_length()):
            if bound >> b & 1:
                by_bit[b] = by_bit.get(b, 0) | (MASK64 << shift)
    most = max(bound for _, bound in schedule)
    by = tuple(sorted(by_bit.items()))
    return Lanes(len(schedule), ones, numbers, numbers * GOLDEN_GAMMA, low, by, most, step + tail)


@functools.lru_cache(maxsize=64)
def _shuffle_lanes(count: int) -> Lanes | None:
    """:func:`draw_lanes` of a shuffle's ``count`` draws (below ``count + 1``, then
    ``count``, ... then 2, one step each)."""
    return draw_lanes(tuple((0, count + 1 - k) for k in range(count)), 0)


def packed_draws(lanes: Lanes, seed: int, gamma: int) -> tuple[list[int], int] | None:
    """The draws of a schedule (:func:`draw_lanes`) all at once from the generator state
    ``(seed, gamma)``, and the seed after them, or None if one of them may need Lemire's
    rejection step (then :func:`draws_one_by_one` draws them: the same numbers).

    Each draw sits in its own 128-bit lane of one integer: the generator states, the two
    multiply-xorshift rounds of :func:`_mix64`, and the products by the bounds (a sum of
    shifted lanes, one per bit of the bounds) are a few operations on that integer
    instead of a dozen per draw. A lane's high 64 bits are the draw (as in
    :func:`bounded`); its low 64 bits are what Lemire's method compares with the bound.
    """
    low = lanes.low
    # the default gamma's product made once (Dunhuang's ISMCTS: 1291.6k -> 1287.8k
    # instructions an iteration, benchmarks/instructions.py --ismcts)
    steps = lanes.golden if gamma == GOLDEN_GAMMA else gamma * lanes.numbers
    z = (seed * lanes.ones + steps) & low
    z = (((z ^ (z >> 30)) & low) * 0xBF58476D1CE4E5B9) & low
    z = (((z ^ (z >> 27)) & low) * 0x94D049BB133111EB) & low
    z = (z ^ (z >> 31)) & low
    product = 0
    for b, mask in lanes.by_bit:
        product += (z & mask) << b
    words = memoryview(product.to_bytes(16 * lanes.count, "little")).cast("Q")
    if min(words[::2]) < lanes.most:  # a low part below its bound: a rejection is possible
        return None
    return words[1::2].tolist(), (seed + lanes.steps * gamma) & MASK64


def draws_one_by_one(
    schedule: Sequence[tuple[int, int]], tail: int, seed: int, gamma: int
) -> tuple[list[int], int]:
    """The draws of a schedule of ``(gap, bound)`` (:func:`draw_lanes`) one by one from
    the generator state ``(seed, gamma)``, by :func:`bounded`, and the seed after them and
    ``tail`` more steps: the definition of :func:`packed_draws`."""
    draws = []
    for gap, bound in schedule:
        j, seed = bounded((seed + gap * gamma) & MASK64, gamma, bound)
        draws.append(j)
    return draws, (seed + tail * gamma) & MASK64


def bounded(seed: int, gamma: int, n: int) -> tuple[int, int]:
    """Lemire's unbiased bounded draw from the generator state ``(seed, gamma)``: returns
    (value in [0, n), new seed). The step of :meth:`Rng.randrange`, for a loop that keeps
    the two integers itself instead of a new :class:`Rng` per draw (the search agents'
    hot loop); the same numbers as :meth:`Rng.randrange` from the same state."""
    seed = (seed + gamma) & MASK64
    product = _mix64(seed) * n
    low = product & MASK64
    if low < n:
        threshold = ((1 << 64) - n) % n
        while low < threshold:
            seed = (seed + gamma) & MASK64
            product = _mix64(seed) * n
            low = product & MASK64
    return product >> 64, seed
