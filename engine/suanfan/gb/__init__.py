"""Guobiao (国标麻将, Mahjong Competition Rules): 81 fans, two profiles with switches, the best reading,
an explanation of every 不计, and waits.

  fans.py      the fan table as data (FANS), the principles' names
  profiles.py  the profiles gb98 / gb and the variant switches, compiled into flat arrays
  shapes.py    every reading of the tiles (per-suit tables) and the waits of a 13-tile hand
  detect.py    which fans are present in one reading
  resolve.py   the one place where 不计 and the combination principles decide what counts
  score.py     the situation checks, the best reading, the result dict, waits
  handler.py   the request handler the JSON façade calls for rules "gb" and "gb98"
"""
