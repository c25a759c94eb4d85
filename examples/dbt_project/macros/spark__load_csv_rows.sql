{#- Seeds on Spark, read by Spark's CSV reader. dbt-spark loads a seed as INSERT ... VALUES of one
    cast() per cell, which Spark parses and analyses for minutes (flare's 1,066 rows took 165 s on
    a loaded 2-core machine). This override of dbt-spark's macro (the root project's comes first)
    reads the same file through a temporary CSV view and casts each column to the type dbt-spark
    would give it (the seed's column_types, else agate's inference), in one INSERT ... SELECT. -#}
{% macro spark__load_csv_rows(model, agate_table) %}
  {%- set path = model['root_path'] ~ '/' ~ model['original_file_path'] -%}
  {%- set column_override = model['config'].get('column_types', {}) -%}
  {%- set view = this.identifier ~ '__seed_csv' -%}
  {% call statement('seed_csv_view') -%}
    create or replace temporary view `{{ view }}` using csv
    options (path '{{ path | replace("\\", "\\\\") | replace("'", "\\'") }}', header 'true',
             inferSchema 'false', escape '"', multiLine 'true', mode 'FAILFAST')
  {%- endcall %}
  {% set sql -%}
    insert into {{ this.render() }} select
    {%- for col_name in agate_table.column_names %}
      cast(`{{ col_name | replace('`', '``') }}` as {{ column_override.get(col_name, adapter.convert_type(agate_table, loop.index0)) }})
      {%- if not loop.last %},{% endif %}
    {%- endfor %}
    from `{{ view }}`
  {%- endset %}
  {% do adapter.add_query(sql, abridge_sql_log=True) %}
  {{ return(sql) }}
{% endmacro %}
