// Every applicant's match keys (the duplicates check's index), as create and import write them
// and the scan rebuilds them: bulk-generated applicants have none until this runs.
import type { Database } from '@ats/db/connection';
import * as scans from '../../apps/api/src/modules/duplicates/double-scan.repository.ts';
import { subjectOf } from '../../apps/api/src/modules/duplicates/double-subject.ts';
import * as doubles from '../../apps/api/src/modules/duplicates/duplicates.repository.ts';
import { matchKeysOf } from '../../apps/api/src/modules/duplicates/matching/double-matching.ts';

/** Keys every applicant of the account, `batch` per transaction; answers how many. */
export async function fillMatchKeys(database: Database, accountId: number, batch = 5000) {
  let afterId = 0;
  let total = 0;
  for (;;) {
    const rows = await database.withTenant(accountId, async (tx) => {
      const found = await scans.findSubjectsAfter(tx, accountId, afterId, batch);
      await doubles.replaceMatchKeys(
        tx,
        accountId,
        found.map((row) => ({ applicantId: row.id, keys: matchKeysOf(subjectOf(row)) })),
      );
      return found;
    });
    total += rows.length;
    if (rows.length < batch) return total;
    afterId = rows[rows.length - 1]!.id;
  }
}
