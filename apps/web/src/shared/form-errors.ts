import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { FieldErrors } from './api-client';

/**
 * Puts the server's `errors: {field: text}` under the matching inputs. The server may name a
 * field with or without its wrapper ("admin_user.email" or "email"); both land on the same input.
 * Returns true when at least one error found its field.
 */
export function applyServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  errors: FieldErrors | undefined,
  fields: readonly Path<T>[],
  prefix = '',
): boolean {
  if (!errors) return false;
  let applied = false;
  for (const [key, message] of Object.entries(errors)) {
    const bare = key.replace(/^[a-z_]+\./, '');
    const field = fields.find((f) => f === key || f === `${prefix}${bare}` || f === bare);
    if (field) {
      setError(field, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}
