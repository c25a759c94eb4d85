"""Short functions (GUIDE: at most 70 lines of body): every function and method of the package,
nested ones included, its docstring not counted, read from the source with :mod:`ast`."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "sqlpriv"
MAX_BODY = 70


def body_lines(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """Lines from the first statement after the docstring to the function's last line."""
    body = node.body
    first = body[0]
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
        if len(body) == 1:
            return 0
        first = body[1]
    return (node.end_lineno or first.lineno) - first.lineno + 1


def long_functions(root: Path = ROOT, limit: int = MAX_BODY) -> list[str]:
    out = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and body_lines(node) > limit:
                out.append(f"{path.relative_to(root.parent)}:{node.lineno} {node.name} ({body_lines(node)} lines)")
    return out


def test_no_function_body_over_70_lines() -> None:
    assert long_functions() == [], "split it into named steps (GUIDE: short functions)"


def test_the_counter_counts_the_body_without_the_docstring(tmp_path: Path) -> None:
    # a test that cannot fail is a defect: a made-up 71-line body is found, a 70-line one is not
    lines = "\n".join(f"    x{i} = {i}" for i in range(70))
    (tmp_path / "ok.py").write_text(f'def ok():\n    """Doc\n    string."""\n{lines}\n', encoding="utf-8")
    (tmp_path / "long.py").write_text(f"def long():\n{lines}\n    return x0\n", encoding="utf-8")
    assert [line.split()[1] for line in long_functions(tmp_path)] == ["long"]
