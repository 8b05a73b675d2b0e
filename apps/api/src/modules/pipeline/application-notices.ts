import { personDisplayName, type TPersonNameParts } from '@ats/contracts/person-name';
import type { Db } from '@ats/db/connection';
import { type ToldUsers, tellUsersIn } from '../messaging/user-notices.service.ts';

// What the owners of a vacancy hear of its pipeline (decision 0066): applicants placed on it
// («Новый кандидат на моей вакансии») and moved between its stages («Кандидата перевели на
// другой этап моей вакансии»). The author of the change is not told of their own action.

const nameOf = (parts: TPersonNameParts) => personDisplayName(parts) || 'Кандидат без имени';

const others = (ownerIds: number[], authorId: number | null) =>
  ownerIds.filter((id) => id !== authorId);

const NOBODY_TOLD = (accountId: number): ToldUsers => ({
  accountId,
  mailIds: [],
  telegramIds: [],
  inApp: [],
});

export async function tellOfPlacements(
  tx: Db,
  accountId: number,
  placement: {
    vacancyId: number;
    vacancyName: string;
    stageName: string;
    ownerIds: number[];
    /** Who placed them; null when nobody did by hand (a job site's response). */
    authorId: number | null;
    placed: { applicant_id: number; applicant_name: TPersonNameParts }[];
  },
) {
  const userIds = others(placement.ownerIds, placement.authorId);
  if (userIds.length === 0 || placement.placed.length === 0) return NOBODY_TOLD(accountId);
  const vacancy = `«${placement.vacancyName}»`;
  const first = nameOf(placement.placed[0]!.applicant_name);
  return tellUsersIn(tx, accountId, {
    event: 'new_applicant',
    userIds,
    group: `vacancy:${placement.vacancyId}`,
    subject: (n) =>
      n === 1
        ? `Новый кандидат на вакансии ${vacancy}: ${first}`
        : `Новые кандидаты на вакансии ${vacancy}: ${n}`,
    lead: (n) =>
      n === 1
        ? `На вакансию ${vacancy} добавлен кандидат:`
        : `На вакансию ${vacancy} добавлены кандидаты (${n}):`,
    items: placement.placed.map((p) => ({
      text: `${nameOf(p.applicant_name)}, этап «${placement.stageName}»`,
      path: `/applicant/${p.applicant_id}`,
    })),
  });
}

export async function tellOfMove(
  tx: Db,
  accountId: number,
  move: {
    vacancyId: number;
    vacancyName: string;
    applicantId: number;
    applicantName: TPersonNameParts;
    from: string;
    to: string;
    ownerIds: number[];
    authorId: number;
  },
) {
  const userIds = others(move.ownerIds, move.authorId);
  if (userIds.length === 0) return NOBODY_TOLD(accountId);
  const vacancy = `«${move.vacancyName}»`;
  const name = nameOf(move.applicantName);
  return tellUsersIn(tx, accountId, {
    event: 'applicant_moved',
    userIds,
    group: `vacancy:${move.vacancyId}`,
    subject: (n) =>
      n === 1
        ? `${name}: этап «${move.to}» на вакансии ${vacancy}`
        : `Кандидатов перевели на другие этапы вакансии ${vacancy}: ${n}`,
    lead: (n) =>
      n === 1
        ? `Кандидата перевели на другой этап вакансии ${vacancy}:`
        : `Кандидатов перевели на другие этапы вакансии ${vacancy} (${n}):`,
    items: [
      { text: `${name}: «${move.from}» → «${move.to}»`, path: `/applicant/${move.applicantId}` },
    ],
  });
}
