"""A seeded, documented synthetic counterpart of the UCI adult table (for sqlpriv's singling-out example).

This is NOT a good synthesiser: it is a cheap, reproducible stand-in with a
known mix of risky and safe records, so that singling-out measures have
something to find.

* ``split_original(df, frac=0.8, seed=0)``: a seeded 80% sample of the rows
  (the "original" a synthesiser would be trained on), in input order.
* ``make_synthetic(original, n=None, seed=0, copy_share=0.5, perturb=0.3)``:
  ``n`` rows (default: as many as the original). Each synthetic row is, with
  probability ``copy_share``, a *perturbed copy* of a random original row
  (each of its columns replaced, with probability ``perturb``, by that
  column's value in another random original row); otherwise it is built by
  *per-column resampling* (every column drawn independently from the
  original's marginal distribution). Missing values are resampled like any
  other value.
* ``adult_pair(seed=0)``: ``(original, synthetic)`` from ``examples/data/adult.csv``
  with the defaults above -- the pair used by the benchmark and the example.

>>> ori, syn = adult_pair()
>>> len(ori), len(syn), list(ori.columns) == list(syn.columns)
(26049, 26049, True)

Run as a script to write both tables as CSV files:
``python examples/make_synthetic_adult.py OUT_DIR``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pandas as pd

ADULT = Path(__file__).resolve().parent / "data" / "adult.csv"


def load_adult(path: str | Path = ADULT) -> pd.DataFrame:
    """The shipped adult table (empty fields are missing values)."""
    return pd.read_csv(path)


def split_original(df: pd.DataFrame, frac: float = 0.8, seed: int = 0) -> pd.DataFrame:
    """A seeded sample of ``round(frac * len(df))`` rows, kept in input order, index reset."""
    rng = np.random.default_rng(seed)
    take = np.sort(rng.choice(len(df), size=int(round(frac * len(df))), replace=False))
    return df.iloc[take].reset_index(drop=True)


def make_synthetic(
    original: pd.DataFrame,
    n: int | None = None,
    seed: int = 0,
    copy_share: float = 0.5,
    perturb: float = 0.3,
) -> pd.DataFrame:
    """Per-column resampling mixed with perturbed copies (see the module docstring)."""
    rng = np.random.default_rng(seed + 1)
    m = len(original)
    n = m if n is None else n
    is_copy = rng.random(n) < copy_share
    base = rng.integers(0, m, size=n)
    out = {}
    for col in original.columns:
        values = original[col].to_numpy()
        other = rng.integers(0, m, size=n)
        replace = (~is_copy) | (rng.random(n) < perturb)
        out[col] = np.where(replace, values[other], values[base])
    syn = pd.DataFrame(out)
    return syn.astype(original.dtypes.to_dict())


def adult_pair(seed: int = 0) -> tuple[pd.DataFrame, pd.DataFrame]:
    """``(original, synthetic)``: the 80% split of adult and its synthetic counterpart."""
    ori = split_original(load_adult(), seed=seed)
    return ori, make_synthetic(ori, seed=seed)


if __name__ == "__main__":  # pragma: no cover
    out_dir = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    out_dir.mkdir(parents=True, exist_ok=True)
    ori, syn = adult_pair()
    ori.to_csv(out_dir / "adult_ori.csv", index=False)
    syn.to_csv(out_dir / "adult_syn.csv", index=False)
    print(f"wrote {out_dir / 'adult_ori.csv'} ({len(ori)} rows) and {out_dir / 'adult_syn.csv'} ({len(syn)} rows)")
