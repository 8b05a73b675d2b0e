import { globalRegistry } from 'zod';

/**
 * A contract schema built when it is first used, not when its module loads.
 *
 * zod builds every `object`, `extend`, `refine` … the moment it is called, so importing a
 * contracts module used to build all of its schemas: the web app paid for the schemas of forms
 * and answers a screen never reads before that screen was usable (decision 0092). Each schema a
 * contracts module declares at its top level is written `lazySchema(() => z.object(…))`: the value
 * stands for the schema and is used exactly as the schema itself — `parse`, `safeParse`, `extend`,
 * `shape`, `z.infer`, nesting in other schemas, the form resolvers, the server's route checks and
 * the OpenAPI document — and the builder runs once, on the first read of any of its properties;
 * every later read goes to the one built schema.
 *
 * It is a Proxy over an empty object: `instanceof` (zod's checks by traits), `in`, property
 * reads and writes, own keys and the prototype all answer for the built schema. Two things know
 * a schema by its identity and are told that the stand-in is the schema: zod's JSON Schema walk
 * (its processors look their schema up by the object they were built on) and the metadata
 * registry (`.meta()`, `.describe()` on the built schema).
 */
/* @__NO_SIDE_EFFECTS__ */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => {
    if (built === undefined) {
      built = build();
      standIn(proxy, built);
    }
    return built;
  };
  const proxy: T = new Proxy({} as T, {
    get: (_target, key) => Reflect.get(schema(), key),
    set: (_target, key, value) => Reflect.set(schema(), key, value),
    has: (_target, key) => Reflect.has(schema(), key),
    deleteProperty: (_target, key) => Reflect.deleteProperty(schema(), key),
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      // A proxy may not report a property the (empty) target lacks as non-configurable.
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
  return proxy;
}

type JsonSchemaContext = { seen: Map<object, unknown> };
type Internals = {
  processJSONSchema?: (context: JsonSchemaContext, json: unknown, params: unknown) => void;
};

/** Lets the built schema's JSON Schema processor and its metadata answer for the stand-in. */
function standIn(proxy: object, built: object) {
  const internals = (built as { _zod?: Internals })._zod;
  if (!internals) return;
  const process = internals.processJSONSchema;
  if (process) {
    // The walk files its result under the object it was handed (the stand-in); the built
    // schema's processor looks it up under the built schema.
    internals.processJSONSchema = (context, json, params) => {
      const filed = !context.seen.has(built) && context.seen.get(proxy);
      if (filed) context.seen.set(built, filed);
      try {
        process(context, json, params);
      } finally {
        if (filed) context.seen.delete(built);
      }
    };
  }
  const meta = globalRegistry.get(built as never);
  if (meta) globalRegistry.add(proxy as never, meta);
}
