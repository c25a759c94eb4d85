"""Uniqueness Shapley values: how much each column singles rows out (``sql_templates/shapley/``,
docs/measures.md §1). The public entry point is :func:`sqlpriv.uniqueness_shapley`."""

from sqlpriv.shapley.measure import ShapleyResult, uniqueness_shapley

__all__ = ["ShapleyResult", "uniqueness_shapley"]
