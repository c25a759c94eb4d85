"""Attribute disclosure of sensitive columns (``sql_templates/disclosure/``, docs/measures.md §8):
:func:`sqlpriv.attribute_disclosure`."""

from sqlpriv.disclosure.measure import DisclosureResult, attribute_disclosure

__all__ = ["DisclosureResult", "attribute_disclosure"]
