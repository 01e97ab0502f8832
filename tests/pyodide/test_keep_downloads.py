"""The engine's worker keeps a first visit's downloads for the service worker without holding them back.

It clones each download and hands it on at once; whether the copy is wanted is known only when the Cache API
answers, which on a new profile (its cache storage being created) once took 850 ms while the runtime's wasm waited.
Run under Node with a worker scope whose Cache API answers only when the script says (keep_downloads.mjs); the
real browser path, with the service worker installing from these copies, is tests/e2e/test_offline.py.
"""

import json

import pytest


@pytest.fixture(scope="module")
def observed(run_node, built_dist):
    return json.loads(run_node("keep_downloads.mjs", built_dist).stdout)


@pytest.mark.parametrize("visit", ["firstVisit", "cached"])
def test_a_download_reaches_the_runtime_before_the_cache_api_answers(observed, visit):
    runtime = observed[visit]["runtime"]
    assert runtime["handedOn"], "the download waited for caches.keys()"
    assert runtime["text"] == "body of https://suanfan.test/site/pyodide/pyodide.asm.wasm"
    assert observed[visit]["elsewhere"]["handedOn"]
    assert observed[visit]["later"] == "body of https://suanfan.test/site/pyodide/python_stdlib.zip"


def test_a_first_visit_keeps_a_whole_copy_of_each_of_the_sites_downloads(observed):
    first = observed["firstVisit"]
    assert [(put["url"], put["text"]) for put in first["puts"]] == [
        (f"https://suanfan.test/site/pyodide/{name}", f"body of https://suanfan.test/site/pyodide/{name}")
        for name in ("pyodide.asm.wasm", "python_stdlib.zip")
    ]  # not the other origin's file
    assert {put["name"] for put in first["puts"]} == {"suanfan https://suanfan.test/site/ downloaded"}
    assert first["fetchRestored"]


def test_with_the_site_cached_already_nothing_is_kept(observed):
    assert observed["cached"]["puts"] == []
    assert observed["cached"]["fetchRestored"]


def test_a_first_visit_measures_its_downloads_as_their_copies_come(observed):
    """What the worker's progress bar follows on a slow first visit: every byte of the site's downloads, against
    what their Content-Length announced (the other origin's file is neither kept nor counted)."""
    sizes = [
        len(f"body of https://suanfan.test/site/pyodide/{name}") for name in ("pyodide.asm.wasm", "python_stdlib.zip")
    ]
    measured = observed["firstVisit"]["measured"]
    assert measured[-1] == [sum(sizes), sum(sizes)]
    assert [received for received, _ in measured] == sorted(received for received, _ in measured)
