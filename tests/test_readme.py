"""Every ```python and ```bash block of README.md runs as pasted from the repository root
(issue 15 item 1).

The blocks run in README order, in one temporary copy of the repository (so what a block
writes, e.g. ``examples/out/voters.parquet``, is there for the blocks after it, and nothing
lands in the real checkout): Python blocks with ``python -c`` and shell blocks with
``bash -e`` (``-o pipefail``), each from the copy's root, with this interpreter's ``bin``
first on PATH (``sqlpriv``, ``duckdb``, ``python``). A block that cannot run in a test
(it installs packages, needs a server) is preceded by a marker line with the reason::

    <!-- readme-test: skip (installs the dbt extra; tests/test_dbt_project.py builds it) -->

Skipped blocks are few and justified: at most MAX_SKIPS, each with a reason of a few words.
New README sections are picked up on their own; a block that needs something CI lacks must
either be made to run or carry the marker. ```console, ```sql, ```yaml and unlabelled blocks
are illustrations (prompts, output) and are not run.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import REPO

README = REPO / "README.md"
RUN = ("python", "bash")
MARKER = re.compile(r"^<!--\s*readme-test:\s*skip\s*\((?P<reason>[^)]*)\)\s*-->\s*$")
MAX_SKIPS = 4
BLOCK_TIMEOUT = 300
IGNORE = shutil.ignore_patterns(
    ".git",
    "__pycache__",
    ".pytest_cache",
    ".hypothesis",
    "*.egg-info",
    "build",
    "dist",
    ".venv*",
    "*.duckdb",
    "*.duckdb.wal",
    "target",
    "dbt_packages",
    "logs",
)


@dataclass
class Block:
    line: int  # 1-based line of the opening fence
    lang: str
    code: str
    heading: str
    skip: str | None  # the marker's reason

    @property
    def id(self) -> str:
        slug = re.sub(r"[^a-z0-9]+", "-", self.heading.lower()).strip("-")[:40]
        return f"L{self.line}-{self.lang}-{slug}"


def parse(text: str) -> tuple[list[Block], list[int]]:
    """The fenced blocks of a Markdown text (all languages), and the lines of markers that are
    not directly followed by a block (dangling)."""
    lines = text.split("\n")
    blocks: list[Block] = []
    dangling: list[int] = []
    heading, pending = "", None  # pending: (line, reason) of a marker waiting for its block
    i = 0
    while i < len(lines):
        line = lines[i]
        fence = re.match(r"^(\s*)(`{3,}|~{3,})\s*([\w+-]*)", line)
        if fence:
            indent, ticks, lang = fence.groups()
            body = []
            i += 1
            while i < len(lines) and not lines[i].strip().startswith(ticks):
                body.append(lines[i][len(indent) :] if lines[i].startswith(indent) else lines[i])
                i += 1
            blocks.append(
                Block(i - len(body), lang.lower(), "\n".join(body) + "\n", heading, pending[1] if pending else None)
            )
            pending = None
        else:
            m = MARKER.match(line.strip())
            if m:
                if pending:
                    dangling.append(pending[0])
                pending = (i + 1, m.group("reason").strip())
            elif line.strip():
                if pending:
                    dangling.append(pending[0])
                    pending = None
                if line.startswith("#"):
                    heading = line.lstrip("#").strip()
        i += 1
    if pending:
        dangling.append(pending[0])
    return blocks, dangling


BLOCKS, DANGLING = parse(README.read_text(encoding="utf-8"))
RUNNABLE = [b for b in BLOCKS if b.lang in RUN]


class Runner:
    """Runs the README's runnable blocks in order in one copy of the repository, each once."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.results: dict[int, subprocess.CompletedProcess | str] = {}
        bin_dir = str(Path(sys.executable).parent)
        self.env = dict(
            os.environ,
            PATH=bin_dir + os.pathsep + os.environ.get("PATH", ""),
            MPLBACKEND="Agg",
            PYTHONPATH=os.pathsep.join(filter(None, [str(root), os.environ.get("PYTHONPATH")])),
        )

    def result(self, index: int) -> subprocess.CompletedProcess | str:
        for i in range(index + 1):
            if i not in self.results:
                self.results[i] = self._run(RUNNABLE[i])
        return self.results[index]

    def _run(self, block: Block) -> subprocess.CompletedProcess | str:
        if block.skip is not None:
            return f"skipped: {block.skip}"
        argv = (
            [sys.executable, "-c", block.code]
            if block.lang == "python"
            else ["bash", "-e", "-o", "pipefail", "-c", block.code]
        )
        try:
            return subprocess.run(
                argv, cwd=self.root, env=self.env, capture_output=True, text=True, timeout=BLOCK_TIMEOUT
            )
        except subprocess.TimeoutExpired:
            return f"timed out after {BLOCK_TIMEOUT} s"


@pytest.fixture(scope="module")
def runner(tmp_path_factory) -> Runner:
    root = tmp_path_factory.mktemp("readme") / "repo"
    shutil.copytree(REPO, root, ignore=IGNORE)
    return Runner(root)


@pytest.mark.parametrize("index", range(len(RUNNABLE)), ids=[b.id for b in RUNNABLE])
def test_readme_block_runs_as_pasted(runner, index):
    block = RUNNABLE[index]
    if block.skip is not None:
        pytest.skip(f"README line {block.line}: {block.skip}")
    out = runner.result(index)
    if isinstance(out, str):
        pytest.fail(f"README line {block.line} ({block.lang}, section {block.heading!r}) {out}")
    assert out.returncode == 0, (
        f"README line {block.line} ({block.lang}, section {block.heading!r}) exited {out.returncode}:\n"
        f"{block.code}\n--- stderr ---\n{out.stderr[-3000:]}\n--- stdout ---\n{out.stdout[-1000:]}"
    )


def test_the_readme_has_runnable_blocks_and_few_justified_skips():
    assert len(RUNNABLE) >= 8
    skipped = [b for b in RUNNABLE if b.skip is not None]
    assert len(skipped) <= MAX_SKIPS, [b.id for b in skipped]
    for b in skipped:
        assert len(b.skip.split()) >= 3, f"README line {b.line}: say why the block is skipped"
    assert not DANGLING, f"readme-test markers not directly before a code block, lines {DANGLING}"
    # the two Quick start commands stay exactly two (CI runs them itself)
    quick = [b for b in BLOCKS if b.heading == "Quick start" and b.lang in RUN]
    assert len(quick) == 1 and len([x for x in quick[0].code.splitlines() if x.strip()]) == 2


def test_no_snippet_reads_a_file_that_nothing_makes():
    """The issue's failure: snippets read files that do not exist and nothing says how to make
    them. Every relative data path a runnable block reads is in the repository or written by
    an earlier block."""
    made: set[str] = set()
    path = re.compile(r"""["'\s=(]((?:examples|tests)/[\w./-]+\.(?:csv|parquet|json|jsonl|duckdb))""")
    for b in RUNNABLE:
        if b.skip is not None:
            continue
        for found in path.findall(" " + b.code):
            assert (REPO / found).exists() or found in made or found.startswith("examples/out/"), (b.id, found)
        made.update(re.findall(r"examples/out/[\w.-]+", b.code))
    old = ['voters.parquet"', "people.parquet", "customers.parquet", "original.csv", "synthetic.csv"]
    for b in RUNNABLE:
        for name in old:
            assert f'"{name}' not in b.code and f" {name}" not in b.code, (b.id, name)


def test_parse_finds_markers_languages_and_dangling_markers():
    text = "\n".join(
        [
            "# A",
            "<!-- readme-test: skip (needs a server we do not have) -->",
            "```bash",
            "echo hi",
            "```",
            "<!-- readme-test: skip (dangling one here) -->",
            "text",
            "```python",
            "print(1)",
            "```",
            "```console",
            "$ x",
            "```",
        ]
    )
    blocks, dangling = parse(text)
    assert [(b.lang, b.skip, b.heading) for b in blocks] == [
        ("bash", "needs a server we do not have", "A"),
        ("python", None, "A"),
        ("console", None, "A"),
    ]
    assert blocks[1].code == "print(1)\n" and dangling == [6]


README_MAX_LINES = 250  # issue 42: the README is a front door; the reference is on docs/ pages


def test_the_readme_is_a_front_door():
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= README_MAX_LINES, "move reference text to its docs/ page"
    for page in re.findall(r"\]\((docs/[\w/.-]+\.md)\)", text):
        assert (REPO / page).is_file(), page


def public_names(text: str) -> set[str]:
    """The dotted ``sqlpriv.<name>`` references of a Markdown text (code and prose), without file
    names such as ``sqlpriv.sql`` that a shell block writes."""
    found = set(re.findall(r"(?<![\w/.-])sqlpriv((?:\.[A-Za-z_]\w*)+)", text))
    return {"sqlpriv" + n for n in found if n.rsplit(".", 1)[-1] not in {"sql", "md", "html", "csv", "duckdb"}}


def resolve(dotted: str) -> object:
    """The object a dotted name reaches: attributes from ``sqlpriv`` on, else the module."""
    import importlib

    obj: object = importlib.import_module("sqlpriv")
    for part in dotted.split(".")[1:]:
        try:
            obj = getattr(obj, part)
        except AttributeError:
            obj = importlib.import_module(f"{getattr(obj, '__name__', '')}.{part}")
    return obj


def test_every_public_name_in_the_readme_imports():
    names = public_names(README.read_text(encoding="utf-8"))
    assert {"sqlpriv.uniqueness_shapley", "sqlpriv.generalize", "sqlpriv.local_suppression"} <= names
    missing = []
    for name in sorted(names):
        try:
            resolve(name)
        except (ImportError, AttributeError):
            missing.append(name)
    assert missing == [], f"README names that do not import: {missing}"


def test_public_names_finds_and_resolve_refuses():
    assert public_names("`sqlpriv.cig`, sqlpriv.hierarchy.rare(5) > sqlpriv.sql; pip install sqlpriv.") == {
        "sqlpriv.cig",
        "sqlpriv.hierarchy.rare",
    }
    with pytest.raises((ImportError, AttributeError)):
        resolve("sqlpriv.no_such_name")
