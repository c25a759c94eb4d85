"""Regenerate the PETsARD 1.10.1 reference output used by tests/test_singling_out.py.

Command (run once, in a venv holding petsard==1.10.1, pandas<3, numpy<2, pyyaml, tqdm):

    /tmp/venv-petsard/bin/python tests/data/singling_out/make_petsard_fixture.py

It writes ori.csv / syn.csv (300-row slices, 6 columns, of the seeded adult pair from
examples/make_synthetic_adult.py) and, for max_baseline_cols 2 and None (all columns),
petsard_<k>_global.csv, petsard_<k>_details.csv, petsard_<k>_tree.csv.
PETsARD's package __init__ imports many optional extras, so the evaluator module is loaded
with its parent packages stubbed (the evaluator itself is untouched).
"""

import sys
import types
from pathlib import Path

HERE = Path(__file__).resolve().parent
COLUMNS = ["age", "workclass", "education", "sex", "hours-per-week", "race"]


def main() -> None:
    site = [p for p in sys.path if p.endswith("site-packages")][0]
    for name in ("petsard", "petsard.evaluator"):
        module = types.ModuleType(name)
        module.__path__ = [site + "/" + name.replace(".", "/")]
        sys.modules[name] = module
    import pandas as pd
    from petsard.evaluator.mpuccs import MPUCCs

    sys.path.insert(0, str(HERE.parents[2] / "examples"))
    from make_synthetic_adult import adult_pair

    ori, syn = adult_pair()
    ori[COLUMNS].iloc[:300].to_csv(HERE / "ori.csv", index=False)
    syn[COLUMNS].iloc[:300].to_csv(HERE / "syn.csv", index=False)
    ori, syn = pd.read_csv(HERE / "ori.csv"), pd.read_csv(HERE / "syn.csv")
    for k in (2, None):
        res = MPUCCs({"eval_method": "mpuccs", "max_baseline_cols": k}).eval({"ori": ori, "syn": syn})
        tag = "all" if k is None else str(k)
        for part in ("global", "details", "tree"):
            res[part].to_csv(HERE / f"petsard_{tag}_{part}.csv", index=False)
        print(tag, res["global"].to_dict("records"))


if __name__ == "__main__":
    main()
