import type { TCreateVacancyRequest, TVacancy } from '@ats/contracts/vacancies';
import type { TBoardCardPage } from '@ats/contracts/pipeline';
import { createDivision } from './modules/divisions/divisions.service.ts';
import { placeApplicants, rejectApplication } from './modules/pipeline/applications.service.ts';
import { listBoardCards } from './modules/pipeline/board.service.ts';
import { changeVacancyState, createVacancy } from './modules/vacancies/vacancies.service.ts';
import { listReasons } from './modules/reasons/reasons.service.ts';
import type { Session } from './platform/auth.ts';
import type { Tenant } from './platform/tenancy.ts';

type Team = { recruiterId: number; managerId: number };

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Six vacancies of a mid-sized company in two divisions: open ones owned by the admin or the
 * recruiter and watched by the hiring manager, one on hold and one closed. Applicants are placed
 * on them by the pipeline's placement service (see the demo seed).
 */
export async function seedDemoVacancies(tenant: Tenant, session: Session, team: Team) {
  const sales = await createDivision(tenant, session, { name: 'Коммерческий департамент' });
  const it = await createDivision(tenant, session, { name: 'ИТ' });
  const vacancies: TCreateVacancyRequest[] = [
    {
      position: 'Менеджер по продажам B2B',
      salary_from: 90_000,
      salary_to: 160_000,
      needed: 3,
      priority: 2,
      account_division_id: sales.id,
      city: 'Москва',
      owners: [session.userId],
      watchers: [team.managerId],
      date_will_close: inDays(30),
      body: '<p>Продажи оборудования корпоративным клиентам, работа с входящими и холодными лидами.</p>',
      requirements: '<ul><li>Опыт B2B-продаж от 2 лет</li><li>Знание CRM</li></ul>',
      conditions: '<ul><li>Оклад + процент</li><li>ДМС после испытательного срока</li></ul>',
    },
    {
      position: 'Frontend-разработчик (React)',
      salary_from: 220_000,
      salary_to: 320_000,
      priority: 3,
      account_division_id: it.id,
      city: 'Санкт-Петербург',
      owners: [team.recruiterId],
      watchers: [team.managerId],
      date_will_close: inDays(45),
      body: '<p>Разработка личного кабинета клиентов на React и TypeScript.</p>',
      requirements: '<ul><li>React, TypeScript от 3 лет</li><li>Тесты, код-ревью</li></ul>',
    },
    {
      position: 'Бухгалтер по расчёту заработной платы',
      salary_from: 80_000,
      salary_to: 110_000,
      city: 'Москва',
      owners: [team.recruiterId],
      date_will_close: inDays(-5),
      requirements: '<p>1С:ЗУП, опыт от 3 лет.</p>',
    },
    {
      position: 'Системный администратор',
      salary_from: 120_000,
      salary_to: 150_000,
      account_division_id: it.id,
      owners: [session.userId],
      watchers: [team.managerId],
    },
    {
      position: 'Региональный представитель (Казань)',
      salary_from: 100_000,
      account_division_id: sales.id,
      city: 'Казань',
      owners: [team.recruiterId],
    },
    {
      position: 'Офис-менеджер',
      salary_from: 60_000,
      salary_to: 70_000,
      city: 'Москва',
      owners: [session.userId],
    },
  ];
  const created = [];
  for (const input of vacancies) created.push(await createVacancy(tenant, session, input));
  const reasons = await listReasons(tenant);
  const reasonOf = (type: 'close' | 'hold') => reasons.find((r) => r.reason_type === type)!.id;
  await changeVacancyState(tenant, session, created[4]!.id, 'hold', {
    reason_id: reasonOf('hold'),
  });
  await changeVacancyState(tenant, session, created[5]!.id, 'close', {
    reason_id: reasonOf('close'),
    comment: 'Нашли кандидата через рекомендацию',
  });
  created[4] = { ...created[4]!, state: 'hold' as const };
  created[5] = { ...created[5]!, state: 'closed' as const };
  return created;
}

/**
 * Spreads demo applicants over the open vacancies' stages (fewer at each later stage, as a real
 * funnel thins) and rejects a few with a reason, through the pipeline's services.
 */
export async function placeDemoApplicants(
  tenant: Tenant,
  session: Session,
  vacancies: TVacancy[],
  applicantIds: number[],
) {
  const reasons = await listReasons(tenant);
  const rejectReason = reasons.find((r) => r.reason_type === 'reject')!.id;
  const open = vacancies.filter((v) => v.state === 'open');
  let next = 0;
  for (const vacancy of open) {
    const stages = vacancy.statuses.filter((s) => !s.is_reject);
    // 14, 9, 6, 4, 2, 1 applicants from the first stage to the last.
    const sizes = [14, 9, 6, 4, 2, 1];
    for (const [index, stage] of stages.entries()) {
      const ids = applicantIds.slice(next, next + (sizes[index] ?? 1));
      next = (next + ids.length) % Math.max(applicantIds.length - 40, 1);
      if (ids.length) {
        await placeApplicants(tenant, session, {
          vacancy_id: vacancy.id,
          status_id: stage.id,
          applicant_ids: ids,
        });
      }
    }
    // The page's JSON text, as the route sends it (decision 0110).
    const firstStage = JSON.parse(
      await listBoardCards(tenant, session, {
        vacancy_id: vacancy.id,
        status_id: stages[0]!.id,
        page: 1,
        per_page: 3,
      }),
    ) as TBoardCardPage;
    for (const card of firstStage.applicants) {
      await rejectApplication(tenant, session, card.application_id, 'reject', {
        reason_id: rejectReason,
        comment: 'Демо: не подошёл по опыту',
      });
    }
  }
}
