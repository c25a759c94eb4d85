"""Top and bottom coding of numeric columns (docs/measures.md, cells; sdcMicro's
``topBotCoding``). The public entry point is :func:`sqlpriv.top_bottom_code`."""

from sqlpriv.topcode.entry import top_bottom_code

__all__ = ["top_bottom_code"]
