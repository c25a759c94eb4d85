"""The shape of the package (README "Layout"): layers that only look down, no import circle, no
private name imported across modules, no module over 500 lines.

Every import counts: module level, lazy (inside a function) and ``TYPE_CHECKING`` ones, read
from the source with :mod:`ast` (nothing is imported). A name imported from a package
(``from sqlpriv.engine import checks``, ``from sqlpriv import shapley``) counts as an import of
the module that defines it. The package's ``__init__`` (the public facade) is outside the
layers: it may import anything, and nothing below it may import it for a name it re-exports.

Layers, lowest first (a module may import its own layer or a lower one):

0. ``errors``, ``engine.limits``
1. the engine: ``engine.*`` and its helpers ``identifiers``, ``progress``
2. the measures: every other top-level module; a measure imports another measure module only
   of its own family (``request`` and ``request_fields``: the name before the first ``_``; every
   module of a measure package such as ``treatment.*`` is of the package's family)
3. presentation: ``display``, ``views``, ``plot``, ``reporting``, ``pif_plot`` and any
   ``report_*``, ``*_plot``, ``*_report`` or ``*_view`` module
4. the command line: ``cli.*``, ``__main__``
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "sqlpriv"
MAX_LINES = 500
BASE = {"sqlpriv.errors", "sqlpriv.engine.limits"}
ENGINE_HELPERS = {"sqlpriv.engine.identifiers", "sqlpriv.progress"}
PRESENTATION = {
    "sqlpriv.report.display",
    "sqlpriv.report.views",
    "sqlpriv.plot.charts",
    "sqlpriv.report.build",
    "sqlpriv.plot.heatmap",
}
PRESENTATION_NAME = re.compile(r"^(report_\w+|\w+_plot|\w+_report|\w+_views?)$")
LAYER_NAMES = {0: "errors/limits", 1: "engine", 2: "measures", 3: "presentation", 4: "cli"}


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
    """The layer of a module (module docstring)."""
    if name in BASE:
        return 0
    if name.startswith("sqlpriv.engine.") or name in ENGINE_HELPERS:
        return 1
    if name.startswith("sqlpriv.cli.") or name == "sqlpriv.__main__":
        return 4
    if name.partition(".")[2].partition(".")[0] in ("report", "plot"):
        return 3
    if name in PRESENTATION or PRESENTATION_NAME.match(name.rpartition(".")[2]):
        return 3
    return 2


def family(name: str) -> str:
    parts = name.split(".")
    if len(parts) > 2:  # a measure package (sqlpriv.generalize.*) is one family
        return parts[1]
    return parts[-1].split("_")[0]


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
        if a not in PACKAGES and b not in PACKAGES and layer(b) > layer(a)
    ]
    assert upward == [], "a layer imports only its own or lower layers (README 'Layout')"


def test_a_measure_imports_no_other_family() -> None:
    crossing = [
        f"{a} imports {b}"
        for a, b, _ in EDGES
        if layer(a) == 2 and layer(b) == 2 and a not in PACKAGES and b not in PACKAGES and family(a) != family(b)
    ]
    assert crossing == [], "share code through sqlpriv.engine, not through another measure module"


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
