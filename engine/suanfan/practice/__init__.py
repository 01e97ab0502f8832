"""Practice: questions the engine makes itself, reproducible from (rules, kind, topic, seed).

  catalog.py          the kinds of question and each rule set's topics (what `describe` lists under practice)
  question.py         the request (`action: "question"`) and the result's envelope
  kinds.py            the seven kinds, each answered from the engine's result
  supply.py           hands for a question: a template varied from the seed, or a near miss
  variation.py        the seeded variations of a template that keep what the question is about
  neighbours.py       deals one tile, one meld or one flag away (where near misses are searched)
  deal.py             a hand with its situation, and the changes made to it
  gb_judge.py, jiujiang_judge.py   what each rule set's engine says of a candidate, the cheap way
  gb_templates.py, jiujiang_templates.py   the template hands (from the fan cards and the lessons)
  prompts.py          the questions' words
  draw.py             the seeded source of every choice
"""
