// Builds dist/: index.html plus one hashed JS and one hashed CSS bundle (and, with
// --sourcemap, their source maps).
import * as esbuild from 'esbuild';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';

const dir = new URL('.', import.meta.url).pathname;
process.chdir(dir);

await rm('dist', { recursive: true, force: true });
const result = await esbuild.build({
  entryPoints: ['src/main.js'],
  bundle: true,
  format: 'esm',
  target: ['es2022'],
  minify: true,
  // No source map by default: what `make web` builds is what deploys. `node build.mjs
  // --sourcemap` writes a linked one for debugging (the deployment excludes *.map anyway).
  sourcemap: process.argv.includes('--sourcemap') ? 'linked' : false,
  entryNames: '[name]-[hash]',
  outdir: 'dist',
  metafile: true,
  logLevel: 'warning',
});
const outputs = Object.keys(result.metafile.outputs);
const pick = (ext) => basename(outputs.find((p) => p.endsWith(ext)));
const html = (await readFile('index.html', 'utf8')).replace('%JS%', `./${pick('.js')}`).replace('%CSS%', `./${pick('.css')}`);
await writeFile('dist/index.html', html);
// A default config.json, so that a page served without one (any static server) neither
// fails to load it nor logs a 404. The Go server answers /config.json itself; a deployment
// replaces this file with the stage's own.
await writeFile('dist/config.json', JSON.stringify({ apiUrl: '', cooldownSeconds: 50 }) + '\n');
for (const p of outputs) {
  if (!p.endsWith('.map')) console.log(`${p}\t${result.metafile.outputs[p].bytes} bytes`);
}
