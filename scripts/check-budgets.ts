/**
 * Checks the route table's budgets after every build, and that public routes load no form, validation, store or
 * dashboard code and no file ships sample data: these regress silently otherwise.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { kib, readChunkGroups, readRouteManifest, routeSizes } from './routeSizes';

const groups = readChunkGroups();
const failures: string[] = [];
for (const r of routeSizes(groups)) {
  const { budget } = r;
  const ok = r.js.gzip <= budget;
  console.info(`${ok ? 'ok  ' : 'FAIL'} ${r.route.padEnd(26)} JS ${kib(r.js.gzip).padStart(10)} gzip (budget ${kib(budget)}), CSS ${kib(r.css.gzip)} gzip, ${r.requests} requests`);
  if (!ok) failures.push(`${r.route}: ${kib(r.js.gzip)} > ${kib(budget)}`);
}

// The public pages (landing, a tracking link, the terms and privacy policy) may not load form/validation libraries,
// the store or the signed-in areas' code; the landing page not even the dashboards' words.
const forbiddenModules = [
  /node_modules\/react-hook-form\//,
  /node_modules\/yup\//,
  /node_modules\/@hookform\//,
  /node_modules\/@reduxjs\//,
  /src\/(store|api\/(api|baseQuery))\b/,
  /src\/app\/(store|listeners|appStore)\.ts/,
  /src\/app\/routes\/(auth|customer|technician|admin|shared)\//,
  /src\/features\/(auth|live|notifications|reports|analytics|staff|timeLogs)\//,
  /src\/features\/jobs\/(customer|technician|board|booking)\/|src\/features\/jobs\/\w+(Slice|Api)\.ts/,
  /src\/features\/contact\/(contactApi|MessagesInbox)\.tsx?/,
  /src\/features\/tracking\/(trackingApi|TrackingLinkPanel)\.tsx?/,
];
const forbiddenText = [/Monthly Work Summary/, /Awaiting Assignment/, /My Services/];
const measured = readRouteManifest().measured;
for (const route of ['/', '/track/:token', '/terms', '/privacy']) {
  const names = measured.find((r) => r.name === route)?.groups ?? [];
  if (names.length === 0) failures.push(`the route table has no ${route}`);
  for (const file of names.flatMap((name) => groups[name] ?? []).filter((f) => f.endsWith('.js'))) {
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

// No sample data anywhere in the bundle: no module named sample*, none of the prototype's sample records. And none of
// the contract's TypeBox schemas: the SPA takes its types, and only the plain modules at run time. No Markdown parser
// either: the legal pages' Markdown is HTML by then (scripts/markdown/).
const sampleModules = /(^|\/)src\/.*\/sample[A-Z]\w*\.tsx?$/m;
const sampleRecords = /\b(SRV-100\d|JOB-200\d|APT-200\d|LOG-300\d|EMP-00\d)\b/;
const assetsDir = path.resolve(__dirname, '..', 'dist', 'assets');
for (const file of readdirSync(assetsDir).filter((name) => name.endsWith('.js'))) {
  const source = readFileSync(path.join(assetsDir, file), 'utf8');
  const { sources } = JSON.parse(readFileSync(path.join(assetsDir, `${file}.map`), 'utf8')) as { sources: string[] };
  if (sampleModules.test(sources.join('\n'))) failures.push(`assets/${file} bundles a sample data module`);
  if (/node_modules\/typebox\//.test(sources.join('\n'))) failures.push(`assets/${file} bundles TypeBox (a contract module that is not plain)`);
  if (/node_modules\/marked\//.test(sources.join('\n'))) failures.push(`assets/${file} bundles marked (Markdown is converted at build time)`);
  const record = sampleRecords.exec(source);
  if (record) failures.push(`assets/${file} contains sample record ${record[0]}`);
}

if (failures.length) {
  console.error(`Budget check failed:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.info('All route budgets met.');
