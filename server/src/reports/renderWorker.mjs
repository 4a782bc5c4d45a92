/**
 * The entry of a report render thread (piscina loads it; see renderer.ts). Plain JavaScript, so that Node loads it
 * as it is in every way the server runs — `tsx` (npm start, npm run serve), jest (ts-jest, which transforms only the
 * test process's own modules), a child process — and then loads the TypeScript renderer through tsx's API (its
 * `tsImport` is not used: it appends a query to the paths `require.resolve` answers, and the fonts are found so). The pool starts its threads with no execArgv, so a parent's own `--import tsx` is not loaded twice.
 */
import { createRequire } from 'node:module';
import { register } from 'tsx/cjs/api';

register();
// Required, not imported: the renderer is a CommonJS module once tsx compiled it, and require hands over its exports.
const { renderTask } = createRequire(import.meta.url)('./render.ts');

export default renderTask;
