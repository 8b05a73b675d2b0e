import type {
  TCreateVacancyRequest,
  TUpdateVacancyRequest,
  TVacancy,
  TVacancyListQuery,
  TVacancyState,
  TVacancyStateChangeBody,
} from '@ats/contracts/vacancies';
import type { TPersonNameParts } from '@ats/contracts/person-name';
import type { Db } from '@ats/db/connection';
import type { Session } from '../../platform/auth.ts';
import { deletionEvent, recordAudit } from '../../platform/audit.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { userDisplayName } from '../../platform/person-name.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import {
  copyFunnelStagesToVacancy,
  findDefaultFunnelId,
  setStagePositions,
} from '../statuses/statuses.service.ts';
import { getUser } from '../users/users.service.ts';
import { daysBetween, moscowToday } from './vacancy-days.ts';
import {
  assertContentReferencesExist,
  contentColumns,
  withoutUndefined,
} from './vacancy-content.ts';
import {
  assertCanCreateVacancy,
  assertCanManageVacancy,
  seesAllVacancies,
} from './vacancies.policy.ts';
import * as repo from './vacancies.repository.ts';
import * as templatesRepo from './vacancy-templates.repository.ts';
import { assertVacancyApplicationExists } from '../vacancy-applications/vacancy-application-refs.service.ts';

export const VACANCY_NOT_FOUND = 'Вакансия не найдена';
const USER_NOT_FOUND = 'Пользователь не найден';
const STAGE_NOT_FOUND = 'Этап не найден';
const TEMPLATE_NOT_FOUND = 'Шаблон вакансии не найден';
const REASON_NOT_FOUND = 'Причина не найдена';
const NO_STAGES = 'Выберите воронку: у вакансии должны быть этапы';
const OWNER_NOT_RECRUITER = 'Ответственным за вакансию может быть только рекрутер';
const OWNER_AND_WATCHER = 'Пользователь не может быть одновременно ответственным и наблюдателем';
const NOT_ALL_STAGES = 'Передайте все этапы этой вакансии, каждый по одному разу';
const REASON_REQUIRED = 'Укажите причину';
const REASON_TYPE_LABEL = { close: '«Закрытие вакансии»', hold: '«Пауза вакансии»' } as const;

const iso = (value: Date | string) => new Date(value).toISOString();

/** A member or the author, named by the display name of SPEC.md §3. */
const namedUser = ({ id, person }: { id: number; person: TPersonNameParts }) => ({
  id,
  name: userDisplayName(person) ?? '',
});
const DAY_SECONDS = 86_400;

export function toVacancy(row: repo.VacancyReadRow, today = moscowToday()): TVacancy {
  const closeDay = row.closed_at ? moscowToday(new Date(row.closed_at)) : today;
  const avgSeconds = row.avg_close_seconds === null ? null : Number(row.avg_close_seconds);
  return {
    id: row.id,
    position: row.position,
    name: row.position,
    salary_from: row.salary_from,
    salary_to: row.salary_to,
    currency: row.currency,
    needed: row.needed,
    priority: row.priority,
    is_hidden: row.is_hidden,
    body: row.body,
    requirements: row.requirements,
    conditions: row.conditions,
    information: row.information,
    regions: row.regions,
    owners: row.members.filter((m) => m.role === 'owner').map(namedUser),
    watchers: row.members.filter((m) => m.role === 'watcher').map(namedUser),
    status_group: row.status_group_id,
    statuses: row.stages,
    country: row.country_id,
    city: row.city,
    account_division: row.division,
    date_will_close: row.date_will_close,
    days_until_deadline: row.days_until_deadline,
    days_will_close: row.date_will_close ? daysBetween(today, row.date_will_close) : null,
    vacancy_application_id: row.vacancy_application_id,
    additional_fields_list: row.additional_fields_list,
    state: row.state,
    state_reason_id: row.state_reason_id,
    state_changed_at: iso(row.state_changed_at),
    count_applicants: row.count_applicants,
    hired: row.hired,
    days_failed: row.date_will_close ? Math.max(0, daysBetween(row.date_will_close, closeDay)) : 0,
    days_on_status: Math.max(
      0,
      Math.floor((Date.now() - new Date(row.state_changed_at).getTime()) / (DAY_SECONDS * 1000)),
    ),
    avg_close_time: avgSeconds === null ? null : Math.round((avgSeconds / DAY_SECONDS) * 10) / 10,
    author: row.author && namedUser(row.author),
    stage_counts: row.stage_counts,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    closed_at: row.closed_at ? iso(row.closed_at) : null,
  };
}

export const readerOf = (session: Session): repo.Reader => ({
  userId: session.userId,
  seesAll: seesAllVacancies(session),
});

/** The vacancy as the caller may see it; 404 for a watcher who does not watch it. */
export async function readVacancy(tx: Db, accountId: number, id: number, reader: repo.Reader) {
  const row = await repo.findVacancyForReader(tx, accountId, id, reader);
  if (!row) throw notFound(VACANCY_NOT_FOUND);
  return toVacancy(row);
}

type Fields = Partial<Omit<TCreateVacancyRequest, 'vacancy_template_id' | 'statuses'>>;

/** The request's writable fields as columns; absent fields untouched. */
function vacancyColumns(input: Fields): Partial<repo.VacancyInsert> {
  return withoutUndefined({
    ...contentColumns(input),
    dateWillClose: input.date_will_close,
    vacancyApplicationId: input.vacancy_application_id,
  });
}

/** Every id the request names must be the caller's account's. */
async function assertReferencesExist(tx: Db, accountId: number, input: Fields) {
  await assertContentReferencesExist(tx, accountId, input);
  await assertVacancyApplicationExists(tx, accountId, input.vacancy_application_id);
  const owners = input.owners ?? [];
  const watchers = input.watchers ?? [];
  if (owners.some((id) => watchers.includes(id))) {
    throw badRequest(OWNER_AND_WATCHER, { watchers: OWNER_AND_WATCHER });
  }
  const ids = [...new Set([...owners, ...watchers])];
  const found = new Map((await repo.findUsers(tx, accountId, ids)).map((u) => [u.id, u]));
  if (ids.some((id) => !found.has(id))) throw notFound(USER_NOT_FOUND);
  if (owners.some((id) => found.get(id)!.memberType !== 'owner')) {
    throw badRequest(OWNER_NOT_RECRUITER, { owners: OWNER_NOT_RECRUITER });
  }
}

async function writeMembers(tx: Db, accountId: number, vacancyId: number, input: Fields) {
  // Watchers first: a user moved from watchers to owners keeps one row, as an owner.
  if (input.watchers !== undefined) {
    await repo.replaceMembers(tx, accountId, vacancyId, 'watcher', input.watchers);
  }
  if (input.owners !== undefined) {
    await repo.replaceMembers(tx, accountId, vacancyId, 'owner', input.owners);
  }
}

type TemplateRow = NonNullable<Awaited<ReturnType<typeof templatesRepo.findTemplate>>>;

/** What a template gives a new vacancy; ids it names that are gone are dropped. */
async function fieldsFromTemplate(tx: Db, accountId: number, t: TemplateRow): Promise<Fields> {
  const division =
    t.divisionId !== null && (await repo.divisionExists(tx, accountId, t.divisionId))
      ? t.divisionId
      : null;
  const funnel =
    t.statusGroupId !== null && (await repo.statusGroupExists(tx, accountId, t.statusGroupId))
      ? t.statusGroupId
      : null;
  return {
    position: t.position ?? t.name,
    salary_from: t.salaryFrom,
    salary_to: t.salaryTo,
    ...(t.currency !== null && { currency: t.currency }),
    ...(t.needed !== null && { needed: t.needed }),
    ...(t.priority !== null && { priority: t.priority }),
    is_hidden: t.isHidden,
    body: t.body,
    requirements: t.requirements,
    conditions: t.conditions,
    information: t.information,
    regions: t.regions,
    country: t.countryId,
    city: t.city,
    account_division_id: division,
    status_group: funnel,
    days_until_deadline: t.daysUntilDeadline,
    additional_fields_list: t.additionalFieldsList,
  };
}

async function giveVacancyStages(
  tx: Db,
  accountId: number,
  vacancyId: number,
  source: {
    stageIds?: number[] | undefined;
    template?: TemplateRow | null;
    funnelId: number | null;
  },
) {
  if (source.stageIds) {
    const found = await repo.findStages(tx, accountId, source.stageIds);
    if (found.length !== source.stageIds.length) throw notFound(STAGE_NOT_FOUND);
    await repo.copyStagesToVacancy(tx, accountId, source.stageIds, vacancyId);
    return;
  }
  if (source.template && source.template.stages.length > 0) {
    await repo.insertTemplateStages(tx, accountId, vacancyId, source.template.stages);
    return;
  }
  if (source.funnelId === null) throw badRequest(NO_STAGES, { status_group: NO_STAGES });
  await copyFunnelStagesToVacancy(tx, accountId, source.funnelId, vacancyId);
}

export async function assertVacancyCreator(tenant: Tenant, session: Session) {
  const user = await getUser(tenant, session.userId);
  assertCanCreateVacancy(session, user.admin_user_setting.permissions_actions);
}

/**
 * Opens a vacancy: its fields (a template's fill what the request leaves out), its members (the
 * creating recruiter owns it unless other owners are named) and its own stages — the ids in `statuses`,
 * else the template's, else copies of the funnel's (the favourite funnel when none is named).
 */
export async function createVacancy(
  tenant: Tenant,
  session: Session,
  input: TCreateVacancyRequest | (Fields & { vacancy_template_id: number; statuses?: number[] }),
) {
  await assertVacancyCreator(tenant, session);
  const { accountId } = tenant;
  return tenant.transaction(async (tx) => {
    let template: TemplateRow | null = null;
    if (input.vacancy_template_id != null) {
      template = await templatesRepo.findTemplate(tx, accountId, input.vacancy_template_id);
      if (!template) throw notFound(TEMPLATE_NOT_FOUND);
    }
    await assertReferencesExist(tx, accountId, input);
    const fields: Fields = {
      ...(template && (await fieldsFromTemplate(tx, accountId, template))),
      ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
    };
    if (!fields.position) throw badRequest('Укажите название вакансии');
    const stagesGiven = input.statuses !== undefined || (template?.stages.length ?? 0) > 0;
    const funnelId =
      fields.status_group ?? (stagesGiven ? null : await findDefaultFunnelId(tx, accountId));
    const id = await repo.insertVacancy(tx, {
      ...vacancyColumns(fields),
      position: fields.position,
      statusGroupId: funnelId,
      accountId,
      authorId: session.userId,
    });
    await repo.insertStateLog(tx, {
      accountId,
      vacancyId: id,
      fromState: null,
      toState: 'open',
      changedBy: session.userId,
    });
    // A vacancy is never left without a responsible person by omission (issue 20): with no
    // owners named (absent, or an empty list as a form sends it) the recruiter who opens it owns
    // it; naming others hands it to them.
    const owners = fields.owners?.length
      ? fields.owners
      : session.memberType === 'owner'
        ? [session.userId]
        : [];
    await writeMembers(tx, accountId, id, { owners, watchers: fields.watchers ?? [] });
    await giveVacancyStages(tx, accountId, id, {
      stageIds: input.statuses,
      template,
      funnelId,
    });
    return readVacancy(tx, accountId, id, readerOf(session));
  });
}

/** The vacancy for a change: 404 when the caller cannot see it, 403 when they may not manage it. */
async function vacancyToManage(tx: Db, tenant: Tenant, session: Session, id: number) {
  const row = await repo.findVacancyRow(tx, tenant.accountId, id);
  const role = row ? await repo.findMemberRole(tx, tenant.accountId, id, session.userId) : null;
  if (!row || (!seesAllVacancies(session) && role === null)) throw notFound(VACANCY_NOT_FOUND);
  assertCanManageVacancy(session, role);
  return row;
}

export async function listVacancies(tenant: Tenant, session: Session, query: TVacancyListQuery) {
  const reader = readerOf(session);
  const filter: repo.VacancyFilter = {
    states: query.state,
    divisionId: query.division_id,
    ownerId: query.owner_id,
    priority: query.priority,
    search: query.search || undefined,
  };
  const { rows, counts } = await tenant.transaction(async (tx) => ({
    rows: await repo.listVacanciesForReader(tx, tenant.accountId, filter, reader, {
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    }),
    counts: await repo.countVacanciesByState(tx, tenant.accountId, filter, reader),
  }));
  const state_counts = { open: 0, hold: 0, closed: 0 };
  for (const c of counts) state_counts[c.state] = c.n;
  const shown = query.state ?? (['open', 'hold', 'closed'] as const);
  const today = moscowToday();
  return {
    vacancies: rows.map((row) => toVacancy(row, today)),
    vacancy_count: shown.reduce((sum, state) => sum + state_counts[state], 0),
    page: query.page,
    per_page: query.per_page,
    state_counts,
  };
}

export async function getVacancy(tenant: Tenant, session: Session, id: number) {
  return tenant.transaction((tx) => readVacancy(tx, tenant.accountId, id, readerOf(session)));
}

/** PUT and PATCH: any subset of the fields; `statuses` reorders the vacancy's own stages. */
export async function updateVacancy(
  tenant: Tenant,
  session: Session,
  id: number,
  changes: TUpdateVacancyRequest,
) {
  const { accountId } = tenant;
  return tenant.transaction(async (tx) => {
    const current = await vacancyToManage(tx, tenant, session, id);
    await assertReferencesExist(tx, accountId, changes);
    const from = changes.salary_from !== undefined ? changes.salary_from : current.salaryFrom;
    const to = changes.salary_to !== undefined ? changes.salary_to : current.salaryTo;
    if (from != null && to != null && from > to) {
      throw badRequest('Зарплата «от» больше, чем «до»', { salary_to: 'Больше, чем «от»' });
    }
    await repo.updateVacancy(tx, accountId, id, vacancyColumns(changes));
    await writeMembers(tx, accountId, id, changes);
    if (changes.statuses) {
      const own = await repo.listVacancyStages(tx, accountId, id);
      const ownIds = new Set(own.map((s) => s.id));
      if (own.length !== changes.statuses.length || changes.statuses.some((s) => !ownIds.has(s))) {
        throw badRequest(NOT_ALL_STAGES, { statuses: NOT_ALL_STAGES });
      }
      await setStagePositions(tx, accountId, changes.statuses);
    }
    return readVacancy(tx, accountId, id, readerOf(session));
  });
}

/** Removes the vacancy with its stages and applications (the applicants stay in the base). */
export async function deleteVacancy(tenant: Tenant, session: Session, id: number) {
  return tenant.transaction(async (tx) => {
    await vacancyToManage(tx, tenant, session, id);
    const shown = await readVacancy(tx, tenant.accountId, id, readerOf(session));
    await repo.deleteVacancy(tx, tenant.accountId, id);
    await recordAudit(
      tx,
      tenant,
      deletionEvent('vacancy', id, `Удалена вакансия «${shown.position}»`),
    );
    return shown;
  });
}

const TRANSITIONS: Record<
  'close' | 'hold' | 'reopen',
  { to: TVacancyState; from: TVacancyState[] }
> = {
  close: { to: 'closed', from: ['open', 'hold'] },
  hold: { to: 'hold', from: ['open'] },
  reopen: { to: 'open', from: ['hold', 'closed'] },
};
const REFUSED_TRANSITION: Record<'close' | 'hold' | 'reopen', Record<TVacancyState, string>> = {
  close: { closed: 'Вакансия уже закрыта', open: '', hold: '' },
  hold: {
    hold: 'Вакансия уже на паузе',
    closed: 'Закрытую вакансию нельзя поставить на паузу; сначала откройте её',
    open: '',
  },
  reopen: { open: 'Вакансия уже открыта', hold: '', closed: '' },
};

/** Told after a vacancy's close commits (job sites archive its publications, decision 0053). */
export type VacancyClosedListener = (tenant: Tenant, vacancyId: number) => Promise<void>;
const vacancyClosedListeners = new Set<VacancyClosedListener>();

/** Registers a listener; the returned function removes it. */
export function onVacancyClosed(listener: VacancyClosedListener) {
  vacancyClosedListeners.add(listener);
  return () => {
    vacancyClosedListeners.delete(listener);
  };
}

/** Close and hold (each with a reason of its type), or reopen; every change is logged. */
export async function changeVacancyState(
  tenant: Tenant,
  session: Session,
  id: number,
  action: 'close' | 'hold' | 'reopen',
  body: TVacancyStateChangeBody,
) {
  const changed = await changeVacancyStateInTransaction(tenant, session, id, action, body);
  if (action === 'close') {
    for (const listener of vacancyClosedListeners) await listener(tenant, id);
  }
  return changed;
}

async function changeVacancyStateInTransaction(
  tenant: Tenant,
  session: Session,
  id: number,
  action: 'close' | 'hold' | 'reopen',
  body: TVacancyStateChangeBody,
) {
  const { accountId } = tenant;
  return tenant.transaction(async (tx) => {
    const current = await vacancyToManage(tx, tenant, session, id);
    const { to, from } = TRANSITIONS[action];
    if (!from.includes(current.state)) throw conflict(REFUSED_TRANSITION[action][current.state]);
    let reasonId: number | null = null;
    if (action !== 'reopen') {
      if (body.reason_id == null) throw badRequest(REASON_REQUIRED, { reason_id: REASON_REQUIRED });
      const reason = await repo.findReason(tx, accountId, body.reason_id);
      if (!reason) throw notFound(REASON_NOT_FOUND);
      if (reason.reason_type !== action) {
        const message = `Нужна причина типа ${REASON_TYPE_LABEL[action]}`;
        throw badRequest(message, { reason_id: message });
      }
      reasonId = reason.id;
    }
    const now = new Date();
    await repo.updateVacancy(tx, accountId, id, {
      state: to,
      stateReasonId: reasonId,
      stateChangedAt: now,
      closedAt: to === 'closed' ? now : null,
    });
    await repo.insertStateLog(tx, {
      accountId,
      vacancyId: id,
      fromState: current.state,
      toState: to,
      reasonId,
      comment: body.comment ?? null,
      changedBy: session.userId,
      changedAt: now,
    });
    return readVacancy(tx, accountId, id, readerOf(session));
  });
}

export async function listVacancyStateLog(tenant: Tenant, session: Session, id: number) {
  return tenant.transaction(async (tx) => {
    await readVacancy(tx, tenant.accountId, id, readerOf(session));
    const rows = await repo.listStateLog(tx, tenant.accountId, id);
    return rows.map((row) => ({ ...row, changed_at: iso(row.changed_at) }));
  });
}
