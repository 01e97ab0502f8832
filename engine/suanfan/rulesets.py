"""Which rule set answers which `rules` value of a request.

Each entry takes the whole request dict and returns a result dict (raising SuanfanError on bad input).
"""

from __future__ import annotations

from . import jiujiang
from .gb import handler as gb_handler

RULESETS = {
    "jiujiang": jiujiang.handle_request,
    "gb": gb_handler.handle_request,
    "gb98": gb_handler.handle_request,
}
