import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

const eagerName = () =>
  z
    .string({ error: 'Укажите имя' })
    .trim()
    .min(1, { error: 'Укажите имя' })
    .transform((name) => name.replace(/\s+/g, ' '));

describe('lazySchema', () => {
  it('builds the schema on its first use, once', () => {
    let builds = 0;
    const ZName = lazySchema(() => {
      builds += 1;
      return eagerName();
    });
    const ZPerson = lazySchema(() => z.object({ name: ZName, age: z.number().int().optional() }));
    expect(builds).toBe(0);
    expect(ZPerson.parse({ name: '  Анна   Мария ' })).toEqual({ name: 'Анна Мария' });
    expect(ZName.parse('Ян')).toBe('Ян');
    expect(builds).toBe(1);
  });

  it('answers as the schema it stands for: errors, extend, shape, instanceof, `in`', () => {
    const ZPerson = lazySchema(() => z.object({ name: eagerName() }));
    const failed = ZPerson.safeParse({ name: ' ' });
    expect(failed.success).toBe(false);
    expect(failed.error?.issues[0]).toMatchObject({ path: ['name'], message: 'Укажите имя' });

    const ZWithAge = ZPerson.extend({ age: z.number().int() });
    expect(ZWithAge.parse({ name: 'Ян', age: 30, extra: 1 })).toEqual({ name: 'Ян', age: 30 });
    expect(Object.keys(ZPerson.shape)).toEqual(['name']);
    expect(ZPerson instanceof z.ZodObject).toBe(true);
    expect(ZPerson instanceof z.ZodString).toBe(false);
    // The form resolvers tell zod 4 from zod 3 by this.
    expect('_zod' in ZPerson).toBe(true);
    expect(ZPerson.optional().parse(undefined)).toBeUndefined();
    expect(ZPerson['~standard'].vendor).toBe('zod');
  });

  it('gives the same JSON Schema as the schema built at once', () => {
    const build = () =>
      z.object({
        name: eagerName(),
        tags: z.array(z.enum(['a', 'b'])).max(3),
        kind: z.discriminatedUnion('type', [
          z.object({ type: z.literal('x'), x: z.number() }),
          z.object({ type: z.literal('y'), y: z.string().nullable() }),
        ]),
      });
    const ZInner = lazySchema(() => z.object({ type: z.literal('x'), x: z.number() }));
    const ZLazy = lazySchema(() =>
      z.object({
        name: lazySchema(eagerName),
        tags: z.array(z.enum(['a', 'b'])).max(3),
        kind: z.discriminatedUnion('type', [
          ZInner,
          z.object({ type: z.literal('y'), y: z.string().nullable() }),
        ]),
      }),
    );
    for (const io of ['input', 'output'] as const) {
      expect(z.toJSONSchema(ZLazy, { io, unrepresentable: 'any' })).toEqual(
        z.toJSONSchema(build(), { io, unrepresentable: 'any' }),
      );
    }
    expect(ZLazy.parse({ name: 'a', tags: [], kind: { type: 'x', x: 1 } }).kind).toEqual({
      type: 'x',
      x: 1,
    });
  });

  it('keeps the metadata and the wrappers a schema was built with in its JSON Schema', () => {
    const ZNote = lazySchema(() => z.string().max(10).describe('Заметка'));
    const ZDays = lazySchema(() => z.array(z.number().int()).default([]).readonly());
    const ZForm = lazySchema(() => z.object({ note: ZNote.optional(), days: ZDays }));
    const eager = z.object({
      note: z.string().max(10).describe('Заметка').optional(),
      days: z.array(z.number().int()).default([]).readonly(),
    });
    expect(z.toJSONSchema(ZForm)).toEqual(z.toJSONSchema(eager));
    expect(z.toJSONSchema(ZForm).properties?.note).toMatchObject({ description: 'Заметка' });
  });
});
