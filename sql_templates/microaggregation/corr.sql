{#- The correlation of every pair of the numeric `columns` (names) of `relation` (docs/measures.md,
    microaggregation; what sdcMicro's dUtility(method = "eigen") takes the eigenvalues of:
    var(scale(x)), the correlation matrix), one row: "r<i>_<j>" for i < j (Pearson, rows with a
    NULL in either column left out), and "s<i>" the sample standard deviation of column i (0 or
    NULL: a constant column, whose correlations are undefined). -#}
{% macro microaggregation_corr(relation, columns) -%}
select
{% for c in columns %}
    stddev_samp(cast({{ sqlpriv.quote(c) }} as double)) as {{ sqlpriv.quote("s" ~ loop.index0) }}{{ "," if not loop.last or columns | length > 1 }}
{% endfor %}
{% for i in range(columns | length) %}
{% for j in range(i + 1, columns | length) %}
    corr(cast({{ sqlpriv.quote(columns[i]) }} as double), cast({{ sqlpriv.quote(columns[j]) }} as double)) as {{ sqlpriv.quote("r" ~ i ~ "_" ~ j) }}{{ "," if not (i == columns | length - 2 and j == columns | length - 1) }}
{% endfor %}
{% endfor %}
from {{ relation }}
{%- endmacro %}
