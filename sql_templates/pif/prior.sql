{#- The user's priors (docs/measures.md §2) as a small table: (j, code, q), code = the value's dictionary code,
    NULL for a prior value that does not occur in the data. The guard stops with one clear message
    if a prior value cannot be read as the column's type, is listed twice, misses an observed value
    or gives probability 0 to one (the dialect's error function). `head=false`: the select alone (a
    CTE of pif_query; `ok` must be read for the guard to run, as the Spark face does first). -#}
{% macro pif_prior(t, entries, prior_cols, head=true) -%}
{% if head %}
create or replace temp table {{ sqlpriv.quote(t.pif_prior) }} as
{% endif %}
with given(j, given, q) as (
    values
{% for e in entries %}
        ({{ e.j }}, {{ sqlpriv.literal(e.value) }}::{{ sqlpriv.text_type() }}, {{ sqlpriv.literal(e.q) }}::double){{ "," if not loop.last }}
{% endfor %}
),
{% for c in prior_cols %}
typed{{ c.j }} as (
    select given, try_cast(given as {{ c.type }}) as v, q,
           count(*) over (partition by try_cast(given as {{ c.type }})) as copies
    from given
    where j = {{ c.j }}
),
matched{{ c.j }} as (
    select {{ c.j }} as j, p.given, p.v, p.q, p.copies, d.code, coalesce(d.v::{{ sqlpriv.text_type() }}, 'NULL') as observed
    from typed{{ c.j }} as p
    full join {{ sqlpriv.quote(t.dicts[c.j]) }} as d on d.v is not distinct from p.v
),
{% endfor %}
checked as (
{% for c in prior_cols %}
    select j, code, q,
        case
            when given is not null and v is null
                then {{ sqlpriv.error_function() }}('sqlpriv: the prior for column ' || {{ sqlpriv.literal(("'" ~ c.name ~ "'")) }} || ' has the value '''
                           || given || ''', which is not a ' || {{ sqlpriv.literal(c.type) }} || ' like the column')
            when copies > 1
                then {{ sqlpriv.error_function() }}('sqlpriv: the prior for column ' || {{ sqlpriv.literal(("'" ~ c.name ~ "'")) }} || ' lists the value '''
                           || coalesce(given, 'NULL') || ''' more than once')
            when q is null
                then {{ sqlpriv.error_function() }}('sqlpriv: the prior for column ' || {{ sqlpriv.literal(("'" ~ c.name ~ "'")) }} || ' has no entry for the observed value '''
                           || observed || '''; a prior must cover every value in the data')
            when code is not null and q <= 0
                then {{ sqlpriv.error_function() }}('sqlpriv: the prior for column ' || {{ sqlpriv.literal(("'" ~ c.name ~ "'")) }} || ' gives probability 0 to the observed value '''
                           || observed || ''', so its information gain would be infinite')
            else 0
        end as ok
    from matched{{ c.j }}
{{ "    union all" if not loop.last }}
{% endfor %}
)
select j, code, q, ok from checked
{%- endmacro %}
