import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
const dist = new URL('./node_modules/@electric-sql/pglite/dist/', import.meta.url);
let t = Date.now();
const [pgw, idw, fsb] = await Promise.all([readFile(new URL('pglite.wasm', dist)), readFile(new URL('initdb.wasm', dist)), readFile(new URL('pglite.data', dist))]);
const pgliteWasmModule = await WebAssembly.compile(pgw);
const initdbWasmModule = await WebAssembly.compile(idw);
const fsBundle = new Blob([fsb]);
console.log('compile', Date.now() - t); t = Date.now();
const mods = { pgliteWasmModule, initdbWasmModule, fsBundle };
const b = await PGlite.create('memory://', { extensions: { btree_gist }, ...mods });
console.log('fresh cached', Date.now() - t); t = Date.now();
const b2 = await PGlite.create('memory://', { extensions: { btree_gist }, ...mods });
console.log('fresh cached 2', Date.now() - t); t = Date.now();
await b.exec('create extension if not exists btree_gist; create table x(a int)');
for (const c of ['none', 'gzip'] as const) {
  t = Date.now();
  const dump = await b.dumpDataDir(c);
  console.log('dump', c, Date.now() - t, dump.size); t = Date.now();
  for (let i = 0; i < 3; i++) {
    t = Date.now();
    const x = await PGlite.create('memory://', { extensions: { btree_gist }, loadDataDir: dump, ...mods });
    await x.query('select count(*) from x');
    console.log('load', c, Date.now() - t);
    await x.close();
  }
}
process.exit(0);
