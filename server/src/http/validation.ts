import type { FastifySchemaValidationError } from 'fastify';

/**
 * JSON-schema keyword carrying the client-facing message per failing keyword, next to the rule it explains:
 *   { type: 'string', minLength: 8, errorMessages: { required: 'Password is required', minLength: '…' } }
 * Registered with Ajv as an annotation (it validates nothing); `validationErrors` reads it back.
 */
export const ERROR_MESSAGES_KEYWORD = 'errorMessages';

export type ErrorMessages = Partial<Record<'required' | 'type' | 'minLength' | 'maxLength' | 'pattern' | 'enum' | 'default', string>>;

interface SchemaWithMessages {
  properties?: Record<string, { errorMessages?: ErrorMessages }>;
  errorMessages?: ErrorMessages;
}

const LABELS: Record<string, string> = {
  fullName: 'Full name',
  phoneNumber: 'Phone number',
  refreshToken: 'Refresh token',
  employeeId: 'Employee ID',
};

function label(field: string): string {
  return LABELS[field] ?? field.charAt(0).toUpperCase() + field.slice(1);
}

function fallback(field: string, error: FastifySchemaValidationError): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${label(field)} is required`;
    case 'type':
      return `${label(field)} must be a ${String(params.type)}`;
    case 'maxLength':
      return `${label(field)} must be at most ${String(params.limit)} characters long`;
    case 'minLength':
      return `${label(field)} must be at least ${String(params.limit)} characters long`;
    case 'enum':
      return `${label(field)} must be one of ${(params.allowedValues as unknown[]).join(', ')}`;
    default:
      return `${label(field)} is invalid`;
  }
}

function isBlank(value: unknown): boolean {
  return typeof value === 'string' && value.trim() === '';
}

/**
 * Ajv errors (collected with allErrors + verbose) → `{ field: message }`, first message per field.
 * A blank string failing minLength/pattern gets the field's "required" message ('Password is required').
 */
export function validationErrors(errors: FastifySchemaValidationError[], context: string | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const error of errors) {
    // `verbose: true` adds parentSchema and data to each error (see app.ts); they are read here, never sent.
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
    const keyword = error.keyword as keyof ErrorMessages;
    const blankRequired = (keyword === 'minLength' || keyword === 'pattern') && isBlank(verbose.data) ? messages?.required : undefined;
    result[field] = blankRequired ?? messages?.[keyword] ?? messages?.default ?? fallback(field, error);
  }
  return result;
}
