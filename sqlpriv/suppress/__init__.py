"""Local suppression: blank a few key cells so that every record's class, a NULL matching any
value, has at least k records (docs/measures.md, local suppression; sdcMicro's
``localSuppression``). The public entry point is :func:`sqlpriv.local_suppression`."""

from sqlpriv.suppress.entry import local_suppression
from sqlpriv.suppress.result import LocalSuppression

__all__ = ["LocalSuppression", "local_suppression"]
