import { describe, expect, it } from 'vitest';
import { boundedDocument, jsonDepth } from './json-document.ts';

describe('a free-form document is bounded by its schema', () => {
  const nested = (depth: number) => {
    let value: unknown = 1;
    for (let i = 0; i < depth; i++) value = { a: value };
    return value;
  };

  it('counts depth without recursion, even 100,000 levels deep', () => {
    expect(jsonDepth({})).toBe(1);
    expect(jsonDepth({ a: [1, { b: 2 }] })).toBe(3);
    expect(jsonDepth(nested(100_000))).toBe(100_000);
  });

  it('refuses a document too deep or too long, with a Russian message', () => {
    const schema = boundedDocument(4, 1000);
    expect(schema.safeParse({ a: { b: [1] } }).success).toBe(true);
    const deep = schema.safeParse(nested(5));
    expect(deep.error?.issues[0]?.message).toMatch(/Вложенность не больше 4/);
    const long = schema.safeParse({ a: 'я'.repeat(1000) });
    expect(long.error?.issues[0]?.message).toMatch(/Не длиннее 1000 символов/);
    expect(schema.safeParse([1]).success).toBe(false);
  });
});
