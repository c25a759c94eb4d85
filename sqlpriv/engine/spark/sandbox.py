"""The expression sandbox for Spark: the same rules as :mod:`sqlpriv.engine.sandbox`, on Spark's
own parser.

The text is parsed by Spark's expression parser (``parseExpression``: one expression, nothing
after it) and the unresolved Catalyst tree is walked BEFORE anything is analysed (analysing a
subquery over a file would already list and read it): only constants, operators, ``CASE``,
casts, lambdas, references to the source's columns (a struct field of one included) and calls of
the reviewed pure scalar functions (:data:`sqlpriv.engine.functions.SPARK_ALLOWED`, also listed
by the session's own function registry) pass. ``reflect``, ``java_method``,
``input_file_name``, ``current_user``, user-defined functions, subqueries, aggregates, windows,
generators, parameters and ``*`` are refused with :class:`~sqlpriv.errors.UnsafeExpressionError`.
The analysed expression must then be deterministic.

pyspark is needed only when a Spark source is used.

>>> refusal("reflect", 3)
'the function reflect(), which is not an allowed scalar function'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlpriv.engine.functions import spark_allowed, spark_known, unknown_function
from sqlpriv.engine.sandbox import MAX_LENGTH
from sqlpriv.errors import UnsafeExpressionError

#: Catalyst classes of the parsed (unresolved) tree that are never allowed, with what to call them
REFUSED_CLASSES = {
    "ScalarSubquery": "a subquery",
    "Exists": "a subquery",
    "ListQuery": "a subquery",
    "InSubquery": "a subquery",
    "LateralSubquery": "a subquery",
    "UnresolvedStar": "a * star expression",
    "UnresolvedRegex": "a regex column reference",
    "UnresolvedOrdinal": "a positional reference",
    "NamedParameter": "a parameter",
    "PosParameter": "a parameter",
    "UnresolvedWindowExpression": "a window function",
    "WindowExpression": "a window function",
    "UnresolvedAlias": "an alias",
    "Alias": "an alias",
    "UnresolvedTableValuedFunction": "a table function",
    "UnresolvedGenerator": "a generator",
    "UnresolvedOuterReference": "an outer reference",
}
#: the only unresolved (parser-made) classes allowed; every other ``Unresolved*`` class, and any
#: class that names what it calls by an expression (``IDENTIFIER('my_udf')(x)`` is an
#: ``ExpressionWithUnresolvedIdentifier``), is refused: a function is only called by its name, checked
ALLOWED_UNRESOLVED = frozenset(
    {"UnresolvedFunction", "UnresolvedAttribute", "UnresolvedExtractValue", "UnresolvedNamedLambdaVariable"}
)
#: words in a class name (parsed or analysed) that mark a call of user code or a name resolved late
REFUSED_WORDS = ("Identifier", "UDF", "UDAF", "UDTF", "Python", "UserDefined", "Subquery", "Parameter")
#: a parsed expression larger than this many nodes is refused (a bound on the walk)
MAX_NODES = 5_000


def refusal(function: str, arity: int) -> str:
    """How a refused function call is named in the message."""
    return f"the function {function}(), which is not an allowed scalar function"


def _refuse(expr: str, what: str, columns: Sequence[str]) -> UnsafeExpressionError:
    return UnsafeExpressionError(
        f"expression {expr!r} is refused: it contains {what}; an expression may only compute a value "
        "from the source's columns with pure built-in scalar functions; available columns: "
        + (", ".join(repr(c) for c in columns) or "none")
    )


def _seq(seq: Any) -> list[Any]:
    return [seq.apply(i) for i in range(seq.size())]


def check_parsed(spark: Any, parsed: Any, expr: str, columns: Sequence[str]) -> None:
    """Walk Spark's unresolved expression tree ``parsed`` (a py4j object); raise if any part is refused."""
    allowed = spark_allowed(spark)
    known = {c.lower() for c in columns}
    todo = [parsed]
    seen = 0
    while todo:
        node = todo.pop()
        seen += 1
        if seen > MAX_NODES:
            raise UnsafeExpressionError(f"expression is refused: more than {MAX_NODES} parts")
        cls = str(node.getClass().getSimpleName())
        if cls in REFUSED_CLASSES:
            raise _refuse(expr, REFUSED_CLASSES[cls], columns)
        if any(word in cls for word in REFUSED_WORDS) or (
            cls.startswith("Unresolved") and cls not in ALLOWED_UNRESOLVED
        ):
            raise _refuse(expr, refused_class(cls), columns)
        if cls == "UnresolvedFunction":
            parts = [str(p) for p in _seq(node.nameParts())]
            name = ".".join(parts)
            if len(parts) != 1 or parts[0].lower() not in allowed:
                typo = unknown_function(name, allowed, spark_known(spark)) if len(parts) == 1 else None
                if typo:
                    raise UnsafeExpressionError(f"expression {expr!r}: {typo} (Spark has no function of that name)")
                raise _refuse(expr, refusal(name, 0), columns)
            if bool(node.isDistinct()) or bool(node.filter().isDefined()):
                raise _refuse(expr, f"an aggregate form of {name}()", columns)
        elif cls == "UnresolvedAttribute":
            parts = [str(p) for p in _seq(node.nameParts())]
            if not parts or parts[0].lower() not in known:
                raise _refuse(expr, f"a reference to {'.'.join(parts)}, which is not a column of the source", columns)
        todo.extend(_seq(node.children()))


def refused_class(cls: str) -> str:
    """How a refused Catalyst class is named in the message.

    >>> refused_class("ExpressionWithUnresolvedIdentifier")
    'IDENTIFIER(...) (a function or column named by an expression), which is not allowed'
    """
    if "Identifier" in cls:
        return "IDENTIFIER(...) (a function or column named by an expression), which is not allowed"
    return f"a {cls}, which is not allowed"


def check_analysed(analysed: Any, expr: str, columns: Sequence[str]) -> None:
    """Walk every expression of the analysed plan ``analysed``: no user-defined function (Scala,
    Java, Python, Hive), however it was named, and nothing the parser walk refuses."""
    todo = list(_seq(analysed.expressions()))
    seen = 0
    while todo:
        node = todo.pop()
        seen += 1
        if seen > MAX_NODES:
            raise UnsafeExpressionError(f"expression is refused: more than {MAX_NODES} parts")
        cls = str(node.getClass().getSimpleName())
        if any(word in cls for word in REFUSED_WORDS):
            raise _refuse(expr, refused_class(cls), columns)
        todo.extend(_seq(node.children()))


def check_text(expr: str, columns: Sequence[str]) -> None:
    """The checks made on the text itself: non-empty, bounded, no NUL, no comment, no ';'."""
    if not isinstance(expr, str) or not expr.strip():
        raise UnsafeExpressionError(f"an expression must be non-empty SQL text, got {expr!r}")
    if len(expr) > MAX_LENGTH:
        raise UnsafeExpressionError(f"expression of {len(expr)} characters is refused (at most {MAX_LENGTH})")
    if "\x00" in expr:
        raise _refuse(expr, "a NUL character", columns)
    if _has_comment(expr):
        raise _refuse(expr, "a comment (-- or /* */), which could hide part of it", columns)


def _has_comment(expr: str) -> bool:
    r"""Whether ``--`` or ``/*`` occurs outside Spark's quotes ('...', "...", `...`; backslash
    escapes inside string literals).

    >>> _has_comment("a -- b"), _has_comment("'--' || `x--y`"), _has_comment("'it\\'s' /* c */")
    (True, False, True)
    """
    quote = ""
    i = 0
    while i < len(expr):
        ch = expr[i]
        if quote:
            if ch == "\\" and quote != "`":
                i += 2
                continue
            if ch == quote:
                quote = ""
        elif ch in "'\"`":
            quote = ch
        elif expr[i : i + 2] in ("--", "/*"):
            return True
        i += 1
    return False
