"""The shape of Tables 4-6 of Seiler, Mase & Owen (2023) on a synthetic voter roll.

Table 4: global uniqueness Shapley and marginal entropy of zip code, race, party,
         gender and age.
Table 5: mean Shapley values within subgroups (party, gender, race, age quartiles).
Table 6: coarsening location (zip -> county -> state) and age (1, 5, 10, 25 years,
         one bucket) through column expressions -- no second code path.

Run:  python examples/voters_tables.py [--rows 1000000] [--seed 0]
(the paper's roll had 7.5 million voters; `--rows 7500000` reproduces that size).
"""

from __future__ import annotations

import argparse
import time

import pandas as pd
from voters import generate

import sqlpriv

BASE = ["zip_code", "race", "party", "gender", "age"]


def row_of(result: sqlpriv.ShapleyResult, label: str) -> pd.Series:
    s = result.summary().df().set_index("column")["shapley"]
    s.name = label
    return s


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    start = time.perf_counter()
    voters = generate(args.rows, args.seed)
    fmt = {"float_format": lambda x: f"{x:.2f}"}

    r = sqlpriv.uniqueness_shapley(voters, BASE)
    summary = r.summary().df().set_index("column")
    print(f"Table 4: {args.rows:,} synthetic voters, average uniqueness Shapley and marginal entropy (bits)")
    print(summary[["shapley", "entropy"]].T.to_string(**fmt))

    print("\nTable 5: mean Shapley values by subgroup; share of the population")
    blocks = []
    quartiles = (
        "case when age < 32 then '1: < 32' when age < 48 then '2: 32-48' "
        "when age < 63 then '3: 48-63' else '4: > 63' end"
    )
    for expr in ["party", "gender", "race", quartiles]:
        by = r.by(expr).df()
        by["share"] = (100 * by["share"]).round(0)
        blocks.append(by.set_index("level")[BASE + ["share"]])
    print(pd.concat(blocks).to_string(**fmt))

    print("\nTable 6: coarsening location and age through column expressions")
    rows = []
    for label, loc in [("Zip Code", "zip_code"), ("County", "county"), ("State", "state")]:
        res = sqlpriv.uniqueness_shapley(voters, [{"location": loc}, "race", "party", "gender", "age"])
        rows.append(row_of(res, label))
    print(pd.DataFrame(rows).to_string(**fmt))
    rows = []
    for label, expr in [
        ("Single year", "age"),
        ("5 year age buckets", "age // 5"),
        ("10 year", "age // 10"),
        ("25 year", "age // 25"),
        ("One bucket", "0"),
    ]:
        res = sqlpriv.uniqueness_shapley(voters, ["zip_code", "race", "party", "gender", {"age": expr}])
        rows.append(row_of(res, label))
    print(pd.DataFrame(rows).to_string(**fmt))
    print(f"\n(all tables in {time.perf_counter() - start:.1f} s, including data generation)")


if __name__ == "__main__":
    main()
