import { createHash } from 'node:crypto';

const names = new Map<string, string>();

/**
 * A statement run as a named prepared statement: each database connection parses it once and keeps
 * its plan (PostgreSQL plans a parameterised statement again on every run otherwise, which for the
 * inbox's views costs more than running them). The name comes from the text, so one text is one
 * statement everywhere. For statements that run on every message or every list page: a repository
 * passes `prepared(sql)` where it would pass the SQL.
 */
export function prepared(sql: string): string {
  let name = names.get(sql);
  if (!name) names.set(sql, (name = `p_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`));
  // TypeORM hands the query to pg as it is, and pg takes a { name, text } query config there.
  return { name, text: sql } as unknown as string;
}
