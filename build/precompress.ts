import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files worth compressing (fonts are woff2, compressed already). */
const COMPRESSIBLE = /\.(?:js|css|json|svg|html)$/;

/**
 * Writes `x.js.br` (brotli, quality 11) and `x.js.gz` (gzip, level 9) beside each built text file, as
 * static hosts and CDNs serve them when the browser accepts them (nginx `brotli_static`/`gzip_static`;
 * the reference server's `/dist` uses `serveStatic({ precompressed: true })`). Compressing once at
 * build time lets the slowest, smallest settings pay off; compressing per request would not.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'storefront:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const jobs = Object.values(bundle)
        .filter((file) => COMPRESSIBLE.test(file.fileName))
        .map(async (file) => {
          const source = Buffer.from(file.type === 'chunk' ? file.code : file.source);
          const target = path.join(outDir, file.fileName);
          const [br, gz] = await Promise.all([
            brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
            gzipAsync(source, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gz)]);
        });
      await Promise.all(jobs);
    },
  };
}
