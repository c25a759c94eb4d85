-- the flare table released at the node sqlpriv.generalize chose for k=5 on class, activity and
-- area (class coarsened to simple/medium/large, area to '*'); guarded by sqlpriv_k_anonymity
{{ sqlpriv.generalize(
    ref('flare'),
    {'class': {'map': {'A': ['simple'], 'B': ['simple'], 'H': ['simple'], 'C': ['medium'], 'D': ['medium'],
                       'E': ['large'], 'F': ['large']}},
     'activity': {'map': {'1': ['*'], '2': ['*']}},
     'area': {'intervals': [2]}},
    {'class': 1, 'activity': 0, 'area': 2},
    k=5) }}
