// Reminders of events (`reminders`: minutes before the start): a letter to each of the company's
// participants, sent once per reminder and start. The claim and the letters are written in one
// transaction (the outbox), so a worker that dies before its commit leaves the reminder due for
// the next run, and two workers never both write it; one that ran late still sends it until the
// event starts. The letters leave by SMTP after the commit (the outbox retries the rest).

import { personDisplayName } from '@ats/contracts/person-name';
import { deliverStoredMail, type MailMessage, storeMails } from '../../platform/mailer.ts';
import type { JobContext } from '../../platform/queue.ts';
import { whenText } from './event-invitations.ts';
import { knownZone } from './event-time.ts';
import * as repo from './events.repository.ts';

/** Reminders claimed in one transaction; the rest wait for the loop's next turn. */
const CLAIM_BATCH = 200;
/** Accounts taken per look-up over all accounts. */
const ACCOUNTS_BATCH = 50;

const minutesText = (minutes: number) => {
  if (minutes === 0) return 'сейчас';
  if (minutes % 1440 === 0) return `через ${minutes / 1440} дн.`;
  if (minutes % 60 === 0) return `через ${minutes / 60} ч`;
  return `через ${minutes} мин`;
};

export function reminderLetter(
  row: repo.EventRow,
  minutesBefore: number,
  timeZone: string,
): Pick<MailMessage, 'subject' | 'text'> {
  const when = whenText(row, timeZone);
  const applicant = row.applicant_person
    ? personDisplayName(row.applicant_person) || `№${row.applicant_person.id}`
    : null;
  return {
    subject: `Напоминание: ${row.title} — ${when}`,
    text: [
      `Напоминаем о встрече «${row.title}» (${minutesText(minutesBefore)}).`,
      '',
      `Когда: ${when}`,
      ...(applicant ? [`Кандидат: ${applicant}`] : []),
      ...(row.vacancy_position ? [`Вакансия: ${row.vacancy_position}`] : []),
      ...(row.place ? [`Где: ${row.place}`] : []),
      ...(row.link ? [`Ссылка на встречу: ${row.link}`] : []),
      ...(row.description ? ['', row.description] : []),
    ].join('\n'),
  };
}

/** Claims and writes one account's due reminders (a batch); the outbox ids to deliver. */
async function remindInAccount(context: JobContext, accountId: number) {
  return context.database.withTenant(accountId, async (tx) => {
    const claimed = await repo.claimDueReminders(tx, accountId, CLAIM_BATCH);
    if (claimed.length === 0) return { claimed: 0, outboxIds: [] as number[] };
    const zone = knownZone((await repo.findAccountClock(tx, accountId)).time_zone);
    const messages: MailMessage[] = [];
    const rows = new Map<number, repo.EventRow | null>();
    for (const reminder of claimed) {
      if (!rows.has(reminder.event_id)) {
        rows.set(reminder.event_id, await repo.findEventRow(tx, accountId, reminder.event_id));
      }
      const row = rows.get(reminder.event_id);
      if (!row) continue;
      const users = await repo.findUsers(tx, accountId, row.admin_user_ids);
      const letter = reminderLetter(row, reminder.minutes_before, zone);
      for (const user of users) {
        if (!user.is_active || !user.email) continue;
        messages.push({ to: user.email, ...letter, kind: 'event_reminder', accountId });
      }
    }
    return { claimed: claimed.length, outboxIds: await storeMails(tx, context.config, messages) };
  });
}

/**
 * Sends every reminder due now, over all accounts, until none is left that this worker can take
 * (several workers may run it at once: each claims rows the others do not hold).
 */
export async function sendDueReminders(context: JobContext) {
  let sent = 0;
  for (;;) {
    const accounts = await repo.accountsWithDueRemindersAcrossAccounts(
      context.database.system,
      ACCOUNTS_BATCH,
    );
    let claimed = 0;
    for (const accountId of accounts) {
      const batch = await remindInAccount(context, accountId);
      claimed += batch.claimed;
      sent += batch.outboxIds.length;
      await deliverStoredMail(
        context.config,
        context.database.system,
        context.log,
        batch.outboxIds,
      );
    }
    // Nothing this worker could take (another holds the rest, or none is left): stop.
    if (claimed === 0) return sent;
  }
}
