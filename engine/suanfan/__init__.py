"""Suanfan 算番: a mahjong scoring engine for teaching (九江 table rules and Guobiao / MCR).

Pure Python, no dependencies; the same code runs in CPython and in the browser through Pyodide.
The entry point for programs is `suanfan.api.handle(request) -> result`.
"""

__version__ = "0.1.0"
