{#- The items of list `items` (1-based SQL list, item j+1 for column j) whose column j is in
    the column set encoded as bitmask sid, in column order: field names or values of a set. -#}
{% macro macros_sqlpriv_so_set_items(temp) -%}
create or replace {{ 'temp ' if temp }}macro sqlpriv_so_set_items(sid, items) as
    list_transform(list_filter(range(len(items)), lambda j: ((sid::bigint >> j) & 1) = 1), lambda j: items[j + 1])
{%- endmacro %}
