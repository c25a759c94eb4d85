"""Shared fixtures: bundled example data located inside the repository (never ../shared)."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
FLARE_CSV = REPO / "examples" / "data" / "flare.csv"
FLARE_PREDICTORS = [
    "class",
    "largest_spot_size",
    "spot_distribution",
    "activity",
    "evolution",
    "past_activity",
    "historically_complex",
    "hc_past",
    "area",
]


@pytest.fixture(scope="session")
def flare_csv() -> Path:
    return FLARE_CSV
