"""A seeded generator of a realistic synthetic voter roll (the shape of the North
Carolina roll used in Seiler, Mase & Owen 2023, Section 6; no real person in it).

- zip codes with heavily skewed sizes, grouped into counties (contiguous code ranges);
- race shares that vary by zip (a few zips with a large American Indian population);
- party correlated with race and age; gender with a "no answer" level;
- age 18-105, older voters more often White.

Usage::

    python examples/voters.py --rows 7500000 --out voters.parquet

>>> t = generate(1000, seed=1)
>>> t.num_rows, t.column_names
(1000, ['voter_id', 'zip_code', 'county', 'state', 'race', 'party', 'gender', 'age'])
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

RACES = ["White", "Black", "Asian", "American Indian", "Multiracial", "Other", "Undesignated"]
STATE_RACE = np.array([0.63, 0.21, 0.014, 0.008, 0.02, 0.03, 0.088])
PARTIES = ["DEM", "REP", "UNA", "LIB", "GRE"]
GENDERS = ["F", "M", "U"]
N_ZIPS = 800
N_COUNTIES = 100
MAX_ROWS = 10_000_000


def _pick(rng: np.random.Generator, probs: np.ndarray) -> np.ndarray:
    """One categorical draw per row from per-row probability vectors (rows x k)."""
    cum = np.cumsum(probs, axis=1)
    u = rng.random(len(probs))[:, None] * cum[:, -1:]
    return (u > cum).sum(axis=1)


def generate(rows: int, seed: int = 0) -> pa.Table:
    """A synthetic voter roll of ``rows`` rows (at most 10 million), reproducible by ``seed``."""
    if not 1 <= rows <= MAX_ROWS:
        raise ValueError(f"rows must be between 1 and {MAX_ROWS:,}, got {rows}")
    rng = np.random.default_rng(seed)
    # Zip sizes: log-normal, so a few urban zips hold many voters and many rural ones few.
    zip_weight = rng.lognormal(mean=0.0, sigma=1.3, size=N_ZIPS)
    zip_weight /= zip_weight.sum()
    zip_codes = 27006 + np.sort(rng.choice(np.arange(3900), size=N_ZIPS, replace=False))
    county_of_zip = np.minimum((np.arange(N_ZIPS) * N_COUNTIES) // N_ZIPS, N_COUNTIES - 1)
    county_names = np.array([f"County {i + 1:03d}" for i in range(N_COUNTIES)])
    # Race shares per zip: Dirichlet around the state shares; some zips are mostly American Indian.
    zip_race = rng.dirichlet(STATE_RACE * 40, size=N_ZIPS)
    native = rng.choice(N_ZIPS, size=12, replace=False)
    zip_race[native, 3] += rng.uniform(0.3, 0.7, size=len(native))
    zip_race /= zip_race.sum(axis=1, keepdims=True)

    z = rng.choice(N_ZIPS, size=rows, p=zip_weight)
    race = _pick(rng, zip_race[z])
    # Age: older voters more often White; Undesignated skews young.
    a_shape = np.where(race == 0, 2.4, np.where(race == 6, 1.6, 2.0))
    age = 18 + np.floor(rng.beta(a_shape, 3.0, size=rows) * 88).astype(np.int64)
    # Party depends on race and age.
    base = np.array(
        [
            [0.28, 0.42, 0.28, 0.012, 0.008],  # White
            [0.78, 0.04, 0.17, 0.005, 0.005],  # Black
            [0.40, 0.15, 0.43, 0.01, 0.01],  # Asian
            [0.50, 0.17, 0.32, 0.005, 0.005],  # American Indian
            [0.45, 0.12, 0.41, 0.01, 0.01],  # Multiracial
            [0.42, 0.14, 0.42, 0.01, 0.01],  # Other
            [0.25, 0.20, 0.52, 0.02, 0.01],  # Undesignated
        ]
    )
    young = (age < 32)[:, None]
    party_p = base[race] * np.where(young, [0.8, 0.8, 1.6, 2.0, 2.0], [1.0, 1.05, 0.9, 0.8, 0.8])
    party = _pick(rng, party_p)
    gender_p = np.where((race == 6)[:, None], [0.40, 0.35, 0.25], [0.53, 0.44, 0.03])
    gender = _pick(rng, gender_p)
    return pa.table(
        {
            "voter_id": pa.array(np.arange(1, rows + 1, dtype=np.int64)),
            "zip_code": pa.array(zip_codes[z].astype(np.int64)),
            "county": pa.DictionaryArray.from_arrays(county_of_zip[z].astype(np.int32), county_names).cast(pa.string()),
            "state": pa.array(np.full(rows, "NC")),
            "race": pa.DictionaryArray.from_arrays(race.astype(np.int32), RACES).cast(pa.string()),
            "party": pa.DictionaryArray.from_arrays(party.astype(np.int32), PARTIES).cast(pa.string()),
            "gender": pa.DictionaryArray.from_arrays(gender.astype(np.int32), GENDERS).cast(pa.string()),
            "age": pa.array(age),
        }
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="voters.parquet")
    args = parser.parse_args()
    start = time.perf_counter()
    pq.write_table(generate(args.rows, args.seed), args.out)
    print(f"wrote {args.rows:,} voters to {args.out} in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
