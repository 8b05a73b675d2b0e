/**
 * A value made the first time it is asked for, then kept. For the `Intl` formatters: each costs
 * the browser milliseconds to build (its locale data, a time zone's rules), and a module that
 * built them at import paid for every one of them before the first paint, used or not.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
