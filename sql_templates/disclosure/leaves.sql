{#- Each leaf of a sensitive column's hierarchy (`s`: a spec of engine/disclosure_specs.py) as
    given, and as the text the hierarchy's join matches (disclosure_leaf): by value for a boolean,
    number or decimal column (NULL when the leaf is no such value), else the text itself. What
    both engines check the column's values against (check_leaves). -#}
{% macro disclosure_leaves(s) -%}
{% for leaf in s.hierarchy | map(attribute=0) | unique(case_sensitive=true) %}
select {{ sqlpriv.literal(leaf) }} as given, {{ sqlpriv.disclosure_leaf(s, leaf) }} as leaf{{ " union all" if not loop.last }}
{% endfor %}
{%- endmacro %}
