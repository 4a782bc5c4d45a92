import {
  CompiledQuery,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type Transaction,
  type UnknownRow,
} from 'kysely';
import type { Database, Db } from './schema';

/** Records the SQL and parameters of every query run through it, compiled exactly as Kysely sends them. */
class QueryRecorder implements KyselyPlugin {
  readonly queries: CompiledQuery[] = [];

  constructor(private readonly db: Db) {}

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    this.queries.push(this.db.getExecutor().compileQuery(node, queryId));
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

/**
 * The queries `run` sends when given `db` — the real SQL of a domain function, not a copy of its shape — for
 * tests and the benchmark to EXPLAIN.
 */
export async function recordQueries(db: Db, run: (db: Db) => Promise<unknown>): Promise<CompiledQuery[]> {
  const recorder = new QueryRecorder(db);
  await run(db.withPlugin(recorder));
  return recorder.queries;
}

/** The plan of a recorded query, one line per plan line (`EXPLAIN (options) …` with the same parameters). */
export async function explain(db: Db | Transaction<Database>, query: CompiledQuery, options = 'COSTS OFF'): Promise<string[]> {
  const { rows } = await db.executeQuery<Record<string, string>>(CompiledQuery.raw(`EXPLAIN (${options}) ${query.sql}`, [...query.parameters]));
  return rows.map((row) => String(Object.values(row)[0]));
}
