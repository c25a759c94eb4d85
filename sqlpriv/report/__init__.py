"""The presentation layer: the HTML report (:func:`sqlpriv.report`, in :mod:`sqlpriv.report.build`), its
sections, the notebook display of results and the small SQL views behind the charts
(``sql_templates/report/``). Nothing here is imported by a measure."""
