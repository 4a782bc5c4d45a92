/**
 * One TypeBox schema per environment variable, typed as the value the server uses. `x-env`: how its text is read;
 * `x-default`: the README's default; `x-messages`: wording for a rule (`{got}` is the value given).
 */
import { Type } from 'typebox';
import { Format } from 'typebox/format';
import type { TrustProxy } from './trustProxy';

/** How a variable's text becomes its value. */
export type EnvKind = 'text' | 'untrimmed' | 'integer' | 'duration' | 'flag' | 'url' | 'trustProxy';

export interface VariableMeta {
  [key: PropertyKey]: unknown;
  'x-env': EnvKind;
  'x-default'?: string;
  'x-messages'?: Partial<Record<string, string>>;
  description: string;
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `500ms`, `30s`, `15m`, `12h`, `7d` in milliseconds; null for anything else. */
export function durationMs(text: string): number | null {
  const match = /^(\d+)\s*(ms|s|m|h|d)$/.exec(text.trim());
  return match ? Number(match[1]) * UNIT_MS[match[2]] : null;
}

export const TIME_ZONE_FORMAT = 'carcare-time-zone';
export const URL_FORMAT = 'carcare-url';

Format.Set(TIME_ZONE_FORMAT, (zone) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
});
Format.Set(URL_FORMAT, (text) => URL.canParse(text));

interface Common {
  /** The README's default column, when the default is not a plain value (or depends on something else). */
  docDefault?: string;
  messages?: Partial<Record<string, string>>;
}

function meta(kind: EnvKind, description: string, { docDefault, messages }: Common): VariableMeta {
  return { 'x-env': kind, description, ...(docDefault !== undefined && { 'x-default': docDefault }), ...(messages && { 'x-messages': messages }) };
}

type TextRules = { minLength?: number; pattern?: string; format?: string };

/** Text, trimmed; empty counts as unset, which is `default`. */
export function Text(description: string, { docDefault, messages, ...rules }: Common & TextRules & { default: string }) {
  return Type.String({ ...rules, ...meta('text', description, { docDefault, messages }) });
}

/** Text, trimmed; empty counts as unset (undefined). */
export function OptionalText(description: string, { docDefault, messages, ...rules }: Common & TextRules = {}) {
  return Type.Optional(Type.String({ ...rules, ...meta('text', description, { docDefault, messages }) }));
}

/** Text as given, spaces and all (a password); empty counts as unset. */
export function UntrimmedText(description: string, { docDefault, messages, ...rules }: Common & TextRules = {}) {
  return Type.Optional(Type.String({ ...rules, ...meta('untrimmed', description, { docDefault, messages }) }));
}

/** A whole number between `minimum` and `maximum`. */
export function WholeNumber(description: string, { docDefault, messages, ...rules }: Common & { default: number; minimum: number; maximum: number }) {
  return Type.Integer({ ...rules, ...meta('integer', description, { docDefault, messages }) });
}

/** A duration like `30s` (see durationMs), at least `minimumMs`; the value is in milliseconds. */
export function Duration(description: string, { default: text, minimumMs, docDefault, messages }: Common & { default: string; minimumMs: number }) {
  const ms = durationMs(text);
  if (ms === null) throw new Error(`Not a duration: ${text}`);
  return Type.Integer({ default: ms, minimum: minimumMs, ...meta('duration', description, { docDefault: docDefault ?? `\`${text}\``, messages }) });
}

/** `1`/`0` (also true/false, yes/no, on/off); unset is undefined (its default depends on other settings). */
export function Flag(description: string, common: Common = {}) {
  return Type.Optional(Type.Boolean(meta('flag', description, common)));
}

/** TRUST_PROXY's text read as its setting (config/trustProxy.ts checks it); unset is undefined (no proxy). */
export function ProxyTrust(description: string, common: Common = {}) {
  return Type.Optional(Type.Unsafe<TrustProxy>(meta('trustProxy', description, common)));
}

/** An absolute http(s) URL, kept without trailing slashes. */
export function HttpUrl(description: string, { docDefault, messages, default: fallback }: Common & { default: string }) {
  return Type.String({ default: fallback, ...meta('url', description, { docDefault, messages }) });
}

export function OptionalHttpUrl(description: string, common: Common = {}) {
  return Type.Optional(Type.String(meta('url', description, common)));
}
