"""The worst cases beside the typical ones, for the benchmark scripts (tests/bench_*.py): p50, p90, p99 and the
maximum of a sample, and the table they print them in.

p50 is the median (statistics.median); p90 and p99 are the value at index ⌊q × (n − 1)⌋ of the sorted sample, as
the scripts have always printed their 90th percentile: of fewer than 101 values, p99 is the second largest or the
maximum. Nothing here times anything.
"""

from __future__ import annotations

import statistics

COLUMNS = ("p50", "p90", "p99", "max")


def quantile(ordered: list[float], q: float) -> float:
    """The value at index ⌊q × (n − 1)⌋ of a sorted, non-empty sample."""
    return ordered[int(q * (len(ordered) - 1))]


def spread(values) -> dict[str, float]:
    """p50, p90, p99 and max of a non-empty sample."""
    ordered = sorted(values)
    return {
        "p50": statistics.median(ordered),
        "p90": quantile(ordered, 0.9),
        "p99": quantile(ordered, 0.99),
        "max": ordered[-1],
    }


def print_table(
    title: str, labels: tuple[str, ...], rows: list, unit: str = "ms", digits: int = 2, note: str = ""
) -> None:
    """rows: (label values, sample, note) each; a line per row with the count and the sample's spread. The label
    columns are as wide as their widest value; `note` heads the last column (the row's note, e.g. its slowest case)."""
    widths = [max([len(name)] + [len(str(row[0][i])) for row in rows]) + 2 for i, name in enumerate(labels)]
    head = "".join(name.ljust(w) for name, w in zip(labels, widths))
    columns = "".join(f"{f'{c} {unit}':>{10 + digits}}" for c in COLUMNS)
    print(title)
    print(f"  {head}{'n':>6}{columns}   {note}".rstrip())
    for names, sample, text in rows:
        figures = spread(sample)
        line = "".join(str(name).ljust(w) for name, w in zip(names, widths))
        values = "".join(f"{figures[c]:>{10 + digits}.{digits}f}" for c in COLUMNS)
        print(f"  {line}{len(sample):>6}{values}   {text}".rstrip())
