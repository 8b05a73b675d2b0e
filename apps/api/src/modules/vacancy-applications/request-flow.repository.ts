import { type Db, selectRows } from '@ats/db/connection';
import { intArray } from '@ats/db/sql-arrays';
import type { TRequestAction, TRequestState } from '@ats/contracts/vacancy-applications';
import { sql } from 'drizzle-orm';
import type { TPersonNameParts } from '@ats/contracts/person-name';
import { userNameParts } from '../../platform/person-name.ts';
import type { Route } from './request-flow.rules.ts';

// The workflow's SQL over the module's own tables: the request read under its row lock, its
// state and route written back, a history row appended.

export type FlowRow = {
  id: number;
  author_id: number;
  template_id: number | null;
  account_division_id: number | null;
  state: TRequestState;
  route: Route | null;
  current_step: number | null;
  vacancy_id: number | null;
  position: string;
  salary_from: number | null;
  salary_to: number | null;
  currency: string;
  needed: number;
  body: string | null;
  requirements: string | null;
  conditions: string | null;
  information: string | null;
  date_will_close: string | Date | null;
  days_until_deadline: number | null;
  priority: number;
  additional_fields_list: { type: 'string' | 'text' | 'number'; name: string; value: string | number | null }[];
  template_values: Record<string, unknown> | null;
};

/**
 * The request locked for the rest of the transaction (`for update`): two decisions on one
 * request run one after the other, so the second sees the first one's route.
 */
export async function lockRequest(tx: Db, accountId: number, id: number) {
  const [row] = await selectRows<FlowRow>(
    tx,
    sql`select id, author_id, template_id, account_division_id, state, route, current_step,
          vacancy_id, position, salary_from, salary_to, currency, needed, body, requirements,
          conditions, information, date_will_close::text as date_will_close, days_until_deadline,
          priority, additional_fields_list, template_values
        from vacancy_applications
        where account_id = ${accountId} and id = ${id} and deleted_at is null
        for update`,
  );
  return row ?? null;
}

export type TemplateForSubmit = {
  steps: unknown[];
  fields: { key: string; name: string; type: string; required: boolean }[];
};

export async function findTemplate(tx: Db, accountId: number, id: number) {
  const [row] = await selectRows<TemplateForSubmit>(
    tx,
    sql`select steps, fields from vacancy_application_templates
        where account_id = ${accountId} and id = ${id}`,
  );
  return row ?? null;
}

export async function findDivisionHead(tx: Db, accountId: number, divisionId: number) {
  const [row] = await selectRows<{ id: number; head_id: number | null }>(
    tx,
    sql`select id, head_id from account_divisions
        where account_id = ${accountId} and id = ${divisionId}`,
  );
  return row ? { id: row.id, headId: row.head_id } : null;
}

/** Active users among `ids`, with their name parts and address. */
export async function findActiveUsers(tx: Db, accountId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return selectRows<{ id: number; email: string; person: TPersonNameParts }>(
    tx,
    sql`select u.id, u.email, ${userNameParts('u')} as person from users u
        where u.account_id = ${accountId} and u.id = any(${intArray(ids)})
          and u.is_active and u.deleted_at is null`,
  );
}

export async function findUser(tx: Db, accountId: number, id: number) {
  const [row] = await selectRows<{ id: number; email: string; person: TPersonNameParts }>(
    tx,
    sql`select u.id, u.email, ${userNameParts('u')} as person from users u
        where u.account_id = ${accountId} and u.id = ${id}`,
  );
  return row ?? null;
}

export async function updateFlow(
  tx: Db,
  accountId: number,
  id: number,
  change: {
    state: TRequestState;
    route?: Route;
    currentStep: number | null;
    /** When the current step started; undefined keeps it. */
    stepStartedAt?: Date | null;
    submittedAt?: Date;
    vacancyId?: number;
  },
) {
  await tx.execute(sql`
    update vacancy_applications set
      state = ${change.state},
      current_step = ${change.currentStep},
      ${change.route === undefined ? sql`` : sql`route = ${JSON.stringify(change.route)}::jsonb,`}
      ${change.stepStartedAt === undefined ? sql`` : sql`step_started_at = ${change.stepStartedAt},`}
      ${change.submittedAt === undefined ? sql`` : sql`submitted_at = ${change.submittedAt},`}
      ${change.vacancyId === undefined ? sql`` : sql`vacancy_id = ${change.vacancyId},`}
      updated_at = now()
    where account_id = ${accountId} and id = ${id}`);
}

export type EventActor = { userId: number | null; name: string; email: string | null };

/** One line of the request's history. */
export async function insertEvent(
  tx: Db,
  accountId: number,
  event: {
    applicationId: number;
    action: TRequestAction;
    actor: EventActor;
    step: number | null;
    comment: string | null;
  },
) {
  await tx.execute(sql`
    insert into vacancy_application_events
      (account_id, application_id, action, actor_user_id, actor_name, actor_email, step, comment)
    values (${accountId}, ${event.applicationId}, ${event.action}, ${event.actor.userId},
      ${event.actor.name}, ${event.actor.email}, ${event.step}, ${event.comment})`);
}
