"""The mutation operators of ``make mutate``.

Cosmic Ray's own operators give the comparisons, numbers, boolean logic, loops and
exception handlers; the four here add what a rules engine gets wrong as often: a
statement left out (an effect never applied, an early return missing), two arguments in
the wrong order, ``in`` for ``not in``, and ``min`` for ``max`` (a cap for a floor).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import parso
from cosmic_ray.operators.operator import Example, Operator
from cosmic_ray.operators.provider import OperatorProvider
from parso.python.tree import Keyword, Name

Position = tuple[tuple[int, int], tuple[int, int]]

#: Cosmic Ray's operators used here: flipped and negated comparisons, numbers off by
#: one, boolean logic, loops and exception handlers, and the arithmetic swaps that can
#: change a count (other operator swaps only crash, which says nothing of the tests).
CORE = (
    "ReplaceComparisonOperator_Eq_NotEq",
    "ReplaceComparisonOperator_NotEq_Eq",
    "ReplaceComparisonOperator_Lt_LtE",
    "ReplaceComparisonOperator_Lt_GtE",
    "ReplaceComparisonOperator_LtE_Lt",
    "ReplaceComparisonOperator_LtE_Gt",
    "ReplaceComparisonOperator_Gt_GtE",
    "ReplaceComparisonOperator_Gt_LtE",
    "ReplaceComparisonOperator_GtE_Gt",
    "ReplaceComparisonOperator_GtE_Lt",
    "ReplaceComparisonOperator_Is_IsNot",
    "ReplaceComparisonOperator_IsNot_Is",
    "NumberReplacer",
    "ReplaceTrueWithFalse",
    "ReplaceFalseWithTrue",
    "ReplaceAndWithOr",
    "ReplaceOrWithAnd",
    "AddNot",
    "ReplaceUnaryOperator_Delete_Not",
    "ReplaceUnaryOperator_USub_UAdd",
    "ReplaceBreakWithContinue",
    "ReplaceContinueWithBreak",
    "ZeroIterationForLoop",
    "ExceptionReplacer",
    "ReplaceBinaryOperator_Add_Sub",
    "ReplaceBinaryOperator_Sub_Add",
    "ReplaceBinaryOperator_Mul_Add",
    "ReplaceBinaryOperator_FloorDiv_Mul",
    "ReplaceBinaryOperator_Mod_FloorDiv",
    "ReplaceBinaryOperator_BitOr_BitAnd",
    "ReplaceBinaryOperator_BitAnd_BitOr",
)

_DELETABLE = {"expr_stmt", "return_stmt", "raise_stmt", "del_stmt"}
_NOT_EXPRESSIONS = {
    "string",
    "keyword",
    "import_name",
    "import_from",
    "assert_stmt",
    "global_stmt",
    "nonlocal_stmt",
    "newline",
    "operator",
    "pass_stmt",
    "break_stmt",
    "continue_stmt",
}


def _function_of(node: Any) -> Any:
    return node.search_ancestor("funcdef")


class DeleteStatement(Operator):
    """A statement inside a function replaced by ``pass``: a call, an update of a
    field, an early ``return``, a ``raise``, or a re-assignment. Left out: docstrings,
    imports, asserts, a function's final ``return`` and the first assignment of a local
    name (both only crash)."""

    def mutation_positions(self, node: Any) -> Iterator[Position]:
        if self._deletable(node):
            yield (node.start_pos, node.end_pos)

    @staticmethod
    def _deletable(node: Any) -> bool:
        parent = node.parent
        if parent is None or parent.type != "simple_stmt" or node.type in _NOT_EXPRESSIONS:
            return False
        if node.type not in _DELETABLE and node.type not in {"atom_expr", "power"}:
            return False
        func = _function_of(node)
        if func is None:
            return False
        if node.type == "return_stmt":
            suite = parent.parent
            last = [c for c in suite.children if c.type not in {"newline"}][-1]
            return not (suite.parent is func and last is parent)
        if node.type == "expr_stmt":
            first = node.children[0]
            second = node.children[1]
            if second.type == "annassign" and len(second.children) == 2:
                return False  # a bare annotation
            if isinstance(first, Name) and getattr(second, "value", "") in {"=", None}:
                before = func.get_code()[: _offset(func, node)]
                return re.search(rf"\b{re.escape(first.value)}\b", before) is not None
        return True

    def mutate(self, node: Any, index: int) -> Any:
        assert index == 0
        return Keyword("pass", node.start_pos, prefix=node.get_first_leaf().prefix)

    @classmethod
    def examples(cls) -> tuple[Example, ...]:
        return (
            Example("def f(x):\n    g(x)\n", "def f(x):\n    pass\n"),
            Example(
                "def f(x):\n    if x:\n        return 1\n    return 2\n",
                "def f(x):\n    if x:\n        pass\n    return 2\n",
            ),
        )


def _offset(func: Any, node: Any) -> int:
    """Characters of ``func``'s code before ``node`` (``node``'s prefix excluded)."""
    lines = func.get_code().split("\n")
    first_line = func.get_first_leaf().start_pos[0] - func.get_first_leaf().prefix.count("\n")
    line, col = node.start_pos
    return sum(len(s) + 1 for s in lines[: line - first_line]) + col


#: Calls whose arguments commute, or whose swap only raises a TypeError.
_UNSWAPPED = {"min", "max", "isinstance", "issubclass", "getattr", "hasattr", "setattr"}


class SwapArguments(Operator):
    """Two neighbouring positional arguments of a call swapped (when they differ)."""

    def mutation_positions(self, node: Any) -> Iterator[Position]:
        for a, b in self._pairs(node):
            yield (a.start_pos, b.end_pos)

    @staticmethod
    def _pairs(node: Any) -> list[tuple[Any, Any]]:
        if node.type != "arglist" or node.parent.type != "trailer":
            return []
        if node.parent.children[0].value != "(":
            return []
        callee = node.parent.get_previous_sibling()
        if isinstance(callee, Name) and callee.value in _UNSWAPPED:
            return []
        if any(c.type == "argument" and c.children[0].value in {"*", "**"} for c in node.children):
            return []  # a starred argument: positions are not known
        args = node.children
        pairs = []
        for i in range(0, len(args) - 2, 2):
            a, b = args[i], args[i + 2]
            if a.type == "argument" or b.type == "argument":
                continue
            if a.get_code().strip() != b.get_code().strip():
                pairs.append((a, b))
        return pairs

    def mutate(self, node: Any, index: int) -> Any:
        a, b = self._pairs(node)[index]
        pa, pb = a.get_first_leaf().prefix, b.get_first_leaf().prefix
        i, j = node.children.index(a), node.children.index(b)
        node.children[i], node.children[j] = b, a
        b.get_first_leaf().prefix, a.get_first_leaf().prefix = pa, pb
        return node

    @classmethod
    def examples(cls) -> tuple[Example, ...]:
        return (Example("f(a, b)", "f(b, a)"),)


class FlipMembership(Operator):
    """``in`` for ``not in`` and back, in a comparison."""

    def mutation_positions(self, node: Any) -> Iterator[Position]:
        if self._is_membership(node):
            yield (node.start_pos, node.end_pos)

    @staticmethod
    def _is_membership(node: Any) -> bool:
        if node.parent is None or node.parent.type != "comparison":
            return False
        if node.type == "keyword" and node.value == "in":
            return True
        return node.type == "comp_op" and [c.value for c in node.children] == ["not", "in"]

    def mutate(self, node: Any, index: int) -> Any:
        assert index == 0
        prefix = node.get_first_leaf().prefix
        text = "in" if node.type == "comp_op" else "not in"
        new = parso.parse(f"a {text} b").children[0].children[1]
        new.get_first_leaf().prefix = prefix
        return new

    @classmethod
    def examples(cls) -> tuple[Example, ...]:
        return (Example("x in y", "x not in y"), Example("x not in y", "x in y"))


class SwapMinMax(Operator):
    """A call of ``min`` made a call of ``max`` and back: a cap becomes a floor."""

    def mutation_positions(self, node: Any) -> Iterator[Position]:
        if (
            isinstance(node, Name)
            and node.value in {"min", "max"}
            and node.get_next_sibling() is not None
            and node.get_next_sibling().type == "trailer"
            and node.get_next_sibling().children[0].value == "("
        ):
            yield (node.start_pos, node.end_pos)

    def mutate(self, node: Any, index: int) -> Any:
        assert index == 0
        node.value = "max" if node.value == "min" else "min"
        return node

    @classmethod
    def examples(cls) -> tuple[Example, ...]:
        return (Example("min(a, b)", "max(a, b)"),)


OWN: dict[str, type[Operator]] = {
    cls.__name__: cls for cls in (DeleteStatement, SwapArguments, FlipMembership, SwapMinMax)
}


def in_annotation(node: Any) -> bool:
    """Whether ``node`` is (part of) a type annotation, which changes nothing at run
    time (every rule module has ``from __future__ import annotations``)."""
    child, parent = node, node.parent
    while parent is not None:
        if parent.type == "tfpdef" and parent.children.index(child) == 2:
            return True
        if parent.type == "funcdef":
            previous = child.get_previous_sibling()
            if previous is not None and previous.type == "operator" and previous.value == "->":
                return True
        elif parent.type == "annassign" and parent.children.index(child) == 1:
            return True
        child, parent = parent, parent.parent
    return False


def is_strict_flag(node: Any) -> bool:
    """Whether ``node`` is the value of a ``strict=`` argument (of ``zip``): the rules
    only zip sequences of one length, so the flag never changes what they do."""
    parent = node.parent
    return (
        parent is not None
        and parent.type == "argument"
        and parent.children[0].type == "name"
        and parent.children[0].value == "strict"
        and parent.children[-1] is node
    )


_LINES: dict[int, tuple[Any, list[str]]] = {}


def _line(node: Any, number: int) -> str:
    root = node.get_root_node()
    cached = _LINES.get(id(root))
    if cached is None or cached[0] is not root:
        cached = (root, root.get_code().splitlines())
        _LINES.clear()
        _LINES[id(root)] = cached
    lines = cached[1]
    return lines[number - 1] if 0 < number <= len(lines) else ""


def not_covered_on_purpose(node: Any) -> bool:
    """Whether ``node`` is code marked ``# pragma: no cover`` (on its line, or on the
    header of a block around it): a branch no game reaches, such as the error raised
    for an operation that does not exist."""
    here: Any = node
    while here is not None:
        if "pragma: no cover" in _line(node, here.start_pos[0]):
            return True
        if here.type == "suite":
            header = here.get_previous_leaf()
            if header is not None and "pragma: no cover" in _line(node, header.start_pos[0]):
                return True
        here = here.parent
    return False


def _outside_annotations(cls: type[Operator]) -> type[Operator]:
    class Wrapped(cls):  # type: ignore[valid-type, misc]
        def mutation_positions(self, node: Any) -> Iterator[Position]:
            if in_annotation(node) or is_strict_flag(node) or not_covered_on_purpose(node):
                return
            yield from super().mutation_positions(node)

    Wrapped.__name__ = Wrapped.__qualname__ = cls.__name__
    return Wrapped


class Provider:
    """The operator set of ``make mutate``: the chosen core operators and the four
    above, under the provider name ``silkroad``; none of them changes an annotation, a
    ``strict=`` flag or code marked ``# pragma: no cover``."""

    def __init__(self) -> None:
        core = OperatorProvider()
        self._operators = {
            name: _outside_annotations(OWN[name] if name in OWN else core[name])
            for name in (*CORE, *OWN)
        }

    def __iter__(self) -> Iterator[str]:
        return iter(self._operators)

    def __getitem__(self, name: str) -> type[Operator]:
        return self._operators[name]


def install() -> None:
    """Make this operator set the only one Cosmic Ray knows in this process."""
    import cosmic_ray.plugins

    cosmic_ray.plugins.OPERATOR_PROVIDERS.clear()
    cosmic_ray.plugins.OPERATOR_PROVIDERS["silkroad"] = Provider()


def get(name: str) -> Operator:
    """An instance of the operator of this name (``silkroad/NAME``)."""
    import cosmic_ray.plugins

    return cosmic_ray.plugins.get_operator(name)()  # type: ignore[no-any-return]
