import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** [generated column, source index, original line, original column, name index or -1] */
type Segment = [number, number, number, number, number];

export interface OriginalPosition {
  /** e.g. `src/features/jobs/components/JobSummaryRow.tsx`, `node_modules/react-dom/…` */
  source: string;
  line: number;
  name: string | null;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

function decodeVlq(text: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = DIGIT.get(char) ?? 0;
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

function decodeMappings(mappings: string): Segment[][] {
  const lines: Segment[][] = [];
  let source = 0;
  let line = 0;
  let column = 0;
  let name = 0;
  for (const lineText of mappings.split(';')) {
    const segments: Segment[] = [];
    let generated = 0;
    for (const segmentText of lineText.split(',')) {
      if (!segmentText) continue;
      const v = decodeVlq(segmentText);
      generated += v[0];
      if (v.length < 4) continue;
      source += v[1];
      line += v[2];
      column += v[3];
      if (v.length > 4) name += v[4];
      segments.push([generated, source, line, column, v.length > 4 ? name : -1]);
    }
    lines.push(segments);
  }
  return lines;
}

/** `webpack://carcare/./src/x.tsx` → `src/x.tsx` */
function cleanSource(source: string): string {
  return source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
}

/** A minimal source-map reader (VLQ mappings, no sections) for the production build's `.js.map` files. */
export class SourceMap {
  private readonly lines: Segment[][];
  private readonly sources: string[];
  private readonly names: string[];

  constructor(json: { mappings: string; sources: string[]; names?: string[] }) {
    this.lines = decodeMappings(json.mappings);
    this.sources = json.sources.map(cleanSource);
    this.names = json.names ?? [];
  }

  /** 0-based generated line and column → the original position, or null when unmapped. */
  lookup(line: number, column: number): OriginalPosition | null {
    const segments = this.lines[line];
    if (!segments?.length) return null;
    let lo = 0;
    let hi = segments.length - 1;
    if (segments[0][0] > column) return null;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (segments[mid][0] <= column) lo = mid;
      else hi = mid - 1;
    }
    const [, source, origLine, , name] = segments[lo];
    return { source: this.sources[source] ?? '?', line: origLine + 1, name: name >= 0 ? (this.names[name] ?? null) : null };
  }
}

const cache = new Map<string, SourceMap | null>();

/** The source map of a built asset URL (`http://host/assets/x.js` → dist/assets/x.js.map), if there is one. */
export function sourceMapForUrl(url: string, distDir: string): SourceMap | null {
  if (!url) return null;
  const file = path.join(distDir, new URL(url).pathname) + '.map';
  if (!cache.has(file)) {
    cache.set(file, existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]) : null);
  }
  return cache.get(file) ?? null;
}
