import { DIST } from './paths';
import { sourceMapForUrl } from './sourceMap';
import { round } from './stats';

/** The parts of CDP's Profiler.Profile the attribution reads. */
export interface CdpProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }[];
  samples?: number[];
  timeDeltas?: number[];
}

export interface Attribution {
  /** Sampled main-thread time, (idle) excluded. */
  busyMs: number;
  /**
   * Self time by where it is spent: app code (src/), each npm package, DOM calls made from JavaScript,
   * `(program)` (native work outside JavaScript: style, layout, paint bookkeeping) and the garbage collector.
   */
  byCategory: { category: string; ms: number }[];
  /** Self time of the busiest JavaScript functions, with their original names and places (source maps). */
  byFunction: { fn: string; ms: number }[];
}

const NATIVE_BUCKETS = new Set(['(program)', '(garbage collector)', '(root)']);

function categoryOf(source: string | null, functionName: string, url: string): string {
  if (!url) return NATIVE_BUCKETS.has(functionName) ? functionName : 'DOM calls from JavaScript';
  if (!source) return 'unmapped JavaScript';
  if (source.startsWith('src/')) return 'app code (src/)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  return pkg ? pkg[1] : source;
}

function top(m: Map<string, number>, n: number): [string, number][] {
  return [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([key, ms]) => [key, round(ms, 1)]);
}

function add(m: Map<string, number>, key: string, ms: number) {
  m.set(key, (m.get(key) ?? 0) + ms);
}

/** Attributes a CPU profile's samples to original sources (through dist/*.js.map). */
export function attributeProfile(profile: CdpProfile, count = 8): Attribution {
  const category = new Map<number, string>();
  const label = new Map<number, string>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const original = sourceMapForUrl(url, DIST)?.lookup(lineNumber, columnNumber) ?? null;
    category.set(node.id, functionName === '(idle)' ? '(idle)' : categoryOf(original?.source ?? null, functionName, url));
    const name = original?.name ?? (functionName || '(anonymous)');
    label.set(node.id, original ? `${name} (${original.source.replace(/^node_modules\//, '')}:${original.line})` : name);
  }

  const byCategory = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let busyMs = 0;
  for (let i = 0; i < samples.length; i += 1) {
    const ms = (deltas[i + 1] ?? deltas[i] ?? 0) / 1000;
    const cat = category.get(samples[i]) ?? '(idle)';
    if (cat === '(idle)') continue;
    busyMs += ms;
    add(byCategory, cat, ms);
    if (!NATIVE_BUCKETS.has(cat)) add(byFunction, label.get(samples[i]) ?? '?', ms);
  }
  return {
    busyMs: round(busyMs, 1),
    byCategory: top(byCategory, count).map(([c, ms]) => ({ category: c, ms })),
    byFunction: top(byFunction, count).map(([fn, ms]) => ({ fn, ms })),
  };
}
