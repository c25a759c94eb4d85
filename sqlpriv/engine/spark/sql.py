"""Every Spark SQL statement sqlpriv runs goes through :func:`run`: with Spark's variable
substitution (``spark.sql.variable.substitute``, on by default) turned off while Spark parses it,
so that ``${env:SECRET}`` or ``${system:user.home}`` in a hierarchy label, a column name or an
expression reaches Spark as the text it is, never as the value of a variable. The session's own
setting is put back afterwards (a user's session is left as it was found).

>>> SUBSTITUTE
'spark.sql.variable.substitute'
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

SUBSTITUTE = "spark.sql.variable.substitute"


@contextlib.contextmanager
def no_substitution(spark: Any) -> Iterator[None]:
    """Spark's variable substitution off inside the ``with`` block, the session's value restored after."""
    before = spark.conf.get(SUBSTITUTE, None)
    spark.conf.set(SUBSTITUTE, "false")
    try:
        yield
    finally:
        if before is None:
            spark.conf.unset(SUBSTITUTE)
        else:
            spark.conf.set(SUBSTITUTE, before)


def run(spark: Any, text: str) -> Any:
    """``spark.sql(text)`` parsed with variable substitution off (a lazy DataFrame)."""
    with no_substitution(spark):
        return spark.sql(text)
