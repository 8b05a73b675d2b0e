/** Collapses runs of spaces and drops leading ones; a trailing space stays so typing continues. */
export function normalizeSpaces(value: string): string {
  return value.replace(/ {2,}/g, ' ').replace(/^ +/, '');
}
