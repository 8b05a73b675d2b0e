import { personDisplayName } from '@ats/contracts/person-name';
import type { Db } from '@ats/db/connection';
import type { AppDeps } from '../../platform/deps.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { knownZone, localDateTime, russianDay } from './event-time.ts';
import { type IcalPerson, buildIcal } from './ical.ts';
import type * as repo from './events.repository.ts';
import { findApplicantContact, findUsers } from './events.repository.ts';

// The letters of an event: every participant, outside guest and the applicant gets one, in
// Russian, with the iCalendar object (METHOD:REQUEST on creation and change, METHOD:CANCEL on
// deletion and to those taken off it). They go through the mailer, so through the outbox.

export type Audience = {
  organizer: IcalPerson;
  /** The company's participants, guests and the applicant, each address once. */
  attendees: (IcalPerson & { role: 'user' | 'guest' | 'applicant' })[];
  accountName: string;
  timeZone: string;
  applicantName: string | null;
};

/** The subject and text of a mail template that open the applicant's letter. */
export type InvitationLetter = { subject: string; text: string };

export type InvitationPlan = {
  kind: 'created' | 'updated' | 'cancelled';
  row: repo.EventRow;
  audience: Audience;
  /** Who was invited before the change: those no longer invited get the cancellation. */
  before?: Audience;
  applicantLetter?: InvitationLetter;
};

type Deps = Pick<AppDeps, 'mailer' | 'config'>;

const MAIL_FROM_ADDRESS = /<([^>]+)>/;

/** Everyone the event's letters go to, read in the event's transaction. */
export async function readAudience(
  tx: Db,
  accountId: number,
  row: repo.EventRow,
  clock: repo.AccountClock,
): Promise<Audience> {
  const ids = [...new Set([...row.admin_user_ids, ...(row.author_id ? [row.author_id] : [])])];
  const users = await findUsers(tx, accountId, ids);
  const byId = new Map(users.map((u) => [u.id, u]));
  const applicant = row.applicant_id
    ? await findApplicantContact(tx, accountId, row.applicant_id)
    : null;
  const author = row.author_id ? byId.get(row.author_id) : undefined;
  const seen = new Set<string>();
  const attendees: Audience['attendees'] = [];
  const add = (
    email: string | null | undefined,
    name: string | null,
    role: 'user' | 'guest' | 'applicant',
  ) => {
    const address = email?.trim().toLowerCase();
    if (!address || seen.has(address)) return;
    seen.add(address);
    attendees.push({ email: address, name, role });
  };
  for (const id of row.admin_user_ids) {
    const user = byId.get(id);
    if (user) add(user.email, personDisplayName(user.person) || null, 'user');
  }
  for (const guest of row.guests) add(guest.email, guest.name, 'guest');
  const applicantName = applicant ? personDisplayName(applicant.person) || null : null;
  if (applicant) add(applicant.email, applicantName, 'applicant');
  return {
    organizer: author
      ? { email: author.email, name: personDisplayName(author.person) || null }
      : { email: '', name: clock.name || null },
    attendees,
    accountName: clock.name,
    timeZone: knownZone(row.time_zone),
    applicantName,
  };
}

const WEEKDAY = new Intl.DateTimeFormat('ru-RU', { weekday: 'long', timeZone: 'UTC' });
const LONG_DAY = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

const ZONE_NAMES: Record<string, string> = { 'Europe/Moscow': 'по московскому времени' };

/** «пятница, 27 ноября 2026 г., 10:00–11:00 по московскому времени». */
export function whenText(row: Pick<repo.EventRow, 'starts_at' | 'ends_at'>, timeZone: string) {
  const start = localDateTime(new Date(row.starts_at), timeZone);
  const end = localDateTime(new Date(row.ends_at), timeZone);
  const day = new Date(`${start.date}T12:00:00Z`);
  const endDay = end.date === start.date ? '' : `${russianDay(end.date)} `;
  return (
    `${WEEKDAY.format(day)}, ${LONG_DAY.format(day)}, ${start.time}–${endDay}${end.time} ` +
    (ZONE_NAMES[timeZone] ?? `(${timeZone})`)
  );
}

const shortWhen = (row: repo.EventRow, timeZone: string) => {
  const start = localDateTime(new Date(row.starts_at), timeZone);
  return `${russianDay(start.date)} ${start.time}`;
};

type Kind = InvitationPlan['kind'];

function subjectOf(kind: Kind, row: repo.EventRow, timeZone: string) {
  const prefix = {
    created: 'Приглашение',
    updated: 'Изменение встречи',
    cancelled: 'Отмена встречи',
  }[kind];
  return `${prefix}: ${row.title}, ${shortWhen(row, timeZone)}`;
}

function bodyOf(
  kind: Kind,
  row: repo.EventRow,
  audience: Audience,
  to: Audience['attendees'][number],
) {
  const zone = audience.timeZone;
  const host = audience.organizer.name ?? audience.accountName;
  const opening = {
    created:
      to.role === 'applicant'
        ? `Приглашаем вас на встречу «${row.title}»${audience.accountName ? ` с компанией ${audience.accountName}` : ''}.`
        : `${host} приглашает вас на встречу «${row.title}».`,
    updated: `Встреча «${row.title}» изменена. Актуальные время и место — ниже.`,
    cancelled: `Встреча «${row.title}» отменена.`,
  }[kind];
  const lines = [
    to.name ? `Здравствуйте, ${to.name}!` : 'Здравствуйте!',
    '',
    opening,
    '',
    `Когда: ${whenText(row, zone)}`,
    ...(row.place ? [`Где: ${row.place}`] : []),
    ...(row.link ? [`Ссылка на встречу: ${row.link}`] : []),
    ...(to.role !== 'applicant' && audience.applicantName
      ? [`Кандидат: ${audience.applicantName}`]
      : []),
    ...(row.vacancy_position ? [`Вакансия: ${row.vacancy_position}`] : []),
    ...(row.description && kind !== 'cancelled' ? ['', row.description] : []),
    '',
    kind === 'cancelled'
      ? 'Файл cancel.ics во вложении уберёт встречу из вашего календаря.'
      : 'Файл invite.ics во вложении добавит встречу в ваш календарь.',
  ];
  return lines.join('\n');
}

function organizerOf(deps: Deps, audience: Audience): IcalPerson {
  if (audience.organizer.email) return audience.organizer;
  const from = deps.config.MAIL_FROM;
  const email = MAIL_FROM_ADDRESS.exec(from)?.[1] ?? from;
  return { email, name: audience.organizer.name };
}

function icalOf(deps: Deps, method: 'REQUEST' | 'CANCEL', row: repo.EventRow, audience: Audience) {
  return buildIcal({
    uid: row.uid,
    sequence: row.sequence,
    method,
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    timeZone: audience.timeZone,
    summary: row.title,
    description: row.description,
    location: row.place ?? row.link,
    url: row.link,
    organizer: organizerOf(deps, audience),
    attendees: audience.attendees,
    created: new Date(row.created_at),
    lastModified: new Date(row.updated_at),
  });
}

/** Mails the plan's letters; each goes to the outbox first, whatever SMTP does. */
export async function sendInvitations(deps: Deps, tenant: Tenant, plan: InvitationPlan) {
  const { row, audience, kind } = plan;
  const method = kind === 'cancelled' ? 'CANCEL' : 'REQUEST';
  const ical = icalOf(deps, method, row, audience);
  const letters = audience.attendees.map((to) => {
    const custom =
      to.role === 'applicant' && kind !== 'cancelled' ? plan.applicantLetter : undefined;
    const body = bodyOf(kind, row, audience, to);
    return {
      to: to.email,
      subject: custom?.subject || subjectOf(kind, row, audience.timeZone),
      text: custom ? `${custom.text}\n\n${body}` : body,
      kind: `event_${kind}`,
      accountId: tenant.accountId,
      ical: { method, content: ical } as const,
    };
  });
  if (plan.before) {
    const still = new Set(audience.attendees.map((a) => a.email));
    const removed = plan.before.attendees.filter((a) => !still.has(a.email));
    if (removed.length) {
      const cancelAudience = { ...plan.before, attendees: removed };
      const cancelIcal = icalOf(deps, 'CANCEL', row, cancelAudience);
      for (const to of removed) {
        letters.push({
          to: to.email,
          subject: subjectOf('cancelled', row, audience.timeZone),
          text: bodyOf('cancelled', row, cancelAudience, to),
          kind: 'event_cancelled',
          accountId: tenant.accountId,
          ical: { method: 'CANCEL', content: cancelIcal } as const,
        });
      }
    }
  }
  await Promise.all(letters.map((letter) => deps.mailer.send(letter)));
}
