"""Which rule set answers which `rules` value of a request.

Each entry takes the whole request dict and returns a result dict (raising SuanfanError on bad input).
"""

from __future__ import annotations

from . import jiujiang

RULESETS = {
    "jiujiang": jiujiang.handle_request,
}
