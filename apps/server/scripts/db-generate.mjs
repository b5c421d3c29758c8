// Generates a migration from src/db/schema.ts, then makes it schema-relative: drizzle-kit writes
// "public"."table" in foreign keys, but migrations must run under any search_path (tests use one
// schema each; operators may choose their own).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const args = process.argv.slice(2);
const r = spawnSync('npx', ['drizzle-kit', 'generate', ...args], { stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);
for (const file of readdirSync('drizzle').filter((f) => f.endsWith('.sql'))) {
  const path = `drizzle/${file}`;
  const sql = readFileSync(path, 'utf8');
  const fixed = sql.replaceAll('"public".', '');
  if (fixed !== sql) writeFileSync(path, fixed);
}
