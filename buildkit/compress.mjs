// compress.mjs: write the precompressed copies of files, FILE.br (brotli) and FILE.gz (gzip), beside each
// (buildkit/precompress.py runs this; it is not for people to call).
//
//   node buildkit/compress.mjs QUALITY FILE...
//
//   QUALITY  brotli's quality, 0-11: 11 is the smallest and by far the slowest (the runtime's 9.6 MB of machine
//            code takes over a minute), so the build keeps it for files made once per Pyodide version
//
// A copy is written only when it is smaller than MOST of the file (what is already compressed, such as a zip,
// gains nothing and is sent as it is). Both encoders are Node's own (zlib), so the copies of the same file are
// the same bytes on every build with the same Node: gzip's header carries no time and no file name.
// Printed on stdout: one JSON line, [{file, size, br, gz}, …], br and gz the sizes written or null.

import fs from "node:fs";
import zlib from "node:zlib";

const MOST = 0.9;
const [quality, ...files] = process.argv.slice(2);
if (!/^\d+$/.test(quality ?? "") || Number(quality) > 11) {
  console.error("usage: node buildkit/compress.mjs QUALITY(0-11) FILE...");
  process.exit(2);
}

const encoders = {
  br: (data) => zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: Number(quality),
      // A window of 16 MB (the largest every browser decodes) finds repeats across the whole of a large file.
      [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  }),
  gz: (data) => zlib.gzipSync(data, { level: 9 }),
};

const written = files.map((file) => {
  const data = fs.readFileSync(file);
  const out = { file, size: data.length };
  for (const [suffix, encode] of Object.entries(encoders)) {
    const packed = encode(data);
    out[suffix] = packed.length < data.length * MOST ? packed.length : null;
    if (out[suffix] !== null) fs.writeFileSync(`${file}.${suffix}`, packed);
  }
  return out;
});
process.stdout.write(JSON.stringify(written) + "\n");
