import type { TRequest } from '@ats/contracts/vacancy-applications';
import type { Session } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import { userDisplayName } from '../../platform/person-name.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { flowCan, seesRequest } from './request-flow.policy.ts';
import * as repo from './request-flow.repository.ts';
import { toRequestSteps } from './request-flow.rules.ts';
import * as requests from './vacancy-applications.repository.ts';

// The request as an action answers it (ZRequest with its history). The one-request read of the
// module's CRUD answers the same; this stays the workflow's own until the two are joined.

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

export async function readRequestAnswer(
  tenant: Tenant,
  session: Session,
  id: number,
): Promise<TRequest> {
  return tenant.transaction(async (tx) => {
    const row = await requests.findRequest(tx, tenant.accountId, id);
    if (!row || !seesRequest(session, row)) throw notFound('Заявка не найдена');
    // One transaction, one connection: the reads go one after another.
    const template =
      row.templateId === null
        ? null
        : await requests.findTemplate(tx, tenant.accountId, row.templateId);
    const author = await repo.findUser(tx, tenant.accountId, row.authorId);
    const division =
      row.accountDivisionId === null
        ? null
        : await repo.findDivision(tx, tenant.accountId, row.accountDivisionId);
    const files = await requests.listFiles(tx, tenant.accountId, [row.id]);
    const events = await requests.listEvents(tx, tenant.accountId, row.id);
    const author_ = session.userId === row.authorId;
    const editable = row.state === 'draft' || row.state === 'returned';
    return {
      id: row.id,
      template_id: row.templateId,
      template_name: template?.name ?? null,
      state: row.state,
      position: row.position,
      salary: row.salary,
      salary_from: row.salaryFrom,
      salary_to: row.salaryTo,
      currency: row.currency,
      description: row.description,
      comment: row.comment,
      needed: row.needed,
      date_will_close: row.dateWillClose,
      body: row.body,
      requirements: row.requirements,
      conditions: row.conditions,
      information: row.information,
      priority: row.priority,
      additional_fields_list: row.additionalFieldsList,
      template_values: row.templateValues,
      files: files.map((f) => ({
        id: f.id,
        file_name: f.fileName,
        size: f.sizeBytes,
        field_key: f.fieldKey,
        url: `/api/vacancy_applications/${row.id}/files/${f.id}`,
      })),
      days_until_deadline: row.daysUntilDeadline,
      account_division: division,
      author: { id: row.authorId, name: (author && userDisplayName(author.person)) ?? '' },
      vacancy_id: row.vacancyId,
      current_step: row.currentStep,
      steps: toRequestSteps(row.route, row.state, row.currentStep, new Date()),
      can: {
        edit: editable && (author_ || session.isAdmin),
        delete: row.state === 'draft' && (author_ || session.isAdmin),
        ...flowCan(session, row),
      },
      history: events.map((e) => ({
        id: e.id,
        action: e.action as NonNullable<TRequest['history']>[number]['action'],
        actor: { user_id: e.actorUserId, name: e.actorName, email: e.actorEmail },
        step: e.step,
        comment: e.comment,
        at: iso(e.at)!,
      })),
      submitted_at: iso(row.submittedAt),
      created_at: iso(row.createdAt)!,
      updated_at: iso(row.updatedAt)!,
    };
  });
}
