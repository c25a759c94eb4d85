{#- The agreement of a record with a row, per packed key word (masks.sql, lattice.sql): from the
    words' XOR d0.. (d = xor(r.k, x.k)), a0.. with the top bit of each code field set exactly
    where the field is equal: ~(((d & L) + L) | d) & H (L: every field's bits but its top one, H:
    its top bit; no carry crosses a field), no comparison per column. -#}
{% macro singling_out_agree_words(words) -%}
{%- for word in words %}{% set w = loop.index0 %}{{ "," if w }}
        ~(((d{{ w }} & (0::bigint{% for f in word %} | ({{ f.mask }}::bigint & ({{ f.mask }}::bigint >> 1)){% endfor %}))
            + (0::bigint{% for f in word %} | ({{ f.mask }}::bigint & ({{ f.mask }}::bigint >> 1)){% endfor %})) | d{{ w }})
        & (0::bigint{% for f in word %} | ({{ f.mask }}::bigint & ~({{ f.mask }}::bigint >> 1)){% endfor %}) as a{{ w }}
{%- endfor %}
{%- endmacro %}
