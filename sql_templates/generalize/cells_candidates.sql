{#- The candidate table of generalize(..., suppression="cells") (docs/measures.md §7): every node
    the record search evaluated (`body`: generalize/candidates.sql; suppression 'records', its
    suppressed records' cells in cells_suppressed) and then every node evaluated with local
    suppression of cells (suppression 'cells'; `rows`: one tuple per node, in evaluation order, of
    the levels, classes, smallest_class, kept_classes, cells_suppressed, the per-column losses;
    kept_classes is the sum over records of 1 / their wildcard class size, so that kept_classes /
    rows is the average risk as for records). `qis`: the quasi-identifiers' names. -#}
{% macro generalize_cells_candidates(body, qis, rows) -%}
{% set d = qis | length %}
select * exclude (__sqlpriv_kind, __sqlpriv_order) from (
  select 'records' as suppression, * exclude (node, dm_star, dm_bound),
    suppressed * {{ d }} as cells_suppressed, 0 as __sqlpriv_kind, node as __sqlpriv_order
  from (
{{ body | indent(4, true) }}
  ) as c
  union all by name
  select 'cells' as suppression, t.*, cast(0 as bigint) as suppressed, true as meets_policy,
    list_sort([{% for q in qis %}{{ sqlpriv.quote("loss_" ~ q) }}{{ ", " if not loop.last }}{% endfor %}], 'DESC') as loss,
    {% for q in qis %}{{ sqlpriv.quote(q) }}{{ " + " if not loop.last }}{% endfor %} as level_sum,
    1 as __sqlpriv_kind, row_number() over () as __sqlpriv_order
  from (
    values
{% for r in rows %}
      ({% for v in r %}{{ sqlpriv.literal(v) }}{{ ", " if not loop.last }}{% endfor %}){{ "," if not loop.last }}
{% endfor %}
  ) as t({% for q in qis %}{{ sqlpriv.quote(q) }}, {% endfor %}classes, smallest_class, kept_classes, cells_suppressed{% for q in qis %}, {{ sqlpriv.quote("loss_" ~ q) }}{% endfor %})
) as u
order by __sqlpriv_kind, __sqlpriv_order
{%- endmacro %}
