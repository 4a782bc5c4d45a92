import AjvCompiler from '@fastify/ajv-compiler';
import type Ajv from 'ajv';
import type { FastifySchemaValidationError, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { invalidField } from './errors';

/**
 * `errorMessages` carries each rule's client-facing message next to the rule (an annotation Ajv ignores;
 * `validationErrors` reads it back). Bodies are not coerced; path and query text is, since it is text by nature.
 */
export const ERROR_MESSAGES_KEYWORD = 'errorMessages';

type Keyword = 'required' | 'type' | 'minLength' | 'maxLength' | 'pattern' | 'enum' | 'format' | 'minimum' | 'maximum' | 'const' | 'default';
export type ErrorMessages = Partial<Record<Keyword, string>>;

interface SchemaWithMessages {
  properties?: Record<string, { errorMessages?: ErrorMessages }>;
  errorMessages?: ErrorMessages;
}

const LABELS: Record<string, string> = {
  fullName: 'Full name',
  phoneNumber: 'Phone number',
  refreshToken: 'Refresh token',
  employeeId: 'Employee',
  appointmentId: 'Job',
  vehicleId: 'Vehicle',
  centerId: 'Service centre',
  serviceType: 'Service type',
  plate: 'Vehicle ID',
  slot: 'Time slot',
  startTime: 'Start time',
  endTime: 'End time',
  expectedVersion: 'Expected version',
  q: 'Search',
};

export function fieldLabel(field: string): string {
  return LABELS[field] ?? field.charAt(0).toUpperCase() + field.slice(1);
}

function fallback(field: string, error: FastifySchemaValidationError): string {
  const params = error.params as Record<string, unknown>;
  const label = fieldLabel(field);
  switch (error.keyword) {
    case 'required':
      return `${label} is required`;
    case 'type':
      return `${label} must be a ${String(params.type)}`;
    case 'maxLength':
      return `${label} must be at most ${String(params.limit)} characters long`;
    case 'minLength':
      return `${label} must be at least ${String(params.limit)} characters long`;
    case 'maximum':
      return `${label} must be at most ${String(params.limit)}`;
    case 'minimum':
      return `${label} must be at least ${String(params.limit)}`;
    case 'enum':
      return `${label} must be one of ${(params.allowedValues as unknown[]).join(', ')}`;
    default:
      return `${label} is invalid`;
  }
}

function isBlank(value: unknown): boolean {
  return typeof value === 'string' && value.trim() === '';
}

/** `errors` with its fields in the order `schema` lists its properties (fields it does not list come last). */
function inSchemaOrder(errors: Record<string, string>, schema: unknown): Record<string, string> {
  const properties = (schema as SchemaWithMessages | undefined)?.properties;
  if (!properties) return errors;
  const order = Object.keys(properties);
  const rank = (field: string) => {
    const index = order.indexOf(field);
    return index === -1 ? order.length : index;
  };
  return Object.fromEntries(Object.entries(errors).sort(([a], [b]) => rank(a) - rank(b)));
}

/**
 * Ajv errors → `{ field: message }` in the schema's field order, so `message` names the form's first field, not
 * whichever rule Ajv checked first. A blank string gets the field's "required" message.
 */
export function validationErrors(errors: FastifySchemaValidationError[], context: string | undefined, schema?: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  for (const error of errors) {
    // `verbose: true` adds parentSchema and data to each error; they are read here, never sent.
    const verbose = error as FastifySchemaValidationError & { parentSchema?: SchemaWithMessages; data?: unknown };
    const params = error.params as Record<string, unknown>;
    let field: string;
    let messages: ErrorMessages | undefined;
    if (error.keyword === 'required') {
      field = String(params.missingProperty);
      messages = verbose.parentSchema?.properties?.[field]?.errorMessages;
    } else {
      const segments = error.instancePath.split('/').filter(Boolean);
      field = segments[0] ?? context ?? 'body';
      messages = verbose.parentSchema?.errorMessages;
      if (segments.length === 0 && error.keyword === 'type') {
        result[field] = `Request ${field} must be a JSON object`;
        continue;
      }
    }
    if (field in result) continue;
    const keyword = error.keyword as Keyword;
    const blankRequired = (keyword === 'minLength' || keyword === 'pattern') && isBlank(verbose.data) ? messages?.required : undefined;
    result[field] = blankRequired ?? messages?.[keyword] ?? messages?.default ?? fallback(field, error);
  }
  return inSchemaOrder(result, schema);
}

// allErrors: report every invalid field at once (safe here: every string has a maxLength, patterns are linear);
// verbose: lets validationErrors find each field's `errorMessages`.
const common = { allErrors: true, verbose: true, removeAdditional: true, useDefaults: true } as const;
const BODY_OPTIONS = { ...common, coerceTypes: false } as const;
const TEXT_OPTIONS = { ...common, coerceTypes: 'array' } as const;
const addMessagesKeyword = (ajv: Ajv) => {
  ajv.addKeyword({ keyword: ERROR_MESSAGES_KEYWORD, schemaType: 'object' });
};

interface RouteSchema {
  httpPart?: string;
  schema?: SchemaWithMessages;
}
/** A compiled Ajv validator as Fastify calls it (`schemaEnv` tells Fastify to pass the parent for coercion). */
type Validate = ((data: unknown, context?: unknown) => boolean) & { errors?: unknown[] | null; schemaEnv?: unknown };
type ValidatorFor = (route: RouteSchema) => Validate;

/**
 * Ajv coerces the text "Infinity" or "1e400" to a number and then skips minimum and maximum for it (they only look
 * at finite numbers), so `?limit=Infinity` would reach SQL. A coerced value that is not a finite number is a type
 * error of its field instead, with the field's own message.
 */
function finiteNumbersOnly(validate: Validate, schema: SchemaWithMessages | undefined): Validate {
  const checked: Validate = (data, context) => {
    const valid = validate(data, context);
    checked.errors = validate.errors;
    if (!valid || data === null || typeof data !== 'object') return valid;
    const entry = Object.entries(data).find(([, value]) => typeof value === 'number' && !Number.isFinite(value));
    if (!entry) return true;
    const [field, value] = entry;
    const parentSchema = schema?.properties?.[field];
    checked.errors = [{ keyword: 'type', instancePath: `/${field}`, schemaPath: `#/properties/${field}/type`, params: { type: 'number' }, message: 'must be finite', parentSchema, data: value }];
    return false;
  };
  checked.schemaEnv = validate.schemaEnv;
  return checked;
}

/**
 * Fastify's schemaController option: two Ajv instances from Fastify's own compiler, one for bodies and one (with
 * coercion) for path parameters and query strings, chosen per part of the request.
 */
export const schemaController = {
  compilersFactory: {
    buildValidator(externalSchemas: Record<string, unknown>) {
      const pool = AjvCompiler();
      // The pool's declared return type is Ajv's compile(); at run time it takes Fastify's route definition.
      const body = pool(externalSchemas as never, { customOptions: BODY_OPTIONS, onCreate: addMessagesKeyword }) as unknown as ValidatorFor;
      const text = pool(externalSchemas as never, { customOptions: TEXT_OPTIONS, onCreate: addMessagesKeyword }) as unknown as ValidatorFor;
      return (route: RouteSchema) => (route.httpPart === 'body' ? body(route) : finiteNumbersOnly(text(route), route.schema));
    },
  },
} as FastifyServerOptions['schemaController'];

/**
 * `schema` checked as a request body is, outside a request (the rows of an uploaded CSV file): null when `data` is
 * valid, otherwise field → message with the same messages a body would get.
 */
export function bodyChecker(schema: unknown): (data: unknown) => Record<string, string> | null {
  const compile = AjvCompiler()({} as never, { customOptions: BODY_OPTIONS, onCreate: addMessagesKeyword }) as unknown as ValidatorFor;
  const validate = compile({ httpPart: 'body', schema: schema as SchemaWithMessages });
  return (data) => (validate(data) ? null : validationErrors((validate.errors ?? []) as FastifySchemaValidationError[], undefined, schema));
}

const MAX_DEPTH = 32;

/** The path (`field` or `field.sub`) of the first string or key holding a NUL character, if any. */
export function findNul(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '')];
    const found = findNul(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** The first header whose value holds a NUL character, if any (e.g. a User-Agent, stored as a session's device). */
export function headerWithNul(headers: Record<string, string | string[] | undefined>): string | null {
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value === 'string' ? value.includes('\u0000') : value?.some((item) => item.includes('\u0000'))) return name;
  }
  return null;
}

/** "User-Agent header", "X-Forwarded-For header": a header's name as people write it. */
function headerLabel(name: string): string {
  return `${name.replace(/(^|-)([a-z])/g, (_match, dash: string, letter: string) => dash + letter.toUpperCase())} header`;
}

/**
 * A NUL character (PostgreSQL cannot store one) is a validation error naming the field, in any part of a request:
 * headers first (not every way in goes through Node's parser), then path, query and body, nested keys included.
 */
export const nulGuard = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      const header = headerWithNul(request.headers);
      if (header) throw invalidField(header, `${headerLabel(header)} must not contain a NUL character`);
    });
    app.addHook('preValidation', async (request) => {
      for (const part of [request.params, request.query, request.body]) {
        const path = findNul(part);
        if (path) {
          // '*' is the static site's wildcard parameter: the page path.
          const field = path[0] === '*' ? 'path' : (path[0] ?? 'body');
          throw invalidField(field, `${fieldLabel(field)} must not contain a NUL character`);
        }
      }
    });
  },
  { name: 'nulGuard' },
);
