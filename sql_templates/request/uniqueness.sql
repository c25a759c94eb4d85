{#- Class-size histogram of the joint column set: sizes 1, 2, ..., k-1 and >= k, with the
    number of classes and rows in each bin and their shares of all classes / rows. For k > 101
    the bins below k are 1..100 plus the sizes that occur (a bounded table for any k). -#}
{% macro request_uniqueness(t, joint_j, k) -%}
with {{ sqlpriv.request_uniqueness_body(t, joint_j, k) }}
{%- endmacro %}
