{#- Probe: the settings of a user's connection that sqlpriv's SQL relies on (engine/connection.py):
    preserve_insertion_order (rows are numbered by the order a table or DataFrame is read in,
    engine/positions.sql), default_order and default_null_order (every ORDER BY and window that
    gives no direction reads as ascending, NULLs last), integer_division (a / b of two integers
    is a fraction: shares, rates), default_collation (text compares byte for byte: 'Ann' and 'ann'
    are two values). -#}
{% macro engine_order_settings() -%}
select current_setting('preserve_insertion_order'), current_setting('default_order'), current_setting('default_null_order'), current_setting('integer_division'), current_setting('default_collation')
{%- endmacro %}
