import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { safeParse, type $ZodType } from 'zod/v4/core';

/**
 * Answers serialised by a function compiled once per route from its zod contract (decision
 * 0049), instead of validating the answer with zod (a parsed copy of the whole answer) and then
 * running JSON.stringify over that copy.
 *
 * The compiled function writes the JSON text in one walk, with the contract's keys in the
 * contract's order and unknown keys left out (as zod's default `strip` object does), and checks
 * each value's type as it goes. What it does not know how to check cheaply — a union, a
 * transform, a default, a record, a string or number refinement, a lazy schema — is handed,
 * for that part of the answer only, to zod itself (`safeParse` of that sub-schema, then
 * JSON.stringify of its output), so the text is the same as zod + JSON.stringify would give.
 * When a value does not fit its type the compiled path gives up and the whole answer goes
 * through the original validating serialiser: a wrong answer fails exactly as before (a 500
 * with the zod issues as its cause).
 */

/** Thrown inside the compiled walk when a value does not fit: the slow path decides. */
const MISFIT = Symbol('misfit');
type Write = (value: unknown) => string | undefined;

type Def = {
  type: string;
  /** A string or number format (z.email(), z.int(), …) is a check carried by the type itself. */
  format?: string;
  coerce?: boolean;
  checks?: { _zod: { def: { check: string; format?: string } } }[];
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  element?: $ZodType;
  innerType?: $ZodType;
};

const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;

const misfit = (): never => {
  throw MISFIT;
};

/** Only `.int()` (a safe integer) is checked inline; any other refinement goes to zod. */
const onlySafeInteger = (def: Def) =>
  def.format === undefined &&
  def.coerce !== true &&
  def.checks !== undefined &&
  def.checks.length > 0 &&
  def.checks.every(
    (check) => check._zod.def.check === 'number_format' && check._zod.def.format === 'safeint',
  );
const hasChecks = (def: Def) =>
  (def.checks !== undefined && def.checks.length > 0) ||
  def.format !== undefined ||
  def.coerce === true;

/** zod's own answer for one part: its parsed value as JSON text (undefined: nothing to write). */
const byZod =
  (schema: $ZodType): Write =>
  (value) => {
    const result = safeParse(schema, value);
    if (!result.success) return misfit();
    return JSON.stringify(result.data) as string | undefined;
  };

function compile(schema: $ZodType, seen: Map<$ZodType, Write>): Write {
  const known = seen.get(schema);
  if (known) return known;
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      if (hasChecks(def)) return byZod(schema);
      return (value) => (typeof value === 'string' ? JSON.stringify(value) : misfit());
    case 'number':
      if (
        onlySafeInteger(def) ||
        (def.format === 'safeint' && !def.coerce && !def.checks?.length)
      ) {
        return (value) => (Number.isSafeInteger(value) ? String(value) : misfit());
      }
      if (hasChecks(def)) return byZod(schema);
      return (value) =>
        typeof value === 'number' && Number.isFinite(value) ? String(value) : misfit();
    case 'boolean':
      if (hasChecks(def)) return byZod(schema);
      return (value) => (value === true ? 'true' : value === false ? 'false' : misfit());
    case 'null':
      return (value) => (value === null ? 'null' : misfit());
    case 'literal':
    case 'enum': {
      if (hasChecks(def)) return byZod(schema);
      // zod's own set of the allowed values (an enum's without a TS enum's reverse keys).
      const allowed = (schema._zod as { values?: Set<unknown> }).values;
      if (!allowed) return byZod(schema);
      // Only plain JSON scalars are written inline (a bigint or undefined literal goes to zod).
      const plain = [...allowed].every(
        (v) => v === null || ['string', 'number', 'boolean'].includes(typeof v),
      );
      if (!plain) return byZod(schema);
      return (value) => (allowed.has(value) ? JSON.stringify(value) : misfit());
    }
    case 'nullable': {
      if (hasChecks(def)) return byZod(schema);
      const inner = compile(def.innerType!, seen);
      return (value) => (value === null ? 'null' : inner(value));
    }
    case 'readonly': {
      if (hasChecks(def)) return byZod(schema);
      return compile(def.innerType!, seen);
    }
    case 'array': {
      if (hasChecks(def)) return byZod(schema);
      const element = compile(def.element!, seen);
      return (value) => {
        if (!Array.isArray(value)) return misfit();
        let text = '[';
        for (let i = 0; i < value.length; i += 1) {
          if (i > 0) text += ',';
          // JSON.stringify writes null for an element it cannot write (undefined).
          text += element(value[i]) ?? 'null';
        }
        return `${text}]`;
      };
    }
    case 'object': {
      // A strict or loose object (catchall) and refined objects keep zod's own handling.
      if (hasChecks(def) || def.catchall !== undefined) return byZod(schema);
      let fields: { key: string; json: string; write: Write; optional: boolean }[] | undefined;
      const write: Write = (value) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return misfit();
        // Compiled on first use: a schema may refer to itself through z.lazy (kept by zod).
        fields ??= Object.entries(def.shape ?? {}).map(([key, field]) => {
          const fieldDef = defOf(field);
          const optional = fieldDef.type === 'optional' && !hasChecks(fieldDef);
          return {
            key,
            json: `${JSON.stringify(key)}:`,
            write: optional ? compile(fieldDef.innerType!, seen) : compile(field, seen),
            optional,
          };
        });
        const record = value as Record<string, unknown>;
        let text = '{';
        let first = true;
        for (const field of fields) {
          const item = record[field.key];
          if (item === undefined && field.optional) continue;
          const json = field.write(item);
          if (json === undefined) continue;
          text += first ? field.json : `,${field.json}`;
          text += json;
          first = false;
        }
        return `${text}}`;
      };
      seen.set(schema, write);
      return write;
    }
    default:
      // union, transform, pipe, default, record, lazy, date, any, unknown, …: zod decides.
      return byZod(schema);
  }
}

/**
 * Under the test runner every answer is also serialised the old way and the two texts compared,
 * so the whole suite checks that the compiled writer says exactly what zod + JSON.stringify say.
 */
const CROSS_CHECK = process.env.NODE_ENV === 'test';

/** A JSON serialiser for `schema` equal to zod's validation followed by JSON.stringify. */
export function compileAnswerSerializer(
  schema: $ZodType,
  slowPath: (data: unknown) => string,
  crossCheck = CROSS_CHECK,
): (data: unknown) => string {
  const write = compile(schema, new Map());
  const fast = fastOrSlow(write, slowPath);
  if (!crossCheck) return fast;
  return (data) => {
    const text = fast(data);
    const expected = slowPath(data);
    if (text !== expected) {
      throw new Error(
        `compiled answer serialiser differs from zod + JSON.stringify:\n${text}\n${expected}`,
      );
    }
    return text;
  };
}

function fastOrSlow(write: Write, slowPath: (data: unknown) => string) {
  return (data: unknown) => {
    try {
      const text = write(data);
      if (text !== undefined) return text;
    } catch (error) {
      if (error !== MISFIT) throw error;
    }
    // A value that did not fit (or nothing to write): the validating serialiser answers, and
    // throws the same ResponseSerializationError it always has for a wrong answer.
    return slowPath(data);
  };
}

type SerializerRoute = Parameters<typeof zodSerializerCompiler>[0];

/** Fastify's serializer compiler: the compiled writer, zod's validating serialiser behind it. */
export const answerSerializerCompiler = (route: SerializerRoute) => {
  const slowPath = zodSerializerCompiler(route);
  const schema = route.schema as unknown;
  const zodSchema =
    schema !== null && typeof schema === 'object' && '_zod' in schema ? (schema as $ZodType) : null;
  if (zodSchema === null) return slowPath;
  return compileAnswerSerializer(zodSchema, slowPath as (data: unknown) => string);
};
