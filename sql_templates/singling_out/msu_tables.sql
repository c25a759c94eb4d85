{#- Empty tables the minimal-sample-unique levels insert into: found MSUs (msu) and the
    patterns still sharing a cell with another record (multi). -#}
create or replace temp table {{ t.msu | quote }} (
    sid bigint,
    size integer{% for word in words %},
    f{{ loop.index0 }} bigint{% endfor %}

);
create or replace temp table {{ t.multi | quote }} (
    sid bigint,
    size integer{% for word in words %},
    c{{ loop.index0 }} bigint{% endfor %},
    n hugeint
)
