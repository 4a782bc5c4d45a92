/**
 * Performance budgets (scripts/route-budgets.json), reported by `npm test` after `npm run build` (which already
 * fails over budget): the landing route's JavaScript ≤ 130 KiB gzip, the login route's ≤ 160 KiB gzip, no route
 * above 200 KiB gzip.
 * Also checks that the public routes (/, /track/:token) pull in no form, validation, store or dashboard code, and that no file of the
 * build ships sample data: the shop's data comes from the server (the demo workshop is a server seed).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { budgetFor, kib, readChunkGroups, routeSizes } from './routeSizes';

const groups = readChunkGroups();
const failures: string[] = [];
for (const r of routeSizes(groups)) {
  const budget = budgetFor(r.route);
  const ok = r.js.gzip <= budget;
  console.info(`${ok ? 'ok  ' : 'FAIL'} ${r.route.padEnd(26)} JS ${kib(r.js.gzip).padStart(10)} gzip (budget ${kib(budget)}), CSS ${kib(r.css.gzip)} gzip, ${r.requests} requests`);
  if (!ok) failures.push(`${r.route}: ${kib(r.js.gzip)} > ${kib(budget)}`);
}

// The public pages (landing, a tracking link) may not load form/validation libraries, the store or dashboard code;
// the landing page not even the dashboards' words.
const forbiddenModules = [/node_modules\/react-hook-form\//, /node_modules\/yup\//, /node_modules\/@hookform\//, /node_modules\/@reduxjs\//, /src\/features\/(auth|dashboard|customer|employee|admin|booking)\//];
const forbiddenText = [/Monthly Work Summary/, /Awaiting Assignment/, /My Services/];
for (const [route, names] of [['/', ['main', 'landing']], ['/track/:token', ['main', 'tracking']]] as const) {
  for (const file of names.flatMap((name) => groups[name]).filter((f) => f.endsWith('.js'))) {
    const source = readFileSync(path.resolve(__dirname, '..', 'dist', file), 'utf8');
    const { sources } = JSON.parse(readFileSync(path.resolve(__dirname, '..', 'dist', `${file}.map`), 'utf8')) as { sources: string[] };
    const modules = sources.join('\n');
    for (const pattern of forbiddenModules) {
      if (pattern.test(modules)) failures.push(`${route} loads ${file}, which bundles ${pattern}`);
    }
    for (const pattern of route === '/' ? forbiddenText : []) {
      if (pattern.test(source)) failures.push(`${route} loads ${file}, which contains ${pattern}`);
    }
  }
}

// No sample data anywhere in the bundle: no module named sample*, none of the prototype's sample records.
const sampleModules = /(^|\/)src\/.*\/sample[A-Z]\w*\.tsx?$/m;
const sampleRecords = /\b(SRV-100\d|JOB-200\d|APT-200\d|LOG-300\d|EMP-00\d)\b/;
const assetsDir = path.resolve(__dirname, '..', 'dist', 'assets');
for (const file of readdirSync(assetsDir).filter((name) => name.endsWith('.js'))) {
  const source = readFileSync(path.join(assetsDir, file), 'utf8');
  const { sources } = JSON.parse(readFileSync(path.join(assetsDir, `${file}.map`), 'utf8')) as { sources: string[] };
  if (sampleModules.test(sources.join('\n'))) failures.push(`assets/${file} bundles a sample data module`);
  const record = sampleRecords.exec(source);
  if (record) failures.push(`assets/${file} contains sample record ${record[0]}`);
}

if (failures.length) {
  console.error(`Budget check failed:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.info('All route budgets met.');
