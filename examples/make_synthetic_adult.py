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
* ``adult_triple(seed=0)``: a small ``(original, control, synthetic)`` of 2,000, 1,000 and 2,000
  rows on eleven columns (disjoint original and control rows drawn from adult, the synthetic
  table made from the original only), bundled as ``examples/data/adult_{original,control,synthetic}.csv``
  for the attacks' worked example (README, docs/attacks.md, the dbt project's seeds).

>>> ori, syn = adult_pair()
>>> len(ori), len(syn), list(ori.columns) == list(syn.columns)
(26049, 26049, True)

Run as a script to write both tables as CSV files:
``python examples/make_synthetic_adult.py OUT_DIR`` (``--triple``: the three small tables instead).
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


#: the columns of the bundled triple (adult without fnlwgt, education-num and the capital columns)
TRIPLE_COLUMNS = [
    "age", "workclass", "education", "marital-status", "occupation", "relationship", "race", "sex",
    "hours-per-week", "native-country", "Salary",
]  # fmt: skip


def adult_triple(
    n_original: int = 2000, n_control: int = 1000, seed: int = 0
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """``(original, control, synthetic)``: disjoint seeded samples of adult (each in input order)
    and a synthetic table of ``n_original`` rows made from the original alone."""
    df = load_adult()[TRIPLE_COLUMNS]
    rng = np.random.default_rng(seed)
    take = rng.choice(len(df), size=n_original + n_control, replace=False)
    ori = df.iloc[np.sort(take[:n_original])].reset_index(drop=True)
    ctl = df.iloc[np.sort(take[n_original:])].reset_index(drop=True)
    return ori, ctl, make_synthetic(ori, seed=seed)


if __name__ == "__main__":  # pragma: no cover
    out_dir = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    out_dir.mkdir(parents=True, exist_ok=True)
    if "--triple" in sys.argv:  # python examples/make_synthetic_adult.py examples/data --triple
        for name, table in zip(("original", "control", "synthetic"), adult_triple()):
            table.to_csv(out_dir / f"adult_{name}.csv", index=False)
            print(f"wrote {out_dir / f'adult_{name}.csv'} ({len(table)} rows)")
        sys.exit(0)
    ori, syn = adult_pair()
    ori.to_csv(out_dir / "adult_ori.csv", index=False)
    syn.to_csv(out_dir / "adult_syn.csv", index=False)
    print(f"wrote {out_dir / 'adult_ori.csv'} ({len(ori)} rows) and {out_dir / 'adult_syn.csv'} ({len(syn)} rows)")
