"""How a result or measure object shows itself, without the engine or a measure importing the
presentation layer: a registry keyed by class that presentation fills when it is imported.

The layers only look down (errors/limits -> engine -> measures -> presentation -> cli), so a
measure class cannot call :mod:`sqlpriv.report.display` or :mod:`sqlpriv.plot.charts`. Instead it inherits
:class:`Presentable`, whose ``_repr_html_()`` (Jupyter), ``plot()`` and ``__repr__()`` look up
what presentation registered for the object's class (or its nearest registered base class)
with :func:`register`. ``import sqlpriv`` imports :mod:`sqlpriv.report.display`, which registers every
measure; a new measure family registers its own the same way, from its presentation module.

>>> class Toy(Presentable):
...     pass
>>> register(Toy, html=lambda obj: "<b>toy</b>", text=lambda obj: "<toy>", kinds=("bars",),
...          plot=lambda obj, kind, **options: f"a {kind} chart")
>>> Toy()._repr_html_(), repr(Toy()), Toy().plot()
('<b>toy</b>', '<toy>', 'a bars chart')
>>> Toy().plot("pie")
Traceback (most recent call last):
...
sqlpriv.errors.ParameterError: a Toy plots as one of bars; got kind='pie'
"""

from __future__ import annotations

import html as html_module
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlpriv.errors import ParameterError


@dataclass(frozen=True)
class Presentation:
    """What presentation registered for one class: an HTML view, a plain-text view, chart kinds
    (the first is the default), the function that draws them (``plot(obj, kind, **options)``)
    and named views (``views``: name -> function of the object) that a measure reaches with
    :func:`view_of` when one of its outputs needs another family's figures (e.g. the before /
    after figures of :meth:`sqlpriv.Generalization.compare`)."""

    html: Callable[[Any], str] | None = None
    text: Callable[[Any], str] | None = None
    kinds: tuple[str, ...] = ()
    plot: Callable[..., Any] | None = None
    views: Mapping[str, Callable[..., Any]] = field(default_factory=dict)


_REGISTRY: dict[type, Presentation] = {}


def register(
    cls: type,
    *,
    html: Callable[[Any], str] | None = None,
    text: Callable[[Any], str] | None = None,
    kinds: tuple[str, ...] = (),
    plot: Callable[..., Any] | None = None,
    views: Mapping[str, Callable[..., Any]] | None = None,
) -> None:
    """Register how objects of ``cls`` (and of its subclasses without a registration) show."""
    if plot is not None and not kinds:
        raise ValueError(f"register({cls.__name__}): a plot function needs its kinds")
    _REGISTRY[cls] = Presentation(html, text, tuple(kinds), plot, dict(views or {}))


def presentation(obj: Any) -> Presentation | None:
    """The registration of ``obj``'s class or of its nearest registered base class, if any."""
    for cls in type(obj).__mro__:
        found = _REGISTRY.get(cls)
        if found is not None:
            return found
    return None


def view_of(obj: Any, name: str) -> Callable[..., Any] | None:
    """The view ``name`` registered for ``obj``'s class (or its nearest base class), if any.

    >>> class Tally(Presentable):
    ...     pass
    >>> register(Tally, views={"double": lambda obj, x: 2 * x})
    >>> view_of(Tally(), "double")(Tally(), 21), view_of(Tally(), "triple")
    (42, None)
    """
    for cls in type(obj).__mro__:
        found = _REGISTRY.get(cls)
        if found is not None and name in found.views:
            return found.views[name]
    return None


def html_of(obj: Any) -> str:
    """``obj`` as HTML: its registered view, else its ``repr`` escaped in a ``<pre>``."""
    found = presentation(obj)
    if found is not None and found.html is not None:
        return found.html(obj)
    return f"<pre>{html_module.escape(repr(obj))}</pre>"


def text_of(obj: Any) -> str | None:
    """``obj`` as one line of plain text, when a text view is registered (else None)."""
    found = presentation(obj)
    return found.text(obj) if found is not None and found.text is not None else None


def plot_of(obj: Any, kind: str | None = None, **options: Any) -> Any:
    """A chart of ``obj`` (a matplotlib Figure) of ``kind`` (default: the first registered kind)."""
    name = type(obj).__name__
    found = presentation(obj)
    if found is None or found.plot is None:
        raise ParameterError(f"cannot plot a {name}")
    kind = kind or found.kinds[0]
    if kind not in found.kinds:
        raise ParameterError(f"a {name} plots as one of {', '.join(found.kinds)}; got kind={kind!r}")
    return found.plot(obj, kind, **options)


class Presentable:
    """``_repr_html_`` (Jupyter), ``plot()`` and ``__repr__`` for a measure object, as registered
    by the presentation layer (:func:`register`)."""

    def _repr_html_(self) -> str:
        return html_of(self)

    def plot(self, kind: str | None = None, **options: Any) -> Any:
        """A chart of this result (a matplotlib Figure); the kinds and their options are listed
        in :func:`sqlpriv.report.display.plot`."""
        return plot_of(self, kind, **options)

    def __repr__(self) -> str:
        text = text_of(self)
        return text if text is not None else super().__repr__()

    def close(self) -> None:
        """Drop what this analysis made on a connection passed as ``con=`` (its temp tables, views
        and macros, once no other open analysis on it needs them); done anyway when the result is
        garbage-collected. Its tables cannot be read afterwards."""
        plan = getattr(self, "plan", None) or getattr(getattr(self, "frame", None), "plan", None)
        if plan is not None and hasattr(plan, "close"):
            plan.close()

    def __enter__(self) -> Any:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


__all__ = ["Presentable", "Presentation", "html_of", "plot_of", "presentation", "register", "text_of", "view_of"]
