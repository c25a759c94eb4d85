"""Attacks on a synthetic or released table: singling out, linkability and inference.

The three criteria of anonymisation of the Article 29 Working Party (Opinion 05/2014), measured
as anonymeter (Giomi et al., PoPETs 2023) measures them, but exactly, on every record, in SQL.
Definitions and sources: docs/measures.md ("Attacks"). The risk arithmetic shared by every
attack (Wilson score interval, residual risk against a control table) is in :mod:`.risk`.

>>> from sqlpriv.attacks.risk import evaluate
>>> evaluate(n_attacks=100, n_success=10, n_baseline=1).risk().value  # doctest: +ELLIPSIS
0.1...
"""
