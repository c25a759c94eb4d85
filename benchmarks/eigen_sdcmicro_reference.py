"""Record sdcMicro's eigenvalue information loss of microaggregation (``dUtility(x, xm, method =
"eigen")``, with ``IL1s`` beside it) as the peer reference of ``sqlpriv.microaggregate(...).eigen()``
(issue 44 item 5, docs/measures.md, microaggregation). Run once by hand; tests/test_eigen_sdcmicro.py
asserts against what it wrote (benchmarks/reference/eigen_sdcmicro.json) and never runs R.

    python benchmarks/eigen_sdcmicro_reference.py            # needs Rscript with sdcMicro and jsonlite

The R side calls sdcMicro's own ``microaggregation()`` and ``dUtility()``; nothing of sdcMicro is
copied into this repository. Figures carry 15 significant digits (jsonlite's most). Cases: sdcMicro's ``testdata`` (its expend, income, savings; the same
4,580 rows as tests/data/sdcmicro_testdata_num.csv.gz), MDAV and onedims with aggr = 3; and a seeded
40-row table of three correlated columns (written into the JSON with sdcMicro's released values)
with MDAV (aggr 3 and 4) and onedims (aggr 3 mean, aggr 4 median). No MDAV median case: sdcMicro
5.8.1's MDAV ignores ``measure`` (its ``micro_mdav`` always returns the group means, and says
measure = "mean"), while sqlpriv's ``measure="median"`` takes each group's median.
"""

from __future__ import annotations

import json
import os
import platform
import random
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "benchmarks" / "reference" / "eigen_sdcmicro.json"

R_SCRIPT = """suppressMessages(library(sdcMicro))
library(jsonlite, quietly = TRUE, warn.conflicts = FALSE)
data(testdata)
jobs <- fromJSON("jobs.json", simplifyVector = FALSE)
out <- lapply(jobs, function(j) {
  if (is.null(j$rows)) {
    x <- testdata[, unlist(j$columns)]
  } else {
    x <- as.data.frame(do.call(rbind, lapply(j$rows, unlist)))
    names(x) <- unlist(j$columns)
  }
  m <- microaggregation(x, variables = unlist(j$columns), method = j$method, aggr = j$aggr, measure = j$measure)
  mx <- as.data.frame(m$mx)[, unlist(j$columns)]
  j$eigen <- dUtility(x, xm = mx, method = "eigen")
  j$il1s <- dUtility(x, xm = mx, method = "IL1s")
  if (!is.null(j$rows)) j$released <- unname(lapply(seq_len(nrow(mx)), function(i) unname(unlist(mx[i, ]))))
  j
})
cat(toJSON(list(sdcmicro = as.character(packageVersion("sdcMicro")), r = R.version.string,
                cases = out), digits = NA, auto_unbox = TRUE, null = "null"), file = "result.json")
"""


def seeded_table() -> list[list[float]]:
    """40 rows of three correlated columns (a shared factor plus noise), values to 3 decimals."""
    rng = random.Random(44)
    rows = []
    for _ in range(40):
        f = rng.gauss(0, 1)
        a, b = 10 + 3 * f + rng.gauss(0, 1), 50 - 8 * f + rng.gauss(0, 4)
        rows.append([round(a, 3), round(b, 3), round(rng.uniform(0, 5), 3)])
    return rows


def jobs() -> list[dict]:
    testdata = ["expend", "income", "savings"]
    small = ["a", "b", "c"]
    rows = seeded_table()
    return [
        {"name": "testdata_mdav3", "columns": testdata, "method": "mdav", "aggr": 3, "measure": "mean"},
        {"name": "testdata_onedims3", "columns": testdata, "method": "onedims", "aggr": 3, "measure": "mean"},
        {"name": "seeded_mdav3", "columns": small, "rows": rows, "method": "mdav", "aggr": 3, "measure": "mean"},
        {"name": "seeded_mdav4", "columns": small, "rows": rows, "method": "mdav", "aggr": 4, "measure": "mean"},
        {
            "name": "seeded_onedims4_median",
            "columns": small,
            "rows": rows,
            "method": "onedims",
            "aggr": 4,
            "measure": "median",
        },
        {"name": "seeded_onedims3", "columns": small, "rows": rows, "method": "onedims", "aggr": 3, "measure": "mean"},
    ]


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "jobs.json").write_text(json.dumps(jobs()), encoding="utf-8")
        (work / "peer.R").write_text(R_SCRIPT, encoding="utf-8")
        before = os.times()
        subprocess.run(["Rscript", "peer.R"], cwd=work, check=True)
        after = os.times()
        result = json.loads((work / "result.json").read_text(encoding="utf-8"))
    result["recorded_by"] = "python benchmarks/eigen_sdcmicro_reference.py"
    result["machine"] = f"{platform.machine()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f} (loaded)"
    result["r_cpu_s"] = round(
        after.children_user + after.children_system - before.children_user - before.children_system, 2
    )
    cases = result.pop("cases")
    head = json.dumps(result, indent=1)[:-2]  # one case a line: the file diffs by case
    body = ",\n".join("  " + json.dumps(case) for case in cases)
    OUT.write_text(f'{head},\n "cases": [\n{body}\n ]\n}}\n', encoding="utf-8")
    for case in cases:
        print(f"{case['name']}: eigen {case['eigen']!r}, IL1s {case['il1s']!r}")


if __name__ == "__main__":
    main()
