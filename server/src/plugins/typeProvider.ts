import type { FastifyInstance, FastifyTypeProvider } from 'fastify';
import type { Static, TSchema } from 'typebox';

/**
 * Fastify's type provider for TypeBox: route handlers get `request.body`, `query`, `params` and the reply typed
 * from the same schemas Ajv validates with. This is the whole of @fastify/type-provider-typebox that we use;
 * that package is not installed because its peer dependency (ajv-formats 3) conflicts with @hookform/resolvers'
 * optional peer (ajv-formats 2) at the top of node_modules.
 */
export interface TypeBoxTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
  serializer: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
}

/** The app as domain route modules see it: schemas in, typed handlers out. */
export function typed(app: FastifyInstance) {
  return app.withTypeProvider<TypeBoxTypeProvider>();
}

export type TypedApp = ReturnType<typeof typed>;
