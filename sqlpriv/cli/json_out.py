"""The JSON the CLI writes (``--format json``, docs/cli.md): one object per command, with
``schema_version`` first; every key a stable snake_case identifier (a table's sentence title is
only a label of the text output); numbers as numbers.

>>> import pandas as pd
>>> json_records(pd.DataFrame({"figure": ["k"], "value": [2]}))
[{'figure': 'k', 'value': 2}]
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

#: ``schema_version`` at the top of every JSON object the CLI writes (docs/cli.md); 2 (issue 46):
#: every key a snake_case identifier, the sentence titles only in the text output
JSON_SCHEMA_VERSION = 2


def json_key(title: str) -> str:
    """A table's title as its key in ``--format json``: a snake_case identifier.

    >>> json_key("FIG: sum of cig per column"), json_key("before / after"), json_key("privacy profile")
    ('fig_sum_of_cig_per_column', 'before_after', 'privacy_profile')
    """
    key = re.sub(r"[^a-z0-9]+", "_", title.lower()).strip("_")
    return key if key[:1].isalpha() else f"t_{key}"


def json_records(df: pd.DataFrame) -> list[dict[str, Any]]:
    """The rows of ``df`` as JSON objects (numbers as numbers, NaN as null)."""
    return list(json.loads(df.to_json(orient="records", double_precision=15)))


def print_json(payload: dict[str, Any]) -> None:
    """One JSON object on stdout, ``schema_version`` first (:data:`JSON_SCHEMA_VERSION`)."""
    print(json.dumps({"schema_version": JSON_SCHEMA_VERSION, **payload}, indent=2))
