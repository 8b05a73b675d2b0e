import { type Db, selectRows } from '@ats/db/connection';
import { sql } from 'drizzle-orm';

// Applicants by a messenger contact (issue 14): an applicant who writes to the company's bot first
// is recognised by the Telegram handle or the phone number already on the card. Both go through
// the search box's indexed keys (migration 0034) and are then compared exactly.

/** Applicants (not archived) whose Telegram handle (the `tg` field or a `tg` contact) is this one. */
export async function findApplicantsByTelegramHandle(tx: Db, accountId: number, handle: string) {
  const token = handle.trim().toLowerCase().replace(/^@/, '');
  return selectRows<{ id: number }>(
    tx,
    sql`select id from applicants
        where account_id = ${accountId} and archived_at is null
          and search_contacts like ${`% ${token} %`}
          and (ats_contact_token(tg) = ${token}
               or exists (select 1 from jsonb_array_elements(
                            case when jsonb_typeof(contacts) = 'array' then contacts else '[]' end) c
                          where c->>'contact_type' = 'tg' and ats_contact_token(c->>'value') = ${token}))
        order by id limit 2`,
  );
}

/** Applicants (not archived) with this phone number (digits as `ats_phone_digits` makes them). */
export async function findApplicantsByPhoneDigits(tx: Db, accountId: number, digits: string) {
  return selectRows<{ id: number }>(
    tx,
    sql`select id from applicants
        where account_id = ${accountId} and archived_at is null
          and search_phones like ${`% ${digits} %`}
        order by id limit 2`,
  );
}
