"""Every ```python and ```bash block of the documentation pages runs as pasted from the repository
root (issue 42 item 6: the reference moved from the README to one page per family, and its
snippets stay tested).

The pages of PAGES run in order, in one temporary copy of the repository (what a block writes
under ``examples/out/`` is there for the blocks after it; nothing lands in the real checkout),
each block the way tests/test_readme.py runs the README's: Python with ``python -c``, shell with
``bash -e -o pipefail``, from the copy's root. A block that cannot run in a test carries the
README's marker line with its reason (``<!-- readme-test: skip (...) -->``). A page with runnable
blocks is either in PAGES or in NOT_RUN with the reason.
"""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from tests.conftest import REPO
from tests.test_readme import BLOCK_TIMEOUT, IGNORE, RUN, Block, Runner, parse

DOCS = REPO / "docs"
PAGES = [
    "shapley.md",
    "pif.md",
    "request.md",
    "singling_out.md",
    "risk.md",
    "disclosure.md",
    "generalize.md",
    "attacks.md",
    "cells.md",
    "report.md",
    "cli.md",
]
NOT_RUN = {
    "spark.md": "needs a SparkSession or spark-submit; tests/test_spark*.py run these calls",
    "dbt.md": "installs the dbt extra; tests/test_dbt_project.py builds the project",
    "security.md": "its blocks show attacks on the shell; tests/test_security*.py run them",
}
MAX_SKIPS_PER_PAGE = 2


def _blocks() -> list[tuple[str, Block]]:
    found = []
    for page in PAGES:
        blocks, dangling = parse((DOCS / page).read_text(encoding="utf-8"))
        assert not dangling, f"docs/{page}: skip markers not directly before a block, lines {dangling}"
        found += [(page, b) for b in blocks if b.lang in RUN]
    return found


BLOCKS = _blocks()


class PagesRunner(Runner):
    """The README's runner over the pages' blocks, in page order."""

    def result(self, index: int) -> subprocess.CompletedProcess | str:
        for i in range(index + 1):
            if i not in self.results:
                self.results[i] = self._run(BLOCKS[i][1])
        return self.results[index]


@pytest.fixture(scope="module")
def runner(tmp_path_factory) -> PagesRunner:
    root = tmp_path_factory.mktemp("docs") / "repo"
    shutil.copytree(REPO, root, ignore=IGNORE)
    return PagesRunner(root)


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(BLOCKS)), ids=[f"{p[:-3]}-{b.id}" for p, b in BLOCKS])
def test_docs_block_runs_as_pasted(runner, index):
    page, block = BLOCKS[index]
    where = f"docs/{page} line {block.line} ({block.lang}, section {block.heading!r})"
    if block.skip is not None:
        pytest.skip(f"{where}: {block.skip}")
    out = runner.result(index)
    if isinstance(out, str):
        pytest.fail(f"{where} {out} (limit {BLOCK_TIMEOUT} s)")
    assert out.returncode == 0, (
        f"{where} exited {out.returncode}:\n{block.code}\n--- stderr ---\n{out.stderr[-3000:]}\n"
        f"--- stdout ---\n{out.stdout[-1000:]}"
    )


def test_every_page_with_runnable_blocks_is_run_or_excused():
    for path in sorted(DOCS.glob("*.md")):
        blocks, _ = parse(path.read_text(encoding="utf-8"))
        if any(b.lang in RUN for b in blocks):
            assert path.name in PAGES or path.name in NOT_RUN, f"docs/{path.name}: add it to PAGES"
    assert not set(PAGES) & set(NOT_RUN)
    for reason in NOT_RUN.values():
        assert len(reason.split()) >= 3


def test_skips_are_few_and_justified_on_every_page():
    for page in PAGES:
        skipped = [b for p, b in BLOCKS if p == page and b.skip is not None]
        assert len(skipped) <= MAX_SKIPS_PER_PAGE, (page, [b.line for b in skipped])
        for b in skipped:
            assert len(b.skip.split()) >= 3, f"docs/{page} line {b.line}: say why the block is skipped"


def test_no_snippet_reads_a_file_that_nothing_makes():
    """As for the README: every relative data path a page's runnable block reads is in the
    repository, under examples/out/ (written by a block), or written by an earlier block."""
    path = re.compile(r"""["'\s=(]((?:examples|tests)/[\w./-]+\.(?:csv|parquet|json|jsonl|duckdb))""")
    made: set[str] = set()
    for page, b in BLOCKS:
        if b.skip is not None:
            continue
        for found in path.findall(" " + b.code):
            assert (REPO / found).exists() or found in made or found.startswith("examples/out/"), (page, b.id, found)
        made.update(re.findall(r"examples/out/[\w.-]+", b.code))


def test_the_pages_have_blocks_to_run():
    assert len([b for _, b in BLOCKS if b.skip is None]) >= 25
