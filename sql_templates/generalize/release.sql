{#- The released table for one lattice node, as one SELECT (DuckDB and Spark SQL): every source
    row, in source column order, each quasi-identifier replaced by its label at the node's level
    (text); where suppress is true, a record of a class smaller than k has every quasi-identifier
    replaced by '*' (as ARX outputs it). qis: one entry per quasi-identifier with name, level,
    rows (a table hierarchy's (value, label) pairs, or none) and expr (a builder's level expression,
    or none). flag adds the column __sqlpriv_suppressed. ordered (DuckDB): the rows in the source's order,
    numbered on the scan (numbered.sql) and sorted back after the joins and the window that
    reorder them; Spark has no row order to keep. entity (issue 46, DuckDB): a class's size counts
    its distinct entities, not its rows. -#}
{% macro generalize_release(source, columns, qis, k, suppress=true, flag=false, ordered=true, entity=none) -%}
with
{% for c in qis %}
{% if c.rows is not none %}
{{ sqlpriv.quote("m_" ~ c.index) }} as (
{{ sqlpriv.generalize_mapping(source, c.name, rows=c.rows, levels=2) }}
),
{% endif %}
{% endfor %}
r as (
  -- every column read on the source alone (a source column named like a mapping's key or l1 is
  -- never ambiguous): a table hierarchy's key, any other hierarchy's label
  select src.*
{% for c in qis %}
{% if c.rows is not none %}
    , {{ sqlpriv.generalize_key(c.name) }} as {{ sqlpriv.quote("__sqlpriv_k_" ~ c.index) }}
{% elif c.expr is not none %}
    , cast({{ c.expr }} as {{ sqlpriv.text_type() }}) as {{ sqlpriv.quote("__sqlpriv_g_" ~ c.index) }}
{% else %}
    , {{ sqlpriv.generalize_key(c.name) }} as {{ sqlpriv.quote("__sqlpriv_g_" ~ c.index) }}
{% endif %}
{% endfor %}
  from {{ sqlpriv.numbered(source, "__sqlpriv_pos") if ordered else source }} as src
), g as (
  select r.*
{% for c in qis if c.rows is not none %}
    , {{ sqlpriv.quote("m_" ~ c.index) }}.{{ sqlpriv.quote("l1") }} as {{ sqlpriv.quote("__sqlpriv_g_" ~ c.index) }}
{% endfor %}
  from r
{% for c in qis if c.rows is not none %}
  left join {{ sqlpriv.quote("m_" ~ c.index) }} on r.{{ sqlpriv.quote("__sqlpriv_k_" ~ c.index) }} = {{ sqlpriv.quote("m_" ~ c.index) }}.key
{% endfor %}
), c as (
  select *, {% if entity %}count(distinct {{ sqlpriv.quote(entity) }}){% else %}count(*){% endif %} over (partition by {% for c in qis %}{{ sqlpriv.quote("__sqlpriv_g_" ~ c.index) }}{{ ", " if not loop.last }}{% endfor %}) as __sqlpriv_class_size
  from g
)
select
{% for column in columns %}
{% set q = qis | selectattr("name", "equalto", column) | list %}
{% if q %}
  {% if suppress %}case when __sqlpriv_class_size < {{ sqlpriv.literal(k) }} then '*' else {{ sqlpriv.quote("__sqlpriv_g_" ~ q[0].index) }} end{% else %}{{ sqlpriv.quote("__sqlpriv_g_" ~ q[0].index) }}{% endif %} as {{ sqlpriv.quote(column) }}{{ "," if not loop.last or flag }}
{% else %}
  {{ sqlpriv.quote(column) }}{{ "," if not loop.last or flag }}
{% endif %}
{% endfor %}
{% if flag %}
  {{ "__sqlpriv_class_size < " ~ sqlpriv.literal(k) if suppress else "false" }} as __sqlpriv_suppressed
{% endif %}
from c
{% if ordered %}
{{ sqlpriv.keep_order(sqlpriv.quote("__sqlpriv_pos")) }}
{% endif %}
{%- endmacro %}
