// Throwaway Postgres schemas for bench runs: each run works in its own and drops it after.
import pg from 'pg';

export async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
  await c.end();
}
