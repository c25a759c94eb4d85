"""Record sdcMicro's SUDA and DIS-SUDA scores (suda2) on bundled tables as the peer reference of
``sqlpriv.sample_uniques(...).per_row()``'s ``suda_score`` / ``dis_suda_score`` (issue 26 item 2,
docs/measures.md §9.8). Run once by hand; tests/test_risk_suda.py asserts against what it wrote
(benchmarks/reference/suda2_sdcmicro.json) and never runs R.

    python benchmarks/suda_sdcmicro_reference.py --sdcmicro /path/to/sdcMicro   # a git checkout

Needs R with Rcpp (Debian: ``apt-get install r-base-core r-base-dev r-cran-rcpp r-cran-jsonlite``) and a checkout
of github.com/sdcTools/sdcMicro: its ``src/Suda2.h`` and ``src/Framework.h`` (GPL) are compiled
from that checkout, in a temporary folder, through a one-line Rcpp wrapper written here; nothing
of sdcMicro is copied into this repository. The R side prepares the data as sdcMicro's
``suda2WORK`` does (each column to numbers, NA to the ``missing`` code -999, a constant column
added when there are two) and calls ``Suda2(data, missing, ncol, DisFraction, original_scores =
TRUE)``, sdcMicro's own C++ entry point.

Tables: the SDC Practice Guide's survey (examples/data/sdc_survey.csv, 4 key variables), the
first 2,000 rows of adult (examples/data/adult.csv, 5 key variables) at DisFraction 0.01 and
0.1, and a seeded 60-row table of small integers with NAs (written into the JSON) that shows how
sdcMicro treats missing values.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "benchmarks" / "reference" / "suda2_sdcmicro.json"

WRAPPER = """#include <Rcpp.h>
#include <stdlib.h>
#include <stdarg.h>
#include <string.h>
#include <math.h>
#include <stdio.h>
#include <float.h>
#include <limits.h>
#include <time.h>
#include <malloc.h>
#include "Framework.h"
static constexpr int es_NbHashBit = 16;
static constexpr int es_NbHashList = 1 << es_NbHashBit;
#include "Suda2.h"
// [[Rcpp::export]]
SEXP suda2_peer(SEXP data, SEXP missing, SEXP maxk, SEXP dis, SEXP orig) {
    return Suda2(data, missing, maxk, dis, orig);
}
"""

R_SCRIPT = """library(Rcpp)
library(jsonlite, quietly = TRUE, warn.conflicts = FALSE)
sourceCpp("peer.cpp")
suda <- function(d, dis) {
  x <- d
  if (ncol(x) == 2) x <- cbind(x, rep(1, nrow(x)))
  for (i in seq_len(ncol(x))) if (!is.numeric(x[[i]])) x[[i]] <- as.numeric(as.factor(x[[i]]))
  x <- as.matrix(x); x[is.na(x)] <- -999
  r <- suda2_peer(x, -999, ncol(x), dis, TRUE)$Res
  list(suda_score = r[, ncol(x) + 1], dis_suda_score = r[, ncol(x) + 2])
}
jobs <- fromJSON("jobs.json", simplifyVector = FALSE)
out <- lapply(jobs, function(j) {
  d <- read.csv(j$csv, stringsAsFactors = FALSE, na.strings = "", check.names = FALSE)
  if (!is.null(j$rows)) d <- d[seq_len(j$rows), ]
  s <- suda(d[, unlist(j$columns), drop = FALSE], j$dis_fraction)
  c(j, s)
})
writeLines(toJSON(out, digits = NA, auto_unbox = TRUE, null = "null"), "result.json")
"""


def missing_table(path: Path) -> list[list[int | None]]:
    """A seeded 60-row table of three columns of small integers, one value in six NA."""
    rng = random.Random(26)
    rows = [[None if rng.random() < 1 / 6 else rng.randint(1, 3) for _ in range(3)] for _ in range(60)]
    path.write_text("a,b,c\n" + "".join(",".join("" if v is None else str(v) for v in r) + "\n" for r in rows))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sdcmicro", required=True, type=Path, help="a checkout of github.com/sdcTools/sdcMicro")
    args = parser.parse_args()
    version = next(
        line.split(":", 1)[1].strip()
        for line in (args.sdcmicro / "DESCRIPTION").read_text().splitlines()
        if line.startswith("Version:")
    )
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for name in ("Suda2.h", "Framework.h"):
            (work / name).write_bytes((args.sdcmicro / "src" / name).read_bytes())
        (work / "peer.cpp").write_text(WRAPPER)
        (work / "run.R").write_text(R_SCRIPT)
        rows = missing_table(work / "missing.csv")
        survey = str(ROOT / "examples" / "data" / "sdc_survey.csv")
        adult = str(ROOT / "examples" / "data" / "adult.csv")
        adult_cols = ["sex", "race", "marital-status", "education", "relationship"]
        jobs = [
            {"table": "sdc_survey", "csv": survey, "columns": ["residence", "gender", "educ", "lstat"], "dis_fraction": 0.01},
            {"table": "adult_2000", "csv": adult, "rows": 2000, "columns": adult_cols, "dis_fraction": 0.01},
            {"table": "adult_2000", "csv": adult, "rows": 2000, "columns": adult_cols, "dis_fraction": 0.1},
            {"table": "missing_60", "csv": str(work / "missing.csv"), "columns": ["a", "b", "c"], "dis_fraction": 0.01},
        ]  # fmt: skip
        (work / "jobs.json").write_text(json.dumps(jobs))
        subprocess.run(["Rscript", "run.R"], cwd=work, check=True)
        result = json.loads((work / "result.json").read_text())
    r_version = subprocess.run(["Rscript", "--version"], capture_output=True, text=True).stderr.strip()
    for job in result:
        job.pop("csv")
        if job["table"] == "missing_60":
            job["data"] = rows
    record = {
        "source": f"sdcMicro {version} (github.com/sdcTools/sdcMicro) src/Suda2.h via Rcpp, original_scores = TRUE",
        "command": "python benchmarks/suda_sdcmicro_reference.py --sdcmicro SDCMICRO_CHECKOUT",
        "r": r_version,
        "runs": result,
    }
    OUT.write_text(json.dumps(record, indent=1) + "\n")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
