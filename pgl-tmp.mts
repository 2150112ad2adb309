import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
let t = performance.now();
const c = new PGlite();
await migrate(drizzle(c), { migrationsFolder: 'src/server/db/migrations' });
console.log('fresh+migrate', performance.now() - t);
t = performance.now();
const dump = await c.dumpDataDir('none');
console.log('dump', performance.now() - t, dump.size);
for (let i = 0; i < 3; i++) {
t = performance.now();
const d = new PGlite({ loadDataDir: dump });
await d.waitReady;
await migrate(drizzle(d), { migrationsFolder: 'src/server/db/migrations' });
console.log('load+migrate', performance.now() - t);
t = performance.now();
const e = new PGlite();
await e.waitReady;
console.log('fresh only', performance.now() - t);
}
