import { successEnvelope } from '@ats/contracts/envelope';
import { ZRequestPage } from '@ats/contracts/vacancy-applications';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializerCompiler, compileAnswerSerializer } from './answer-serializer.ts';

/** The serialiser fastify-type-provider-zod gives: zod validates, JSON.stringify writes. */
const viaZod = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' }) as (
    data: unknown,
  ) => string;
/** The compiled one, without the test-mode cross-check, so it is what production runs. */
const compiled = (schema: z.ZodType) => compileAnswerSerializer(schema, viaZod(schema), false);

const ZPerson = z.object({
  id: z.number().int(),
  n: z.int().optional(),
  code: z.coerce.string().optional(),
  name: z.string(),
  nick: z.string().nullable(),
  email: z.email().optional(),
  role: z.enum(['admin', 'watcher']),
  kind: z.literal('person'),
  score: z.number(),
  active: z.boolean(),
  tags: z.array(z.string()),
  extra: z.union([z.string(), z.number()]).nullable(),
  since: z.string().transform((text) => text.slice(0, 4)),
  level: z.number().int().default(1),
  meta: z.record(z.string(), z.number()).optional(),
});

const person = {
  kind: 'person',
  id: 7,
  name: 'Анна "Соколова"\n\u2028',
  nick: null,
  role: 'admin',
  score: 4.5,
  active: true,
  tags: ['a', 'б'],
  extra: 3,
  since: '2026-11-27',
  secret: 'must not leave',
  meta: { x: 1 },
};

describe('the answer serialiser compiled from the contract', () => {
  it('writes what zod + JSON.stringify write: keys in the contract order, unknown keys left out, defaults and transforms applied', () => {
    const expected = viaZod(ZPerson)(person);
    expect(compiled(ZPerson)(person)).toBe(expected);
    expect(JSON.parse(expected)).not.toHaveProperty('secret');
    expect(JSON.parse(expected)).toMatchObject({ since: '2026', level: 1 });
    const variants = [
      { ...person, email: 'anna@example.com', nick: 'ann', extra: null, meta: undefined },
      { ...person, tags: [], score: -0, level: 3, n: 5, code: 12 },
      { ...person, extra: 'слово', email: undefined },
    ];
    for (const value of variants) expect(compiled(ZPerson)(value)).toBe(viaZod(ZPerson)(value));
  });

  it('fails a wrong answer exactly as the validating serialiser does', () => {
    const wrong = [
      { ...person, id: 1.5 },
      { ...person, n: 2 ** 60 },
      { ...person, id: Number.NaN },
      { ...person, name: undefined },
      { ...person, nick: 5 },
      { ...person, role: 'owner' },
      { ...person, email: 'not an e-mail' },
      { ...person, tags: 'a' },
      { ...person, score: Infinity },
      null,
    ];
    for (const value of wrong) {
      expect(() => viaZod(ZPerson)(value), JSON.stringify(value)).toThrow();
      expect(() => compiled(ZPerson)(value), JSON.stringify(value)).toThrow(
        ResponseSerializationError,
      );
    }
  });

  it('writes a list of hiring requests as zod does (the bench route)', () => {
    const schema = successEnvelope(ZRequestPage);
    const empty = { code: 200, status: 'success', message: { vacancy_applications: [] } };
    expect(() => compiled(schema)(empty)).toThrow();
    const page = {
      code: 200,
      status: 'success',
      message: { vacancy_applications: [], vacancy_application_count: 0, page: 1, per_page: 30 },
    };
    expect(compiled(schema)(page)).toBe(viaZod(schema)(page));
  });

  it('follows a self-referring (lazy) schema', () => {
    type Node = { name: string; children: Node[] };
    const ZNode: z.ZodType<Node> = z.object({
      name: z.string(),
      children: z.lazy(() => z.array(ZNode)),
    });
    const tree = { name: 'a', children: [{ name: 'b', children: [], x: 1 }] };
    expect(compiled(ZNode)(tree)).toBe(viaZod(ZNode)(tree));
  });

  it('compares both texts under the test runner and says so when they differ', () => {
    const schema = z.object({ a: z.string() });
    const lying = compileAnswerSerializer(schema, () => '{"a":"other"}', true);
    expect(() => lying({ a: 'x' })).toThrow(/differs/);
    const route = answerSerializerCompiler({
      schema,
      method: 'GET',
      url: '/test',
      httpStatus: '200',
    }) as (data: unknown) => string;
    expect(route({ a: 'x', b: 2 })).toBe('{"a":"x"}');
  });
});
