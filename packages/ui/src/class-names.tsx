/** Joins truthy class names; lives here so primitives need no third-party helper. */
export function cx(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}
