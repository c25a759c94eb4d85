{#- Probe: DuckDB's CSV sniffer on one file (path bound as $1): its dialect, header and columns
    (what engine/source_view.sql pins). -#}
{% macro engine_sniff_csv() -%}
select Delimiter, Quote, Escape, NewLineDelimiter, Comment, SkipRows, HasHeader, Columns, DateFormat, TimestampFormat, UserArguments
from sniff_csv(?)
{%- endmacro %}
