import { personDisplayName, type TPersonNameParts } from '@ats/contracts/person-name';
import { type SQL, sql } from 'drizzle-orm';

/** A deleted user's address keeps a prefix that freed it for a new user; names show it without. */
const DELETED_EMAIL_PREFIX = /^deleted-\d+-/;

/**
 * SQL: the name parts of the `users` row `alias` as one JSON value, for `userDisplayName` to
 * name (all parts null when a left join found no user). The name is composed in TypeScript, by
 * the one rule of SPEC.md §3, never by a concatenation in SQL.
 */
export const userNameParts = (alias: string): SQL =>
  sql.raw(
    `json_build_object('last_name', ${alias}.last_name, 'name', ${alias}.name, ` +
      `'middle_name', ${alias}.middle_name, 'email', ${alias}.email)`,
  );

/** SQL: the name parts of the `applicants` row `alias`, as `userNameParts` for users. */
export const applicantNameParts = (alias: string): SQL =>
  sql.raw(
    `json_build_object('last_name', ${alias}.last_name, 'first_name', ${alias}.first_name, ` +
      `'middle_name', ${alias}.middle_name, 'email', ${alias}.email)`,
  );

/** A user's display name from `userNameParts`; null when there is no user (or nothing to show). */
export function userDisplayName(parts: TPersonNameParts | null | undefined): string | null {
  if (!parts) return null;
  const email = parts.email?.replace(DELETED_EMAIL_PREFIX, '');
  return personDisplayName({ ...parts, email }) || null;
}
