// The letters of the approval route: a link for an approver without an account, and the reminders
// of an overdue step. Plain text in Russian, as every other letter of the product.

const DAY_MS = 86_400_000;

/** A link lives 14 days, or until a week after the step's deadline when that is later. */
export const LINK_TTL_DAYS = 14;
export const LINK_GRACE_AFTER_DEADLINE_DAYS = 7;

export function linkExpiry(now: Date, stepStartedAt: Date | null, deadlineDays: number | null) {
  const plain = now.getTime() + LINK_TTL_DAYS * DAY_MS;
  if (deadlineDays == null) return new Date(plain);
  const start = (stepStartedAt ?? now).getTime();
  const afterDeadline = start + (deadlineDays + LINK_GRACE_AFTER_DEADLINE_DAYS) * DAY_MS;
  return new Date(Math.max(plain, afterDeadline));
}

/** When a step started `deadlineDays` ago or earlier, it is overdue. */
export const stepDueAt = (startedAt: Date, deadlineDays: number) =>
  new Date(startedAt.getTime() + deadlineDays * DAY_MS);

const dateRu = (at: Date) => at.toLocaleDateString('ru-RU', { timeZone: 'Europe/Moscow' });

export const approvalSubject = (position: string) => `Согласование заявки: ${position}`;
export const reminderSubject = (position: string) =>
  `Напоминание: согласование заявки: ${position}`;

/** The path of the public page the letter links to; the token is its only secret. */
export const approvalLinkPath = (token: string) => `/request-approval/${token}`;

type LinkLetter = {
  company: string;
  position: string;
  stepName: string;
  approverName: string | null;
  author: string;
  link: string;
  expiresAt: Date;
  /** A reminder of an overdue step, with the day it was due. */
  overdueSince?: Date;
};

/** The letter to an approver without an account: what to decide and the single-use link. */
export function outsideApproverLetter(letter: LinkLetter) {
  const hello = `Здравствуйте${letter.approverName ? `, ${letter.approverName}` : ''}!`;
  const lead = letter.overdueSince
    ? `Напоминаем: заявка на подбор «${letter.position}» ждёт вашего решения с ${dateRu(letter.overdueSince)}.`
    : `${letter.author} («${letter.company}») просит вас согласовать заявку на подбор «${letter.position}».`;
  return {
    subject: letter.overdueSince
      ? reminderSubject(letter.position)
      : approvalSubject(letter.position),
    text:
      `${hello}\n\n${lead}\nШаг согласования: ${letter.stepName}.\n\n` +
      `Посмотреть заявку и согласовать или отклонить её можно по ссылке, без входа в систему ` +
      `(ссылка действует до ${dateRu(letter.expiresAt)} и сработает один раз):\n${letter.link}\n\n` +
      'Если вы не ждали этого письма, просто проигнорируйте его.\n',
  };
}

/** The reminder to a user of the account: the request waits in the app. */
export function userReminderLetter(letter: {
  company: string;
  position: string;
  stepName: string;
  approverName: string | null;
  link: string;
  overdueSince: Date;
}) {
  return {
    subject: reminderSubject(letter.position),
    text:
      `Здравствуйте${letter.approverName ? `, ${letter.approverName}` : ''}!\n\n` +
      `Заявка на подбор «${letter.position}» («${letter.company}») ждёт вашего решения ` +
      `с ${dateRu(letter.overdueSince)}.\nШаг согласования: ${letter.stepName}.\n\n` +
      `Открыть заявку: ${letter.link}\n`,
  };
}
