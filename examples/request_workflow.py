"""Cave's request workflow on a seeded synthetic customer table (1,000 rows, like the article's).

    python examples/request_workflow.py

1. estimate while composing a request (the privacy profile, product of field factors),
2. gate on submission (assess_request: decision + exact joint figures + warnings),
3. re-check the delivered data (the same gate on the extract actually produced).
"""

from __future__ import annotations

import duckdb
import numpy as np
import pandas as pd

from sqlpriv.request.measure import assess_request, privacy_profile


def customers(n: int = 1000, seed: int = 42) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    states = [f"S{i:02d}" for i in range(12)]
    state = rng.choice(states, n)
    return pd.DataFrame(
        {
            "customer_id": rng.choice(10**9, n, replace=False),  # not permutation(10**9): 8 GB for 1,000 ids
            "ssn": [f"{x:09d}" for x in rng.choice(10**9, n, replace=False)],
            "first_name": rng.choice([f"name{i}" for i in range(120)], n),
            "gender": rng.choice(["woman", "man", "neutral"], n, p=[0.47, 0.508, 0.022]),
            "age": rng.integers(18, 80, n),
            "hobbies": rng.choice(["reading", "golf", "chess", "hiking", "music", None], n),
            "state": state,
            "municipality": [f"{s}-m{rng.integers(0, 40)}" for s in state],
            "registered": pd.Timestamp("2020-01-01") + pd.to_timedelta(rng.integers(0, 1200, n), unit="D"),
            "total_sales": rng.gamma(2.0, 800.0, n).round(2),
        }
    )


def main() -> None:
    data = customers()

    print("1. privacy profile (estimate while composing a request)")
    profile = privacy_profile(data).df()
    print(profile.round(4).to_string(index=False))
    con = duckdb.connect()
    con.register("profile", profile)
    for name, fields in {
        "R00001": ["gender", "age", "hobbies"],
        "R00002": ["state", "municipality", "registered"],
    }.items():
        estimate = con.execute(
            'select product(privacy_factor) from profile where "column" in (select unnest(?))', [fields]
        ).fetchone()[0]
        print(f"   estimate {name} {fields}: {estimate:.4f}")

    print("\n2. gate on submission")
    for request in (
        ["gender", "age", "hobbies"],
        ["gender", {"age10": "age // 10"}, "hobbies"],
        ["state", "municipality", "registered"],
        ["state", {"year": "year(registered)"}, {"sales_k": "round(total_sales, -3)"}],
    ):
        a = assess_request(data, request, approve=0.8, reject=0.2, k=5)
        print(
            f"   {a.request}: score {a.score:.4f} -> {a.decision}; joint: {a.joint['classes']} classes, "
            f"smallest {a.joint['smallest_class']}, {a.joint['share_unique']:.1%} unique"
        )
        for w in a.warnings:
            print(f"     warning: {w}")

    print("\n3. re-check the delivered data")
    delivered = data.assign(age10=data["age"] // 10)[["gender", "age10", "hobbies"]]
    a = assess_request(delivered, list(delivered.columns))
    print(f"   delivered extract: score {a.score:.4f} -> {a.decision}")
    print(a.uniqueness().df().to_string(index=False))


if __name__ == "__main__":
    main()
