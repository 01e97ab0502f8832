"""Practice: questions the engine makes itself, reproducible from (rules, kind, topic, seed).

This package names no rule set: each rule set brings its own plug-in (plugin.py; suanfan.gb.practice,
suanfan.jiujiang.practice), which its RuleSet loads (rulesets.py).

  catalog.py     the kinds of question, the topic types, the seed's range (what `describe` lists under practice)
  plugin.py      what a rule set's plug-in provides: kinds, topics, its judge, words, where hands come from
  question.py    the request (`action: "question"`) and the result's envelope
  kinds.py       the kinds every rule set shares, and the helpers a rule set's own kinds are built from
  supply.py      hands for a question: a template varied from the seed, or a near miss
  variation.py   the seeded variations of a template that keep what the question is about
  neighbours.py  deals one tile, one meld or one flag away (where near misses are searched)
  deal.py        a hand with its situation, and the changes made to it
  draw.py        the seeded source of every choice
"""
