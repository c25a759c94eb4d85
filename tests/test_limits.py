"""The limits named in sqlpriv/engine/limits.py are the ones the templates use."""

import re
from pathlib import Path

from sqlpriv.engine import layout, limits
from sqlpriv.engine.templates import template_dir


def _literal(path: str, pattern: str) -> int:
    match = re.search(pattern, (Path(template_dir()) / path).read_text(encoding="utf-8"))
    assert match, f"{path} no longer matches {pattern!r}"
    return int(match.group(1))


def test_dbt_exact_limit_is_exact_columns() -> None:
    assert _literal("dbt/check_columns.sql", r"set exact_columns = (\d+)") == limits.EXACT_COLUMNS


def test_chain_frame_code_bits_is_max_packed_columns() -> None:
    assert _literal("engine/chain_frame.sql", r"set code_bits = (\d+)") == limits.MAX_PACKED_COLUMNS


def test_word_mask_and_layout() -> None:
    assert limits.WORD_MASK == 2**limits.WORD_BITS - 1 == 9223372036854775807
    assert layout.MAX_PACKED_COLUMNS == limits.MAX_PACKED_COLUMNS == 62
    # one column per word fills a word's code field exactly at the limit
    assert layout.plan_words([2**limits.MAX_PACKED_COLUMNS - 1])[0][0]["bits"] == limits.MAX_PACKED_COLUMNS
