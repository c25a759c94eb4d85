{#- The plan of a single-statement cohort chain (a dbt model, or one query in the shell),
    made without looking at the data: fills the dict `frame` in place with
      columns  specs of the plain column names (name, quoted expr, is_expression, j),
      words    the key layout: one column per BIGINT word (code at offset 0), so no
               cardinality is needed and nothing can go stale,
      t        the CTE names (prefixed so that they never shadow a user's relation),
      d, full_sid, key, key_name (the per-row key heading: the key, else "row" or _row...),
      dropna   leave out the rows with a NULL in an analysed column, after the rows are numbered
               (positions are those of the input).
    The Python plan (temp tables, packed words) and this chain render the same step macros. -#}
{% macro engine_chain_frame(frame, columns, key=none, dropna=false) -%}
{% set specs = [] %}
{% set words = [] %}
{% set dicts = [] %}
{% set lowered = [] %}
{#- each column has a word of its own: a code field of MAX_PACKED_COLUMNS bits (sqlpriv/engine/limits.py) -#}
{% set code_bits = 62 %}
{% for name in columns %}
{% set _ = specs.append({"name": name, "expr": sqlpriv.quote(name), "is_expression": false, "j": loop.index0}) %}
{% set _ = words.append([{"j": loop.index0, "offset": 0, "bits": code_bits, "mask": 2 ** code_bits - 1}]) %}
{% set _ = dicts.append("__sqlpriv_dict_" ~ loop.index0) %}
{% set _ = lowered.append(name | lower) %}
{% endfor %}
{% set ns = namespace(key_name="row") %}
{% for _ in columns if ns.key_name | lower in lowered %}{% set ns.key_name = "_" ~ ns.key_name %}{% endfor %}
{% set _ = frame.update({
    "columns": specs,
    "words": words,
    "d": columns | length,
    "full_sid": 2 ** (columns | length) - 1,
    "key": key,
    "key_name": key if key else ns.key_name,
    "dropna": dropna,
    "t": {
        "analysed": "__sqlpriv_analysed",
        "dicts": dicts,
        "codes": "__sqlpriv_codes",
        "patterns": "__sqlpriv_patterns",
        "lattice": "__sqlpriv_lattice",
        "cells": "__sqlpriv_cells",
        "level": "__sqlpriv_level_",
        "phi": "__sqlpriv_phi",
        "pif_values": "__sqlpriv_pif_values",
        "pif_context": [],
        "pif_cells": "__sqlpriv_pif_cells",
        "pif_entropies": "__sqlpriv_pif_entropies",
    },
}) %}
{% for name in columns %}
{% set _ = frame.t.pif_context.append("__sqlpriv_pif_context_" ~ loop.index0) %}
{% endfor %}
{%- endmacro %}
