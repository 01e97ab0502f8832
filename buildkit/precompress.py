"""Precompressed copies of the site's files: FILE.br and FILE.gz beside each file of 1 KB or more (written by
buildkit/compress.mjs under Node), which a server sends, with `Content-Encoding`, to a browser that accepts them
(buildkit/serve.py; docs/architecture.md says what other hosts need). The browser decodes them itself, so a page,
a worker and the service worker see the file as it is: its sha256 in sw.js and in the lock is the plain file's.

Each stage compresses its own files as it makes them, so a copy is made again only with its file. Brotli's
smallest setting is slow (over a minute for the runtime's machine code), so it is kept for what is made once
per Pyodide version; what is remade on every edit (the engine, the pages) uses a faster one.
"""

from __future__ import annotations

import json
from pathlib import Path

from buildkit.console import BuildError, run
from buildkit.paths import ROOT

COMPRESS_SCRIPT = ROOT / "buildkit" / "compress.mjs"

# Content-Encoding -> the suffix of its copy, best first: the order a server offers them in.
ENCODINGS = {"br": ".br", "gzip": ".gz"}
MIN_SIZE = 1024  # below this the response's headers outweigh what compression saves
COMPRESSED_ALREADY = (".zip", ".whl", ".png", ".jpg", ".woff2")  # not worth the attempt (a zip gains 3%)
QUALITY_ONCE = 11  # brotli for files made once per Pyodide version: smallest, slowest
QUALITY_OFTEN = 9  # for files remade on every edit: some 15% larger, several times faster


def is_copy(name: str) -> bool:
    """Is this file (a name or path) a precompressed copy of another?"""
    return str(name).endswith(tuple(ENCODINGS.values()))


def original_name(name: str) -> str:
    """The file a copy stands for (the name itself when it is no copy)."""
    for suffix in ENCODINGS.values():
        if name.endswith(suffix):
            return name.removesuffix(suffix)
    return name


def precompress(folder: Path, quality: int) -> list[dict]:
    """Write the copies of every file under `folder` of MIN_SIZE or more (copies left alone). Returns what
    compress.mjs printed: per file {file, size, br, gz}, br and gz the sizes of the copies written or null."""
    files = sorted(p for p in folder.rglob("*") if p.is_file() and worth_compressing(p))
    return compress_files(files, quality)


def worth_compressing(path: Path) -> bool:
    return not is_copy(path) and not path.name.endswith(COMPRESSED_ALREADY) and path.stat().st_size >= MIN_SIZE


def compress_files(files: list[Path], quality: int) -> list[dict]:
    if not files:
        return []
    done = run(["node", COMPRESS_SCRIPT, quality, *files], "precompressing files")
    try:
        return json.loads(done.stdout.strip().splitlines()[-1])
    except (IndexError, ValueError) as err:
        raise BuildError(f"compress.mjs printed no summary: {done.stdout!r}") from err
