"""The shape of the package (docs/architecture.md): one package per family named like its
template folder, layers that only look down, no family importing another, no import circle, no
private name imported across modules, no module over 500 lines, a handful of root modules.

Every import counts: module level, lazy (inside a function) and ``TYPE_CHECKING`` ones, read
from the source with :mod:`ast` (nothing is imported). A name imported from a package
(``from sqlpriv.engine import checks``, ``from sqlpriv.risk import ReidentificationRisk``) counts as an
import of the module that defines it. The package's ``__init__`` (the public facade) is outside the
layers: it may import anything, and nothing below it may import it for a name it re-exports.

The layers are read from the block in docs/architecture.md (lowest first; a module may import
its own layer or a lower one): base (``errors``, ``engine.limits``), the engine (``engine.*``,
``progress``), the measure families, presentation (``report.*``, ``plot.*``), the command line.
A module belongs to the layer of the longest package prefix named there.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "sqlpriv"
TEMPLATES = ROOT.parent / "sql_templates"
ARCHITECTURE = ROOT.parent / "docs" / "architecture.md"
MAX_LINES = 500
# the modules at the package root: the public API, errors, the progress bar, `python -m`
ROOT_MODULES = {"sqlpriv", "sqlpriv.__main__", "sqlpriv.errors", "sqlpriv.progress"}
# template folders that are not a measure family: the engine's own SQL, dialect shims, dbt
# macros, the report's small views (sqlpriv.report)
NOT_FAMILIES = {"dbt", "dialect", "engine", "macros", "report"}
MEASURES_LAYER = 2


def read_layers() -> tuple[dict[str, int], dict[int, str]]:
    """(package or module -> layer, layer -> name) from docs/architecture.md's ``text`` block."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    block = text.split("<!-- layers: read by tests/test_import_graph.py -->", 1)[1].split("```text", 1)[1]
    block = block.split("```", 1)[0]
    owners: dict[str, int] = {}
    names: dict[int, str] = {}
    for line in block.strip().splitlines():
        m = re.match(r"(\d+) (\w+):\s+(.+)", line.strip())
        assert m, f"docs/architecture.md: a layer line reads 'N name: packages', not {line!r}"
        names[int(m.group(1))] = m.group(2)
        for name in m.group(3).split():
            owners[name] = int(m.group(1))
    return owners, names


LAYERS, LAYER_NAMES = read_layers()
FAMILIES = {name.rpartition(".")[2] for name, n in LAYERS.items() if n == MEASURES_LAYER}


def module_files() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    mods = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        mods[name] = path
    return mods


MODULES = module_files()
PACKAGES = {name for name, path in MODULES.items() if path.name == "__init__.py"}


def layer(name: str) -> int:
    """The layer of a module: that of the longest prefix that docs/architecture.md names."""
    parts = name.split(".")
    for n in range(len(parts), 0, -1):
        if ".".join(parts[:n]) in LAYERS:
            return LAYERS[".".join(parts[:n])]
    raise AssertionError(f"{name} is in no layer of docs/architecture.md")


def family(name: str) -> str | None:
    """The measure family of a module (sqlpriv.risk.models -> risk), None outside the families."""
    parts = name.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in FAMILIES else None


def _targets(module: str, node: ast.Import | ast.ImportFrom) -> list[tuple[str, str | None]]:
    """(imported module or package, name taken from it) for one import statement."""
    if isinstance(node, ast.Import):
        return [(alias.name, None) for alias in node.names]
    if node.level:
        base = module.split(".")
        if MODULES[module].name != "__init__.py":
            base = base[:-1]
        base = base[: len(base) - (node.level - 1)]
        source = ".".join(base + ([node.module] if node.module else []))
    else:
        source = node.module or ""
    out: list[tuple[str, str | None]] = []
    for alias in node.names:
        full = f"{source}.{alias.name}"
        out.append((full, None) if full in MODULES else (source, alias.name))
    return out


def _owner(target: str) -> str | None:
    """The module of the package that ``target`` (a dotted name) lives in, if any."""
    while target and target not in MODULES:
        target = target.rpartition(".")[0]
    return target or None


def _reexports() -> dict[tuple[str, str], str]:
    """(package, name) -> the module that the package's ``__init__`` takes ``name`` from."""
    out: dict[tuple[str, str], str] = {}
    for package in PACKAGES:
        for node in ast.parse(MODULES[package].read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ImportFrom):
                for (target, name), alias in zip(_targets(package, node), node.names):
                    owner = _owner(target)
                    if name and owner and owner != package:
                        out[(package, alias.asname or name)] = owner
    return out


def import_edges() -> list[tuple[str, str, str | None]]:
    """Every (importer, imported module, name) inside the package, packages' re-exports resolved."""
    reexports = _reexports()
    edges = []
    for module, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            for target, name in _targets(module, node):
                owner = _owner(target)
                if owner in PACKAGES and name is not None and (owner, name) in reexports:
                    owner = reexports[(owner, name)]
                if owner and owner != module and owner.startswith("sqlpriv"):
                    edges.append((module, owner, name))
    return edges


EDGES = import_edges()


def cycles(edges: list[tuple[str, str, str | None]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan), packages left out."""
    graph: dict[str, set[str]] = {m: set() for m in MODULES if m not in PACKAGES}
    for a, b, _ in edges:
        if a in graph and b in graph:
            graph[a].add(b)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_checker_sees_lazy_and_type_checking_imports() -> None:
    # a test that cannot fail is a defect: the edges the package is known to have must be found
    found = {(a, b) for a, b, _ in EDGES}
    assert ("sqlpriv.report.views", "sqlpriv.pif.measure") in found  # lazy, inside rig_histogram()
    assert ("sqlpriv.plot.charts", "sqlpriv.shapley.measure") in found  # under TYPE_CHECKING
    assert ("sqlpriv.report.build", "sqlpriv.report.html") in found  # module level
    assert ("sqlpriv.engine.spark.measures", "sqlpriv.engine.checks") in found  # `from package import module`
    assert cycles(
        [
            ("sqlpriv.shapley.measure", "sqlpriv.report.display", None),
            ("sqlpriv.report.display", "sqlpriv.shapley.measure", None),
        ]
    )


def test_no_import_circle() -> None:
    assert cycles(EDGES) == [], "modules that import each other (directly or around a circle)"


def test_no_private_name_imported_across_modules() -> None:
    private = [
        f"{a} imports {name} from {b}"
        for a, b, name in EDGES
        if name and name.startswith("_") and not name.startswith("__")
    ]
    assert private == [], "make the name public in the right lower module"


def test_layers_only_look_down() -> None:
    upward = [
        f"{a} ({LAYER_NAMES[layer(a)]}) imports {b} ({LAYER_NAMES[layer(b)]})"
        for a, b, _ in EDGES
        if a != "sqlpriv" and b != "sqlpriv" and layer(b) > layer(a)
    ]
    assert upward == [], "a layer imports only its own or lower layers (docs/architecture.md)"


def test_a_family_package_imports_no_other_family() -> None:
    crossing = [f"{a} imports {b}" for a, b, _ in EDGES if family(a) and family(b) and family(a) != family(b)]
    assert crossing == [], "share code through sqlpriv.engine, not through another family's package"


def test_the_checker_sees_a_crossing_and_an_upward_edge() -> None:
    # a test that cannot fail is a defect: the rules must flag these made-up edges
    assert family("sqlpriv.risk.models") == "risk" and family("sqlpriv.engine.plan") is None
    assert family("sqlpriv.shapley") == "shapley" and family("sqlpriv.report.risk") is None
    assert layer("sqlpriv.engine.spark.run") == 1 and layer("sqlpriv.report.display") == 3
    assert layer("sqlpriv.engine.limits") == 0 and layer("sqlpriv.cli.risk") == 4
    assert layer("sqlpriv.generalize.search") == MEASURES_LAYER


def test_the_package_root_holds_only_a_handful_of_modules() -> None:
    root = {m for m, path in MODULES.items() if path.parent == ROOT and m not in PACKAGES} | {"sqlpriv"}
    assert root == ROOT_MODULES, "a module belongs in its family's package (docs/architecture.md)"


def test_every_module_is_in_a_package_of_the_architecture() -> None:
    top = {m.split(".")[1] for m in MODULES if m.count(".") >= 1}
    named = {name.split(".")[1] for name in LAYERS if name.count(".") >= 1}
    assert top <= named, f"packages not in docs/architecture.md: {sorted(top - named)}"
    for name in sorted(set(MODULES) - {"sqlpriv"}):  # the facade is outside the layers
        layer(name)


def test_one_package_per_family_named_like_its_template_folder() -> None:
    folders = {p.name for p in TEMPLATES.iterdir() if p.is_dir()} - NOT_FAMILIES
    assert folders == FAMILIES, "each sql_templates/<family>/ has its sqlpriv/<family>/ package"
    for name in FAMILIES:
        assert (ROOT / name / "__init__.py").is_file(), f"sqlpriv/{name}/ is a package"
    assert (ROOT / "report" / "__init__.py").is_file() and (ROOT / "plot" / "__init__.py").is_file()
    assert (ROOT / "engine" / "spark" / "__init__.py").is_file()


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_over_500_lines(name: str) -> None:
    lines = len(MODULES[name].read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{MODULES[name]} has {lines} lines; split it along its ideas"


# family packages named like their template folder and like the public function they serve
# (issue 42): sqlpriv/__init__.py binds each function after its package is imported
FUNCTION_PACKAGES = {"sqlpriv.pif", "sqlpriv.singling_out", "sqlpriv.generalize", "sqlpriv.report"}


def test_no_module_is_named_like_a_public_function() -> None:
    import sqlpriv

    functions = {
        n for n in sqlpriv.__all__ if callable(getattr(sqlpriv, n)) and not isinstance(getattr(sqlpriv, n), type)
    }
    clashes = {m for m in MODULES if m.count(".") == 1 and m.rpartition(".")[2] in functions}
    assert clashes <= FUNCTION_PACKAGES, "sqlpriv.<name> would be the function or the module depending on import order"
    assert not any(MODULES[m].name != "__init__.py" for m in clashes), "only a family package may share the name"


def test_the_public_functions_stay_functions_after_every_module_is_imported() -> None:
    """Importing a package binds it on its parent: sqlpriv.report must stay the function however
    many of the package's modules are imported later, in any order."""
    import os
    import subprocess
    import sys

    names = sorted(m for m in MODULES if m != "sqlpriv.__main__")
    probe = (
        "import importlib, inspect, sqlpriv\n"
        f"for m in {names!r}: importlib.import_module(m)\n"
        f"bad = [n for n in {sorted(p.rpartition('.')[2] for p in FUNCTION_PACKAGES)!r} "
        "if not inspect.isfunction(getattr(sqlpriv, n))]\n"
        "print(','.join(bad))"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT.parent))
    out = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True, text=True, env=env).stdout
    assert out.strip() == ""


def test_the_command_line_parser_loads_no_heavy_library() -> None:
    """`sqlpriv ...` builds its parser without pandas or matplotlib: the report imports them in a
    thread beside its first SQL (sqlpriv.report.build.warm_up), the other commands on first use."""
    import os
    import subprocess
    import sys

    probe = (
        "import sys; from sqlpriv.cli import build_parser; build_parser(); "
        "print(','.join(m for m in ('pandas', 'matplotlib') if m in sys.modules))"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT.parent))  # this tree's sqlpriv
    out = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True, text=True, env=env).stdout
    assert out.strip() == ""
