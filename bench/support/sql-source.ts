// The benchmarks run the API's own SQL text, read from the source file at run time, so that the
// raw-driver numbers always measure the statement the endpoint sends (drizzle's sql`` template
// becomes exactly this text, with each ${…} replaced by $1, $2, …).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './process.ts';

/**
 * The first sql`…` template after `anchor` in `file`, with its interpolations as $n parameters.
 * `expected` lists the interpolated expressions, as written, to catch a query that changed shape.
 */
export function sqlFromSource(file: string, anchor: string, expected: string[]): string {
  const source = readFileSync(path.join(repoRoot, file), 'utf8');
  const at = source.indexOf(anchor);
  if (at < 0) throw new Error(`${file}: '${anchor}' not found — update bench/me-benchmark.ts`);
  const start = source.indexOf('sql`', at);
  const end = start < 0 ? -1 : source.indexOf('`', start + 4);
  if (start < 0 || end < 0) throw new Error(`${file}: no sql\`…\` template after '${anchor}'`);
  const template = source.slice(start + 4, end);
  const found: string[] = [];
  const text = template.replace(/\$\{([^}]*)\}/g, (_match, expression: string) => {
    found.push(expression.trim());
    return `$${found.length}`;
  });
  if (found.join('|') !== expected.join('|')) {
    throw new Error(
      `${file}: the query after '${anchor}' interpolates [${found.join(', ')}], ` +
        `the benchmark expects [${expected.join(', ')}] — update bench/me-benchmark.ts`,
    );
  }
  return text;
}
