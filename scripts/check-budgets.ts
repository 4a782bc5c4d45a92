/**
 * Performance budgets (scripts/route-budgets.json), reported by `npm test` after `npm run build` (which already
 * fails over budget): the landing route's JavaScript ≤ 130 KiB gzip, the login route's ≤ 160 KiB gzip, no route
 * above 200 KiB gzip.
 * Also checks that the landing route pulls in no form, validation or dashboard code.
 */
import { readFileSync } from 'node:fs';
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

// The landing page may not load form/validation libraries or dashboard code.
const landingFiles = [...groups.main, ...groups.landing].filter((f) => f.endsWith('.js'));
const forbiddenModules = [/node_modules\/react-hook-form\//, /node_modules\/yup\//, /node_modules\/@hookform\//, /node_modules\/@reduxjs\//, /src\/features\/(auth|dashboard|customer|employee|admin|booking)\//];
const forbiddenText = [/Monthly Work Summary/, /Awaiting Assignment/, /My Services/];
for (const file of landingFiles) {
  const source = readFileSync(path.resolve(__dirname, '..', 'dist', file), 'utf8');
  const { sources } = JSON.parse(readFileSync(path.resolve(__dirname, '..', 'dist', `${file}.map`), 'utf8')) as { sources: string[] };
  const modules = sources.join('\n');
  for (const pattern of forbiddenModules) {
    if (pattern.test(modules)) failures.push(`landing route file ${file} bundles ${pattern}`);
  }
  for (const pattern of forbiddenText) {
    if (pattern.test(source)) failures.push(`landing route file ${file} contains ${pattern}`);
  }
}

if (failures.length) {
  console.error(`Budget check failed:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.info('All route budgets met.');
