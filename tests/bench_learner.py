"""Benchmark: scripted learners with one misconception each, answering through the real practice page in Chromium
(tests/learner_simulation.py) — how many answers until the progress page names the misconception first, and how
many of the next ten questions after its "Practise this" exercise it.

    python tests/bench_learner.py [--runs N] [--site DIR] [--trace]
    (default 3 runs of dist/; python3 build.py bench runs it after a build)

Each run is every learner once, from an empty record in a browser context of its own; the questions' seeds are
the page's own (random), so runs differ. Printed per learner: answers until named (each run, and the median), the
tag named, wrong answers meanwhile, the questions on it out of ten; and beside them the baseline a learner would
have without the diagnosis — the answers until the misconception's first wrong answer, the earliest any record
of right and wrong could show it. Targets (the issue's): named first within 40 answers, at least 8 of 10.
Nothing here asserts.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "engine"), str(ROOT / "tests"), str(ROOT)]

from bench_browser import chromium_path
from learner_simulation import FOLLOW, LEARNERS, TARGET_ANSWERS, TARGET_FOLLOW, simulate
from playwright.sync_api import sync_playwright

from buildkit.serve import make_server
from tests.conftest import BROWSER_ARGS


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, default=ROOT / "dist")
    parser.add_argument("--trace", action="store_true", help="print every answer: topic, right, first weakness")
    parser.add_argument(
        "--learner",
        action="append",
        choices=[learner.key for learner in LEARNERS],
        help="only this learner (again for more)",
    )
    args, _ = parser.parse_known_args()
    server = make_server(args.site, port=0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    site = f"http://127.0.0.1:{server.server_port}"
    learners = [learner for learner in LEARNERS if not args.learner or learner.key in args.learner]
    results = {learner.key: [] for learner in learners}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(playwright), args=BROWSER_ARGS)
            for run in range(args.runs):
                for learner in learners:
                    context = browser.new_context(service_workers="block")  # not what is measured
                    outcome = simulate(context, site, learner)
                    context.close()
                    results[learner.key].append(outcome)
                    if args.trace:
                        print(f"run {run + 1} {learner.key}:")
                        for n, (topic, right, first) in enumerate(outcome.trace, 1):
                            print(f"  {n:3} {topic or '-':28} {'right' if right else 'WRONG'}  first weakness: {first}")
            browser.close()
    finally:
        server.shutdown()
    print(
        f"learner simulation, {args.runs} runs (targets: named first within {TARGET_ANSWERS} answers, "
        f"at least {TARGET_FOLLOW} of {FOLLOW} questions on it)"
    )
    for learner in learners:
        outcomes = results[learner.key]
        named = [o.answers for o in outcomes if o.answers is not None]
        first_wrong = [next((n for n, (_, right, _) in enumerate(o.trace, 1) if not right), None) for o in outcomes]
        runs = ", ".join(str(o.answers) if o.answers is not None else "not named" for o in outcomes)
        median = statistics.median(named) if named else None
        print(f"  {learner.words} ({learner.rules})")
        print(f"    answers until named first: {runs}; median {median}")
        print(f"    named as: {sorted({o.named for o in outcomes if o.named})}")
        print(
            f"    wrong answers meanwhile: {[o.wrong for o in outcomes]}; baseline, the first wrong answer: "
            f"{first_wrong}"
        )
        print(f"    questions on it after Practise this: {[o.followed for o in outcomes]} of {FOLLOW}")
        print(f"    targets met: {sum(o.meets_targets for o in outcomes)} of {len(outcomes)} runs")
        for error in sorted({e for o in outcomes for e in o.errors}):
            print(f"    script error on a page: {error}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
