"""Microaggregation of numeric columns by MDAV (docs/measures.md, microaggregation; sdcMicro's
``microaggregation(method = "mdav")``). The public entry point is :func:`sqlpriv.microaggregate`."""

from sqlpriv.microaggregation.entry import Microaggregation, microaggregate

__all__ = ["Microaggregation", "microaggregate"]
