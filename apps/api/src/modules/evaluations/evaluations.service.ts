import {
  EVALUATION_MESSAGES as M,
  type TCriterion,
  type TEvaluationForm,
  type TFormSummary,
  type ZEvaluationFormRequest,
} from '@ats/contracts/evaluations';
import type { Db } from '@ats/db/connection';
import type { z } from 'zod';
import type { Session } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { summarizeForm } from './evaluation-summary.ts';
import { assertEvaluationAction } from './evaluations.policy.ts';
import * as repo from './evaluations.repository.ts';

type FormInput = z.output<typeof ZEvaluationFormRequest>;
type CriterionInput = FormInput['criterions'][number];
type FormChanges = Partial<FormInput>;

export const toCriterion = (row: repo.CriterionRow): TCriterion => ({
  id: row.id,
  name: row.name,
  criterion_type: row.criterionType,
  order: row.position,
  options: row.criterionType === 'pick_one' || row.criterionType === 'pick_few' ? row.options : [],
  scale_min: row.criterionType === 'scale' ? (row.scaleMin ?? 1) : null,
  scale_max: row.criterionType === 'scale' ? (row.scaleMax ?? 5) : null,
  min_label: row.criterionType === 'scale' ? row.minLabel : null,
  max_label: row.criterionType === 'scale' ? row.maxLabel : null,
  is_required: row.isRequired,
});

/** The columns of a criterion; options and scale only where the type has them. */
const criterionColumns = (input: CriterionInput, position: number) => {
  const choice = input.criterion_type === 'pick_one' || input.criterion_type === 'pick_few';
  const scale = input.criterion_type === 'scale';
  return {
    name: input.name,
    criterionType: input.criterion_type,
    position,
    options: choice ? input.options : [],
    scaleMin: scale ? (input.scale_min ?? 1) : null,
    scaleMax: scale ? (input.scale_max ?? 5) : null,
    minLabel: scale ? input.min_label || null : null,
    maxLabel: scale ? input.max_label || null : null,
    isRequired: input.is_required,
  };
};

/** Forms with their criteria, how many evaluations each has, and the stages using them. */
async function describeForms(tx: Db, accountId: number, forms: repo.FormRow[]) {
  const ids = forms.map((f) => f.id);
  const [criteria, counts, stages] = await Promise.all([
    repo.listCriteria(tx, accountId, ids),
    repo.countEvaluationsByForm(tx, accountId),
    repo.listFormStages(tx, accountId, ids),
  ]);
  return forms.map((form): TEvaluationForm => ({
    id: form.id,
    name: form.name,
    description: form.description,
    criterions: criteria.filter((c) => c.evaluationId === form.id).map(toCriterion),
    evaluations_count: counts.find((c) => c.evaluationId === form.id)?.total ?? 0,
    statuses: stages
      .filter((s) => s.evaluation_id === form.id)
      .map(({ evaluation_id: _, ...stage }) => stage),
    created_at: form.createdAt.toISOString(),
    updated_at: form.updatedAt.toISOString(),
  }));
}

async function readForm(tx: Db, accountId: number, id: number) {
  const form = await repo.findForm(tx, accountId, id);
  if (!form) throw notFound(M.formNotFound);
  const [described] = await describeForms(tx, accountId, [form]);
  return described!;
}

/** For the statuses module: a stage may name only a live form of its own account. */
export async function assertFormOfAccount(tx: Db, accountId: number, id: number) {
  if (!(await repo.findForm(tx, accountId, id))) throw notFound(M.formNotFound);
}

export async function listForms(tenant: Tenant) {
  return tenant.transaction(async (tx) =>
    describeForms(tx, tenant.accountId, await repo.listActiveForms(tx, tenant.accountId)),
  );
}

export async function getForm(tenant: Tenant, id: number) {
  return tenant.transaction((tx) => readForm(tx, tenant.accountId, id));
}

export async function createForm(tenant: Tenant, session: Session, input: FormInput) {
  assertEvaluationAction(session, 'manage-forms');
  return tenant.transaction(async (tx) => {
    const form = await repo.insertForm(tx, {
      accountId: tenant.accountId,
      name: input.name,
      description: input.description || null,
      createdBy: tenant.userId,
    });
    await repo.insertCriteria(
      tx,
      input.criterions.map((c, i) => ({
        accountId: tenant.accountId,
        evaluationId: form.id,
        ...criterionColumns(c, i),
      })),
    );
    return readForm(tx, tenant.accountId, form.id);
  });
}

/**
 * Criteria sent with an id are kept (and may be renamed, retyped, reordered); new ones are added;
 * those left out are soft-deleted. Evaluations already made keep a copy of the criteria they
 * answered, so they stay readable whatever changes here (decision 0014).
 */
export async function updateForm(
  tenant: Tenant,
  session: Session,
  id: number,
  changes: FormChanges,
) {
  assertEvaluationAction(session, 'manage-forms');
  return tenant.transaction(async (tx) => {
    const form = await repo.findForm(tx, tenant.accountId, id);
    if (!form) throw notFound(M.formNotFound);
    await repo.updateForm(tx, tenant.accountId, id, {
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.description !== undefined && { description: changes.description || null }),
    });
    if (changes.criterions) {
      const current = await repo.listCriteria(tx, tenant.accountId, [id]);
      const currentIds = new Set(current.map((c) => c.id));
      const keptIds = new Set<number>();
      for (const c of changes.criterions) {
        if (c.id === undefined) continue;
        if (!currentIds.has(c.id) || keptIds.has(c.id)) throw notFound(M.criterionNotFound);
        keptIds.add(c.id);
      }
      await repo.softDeleteCriteria(
        tx,
        tenant.accountId,
        current.filter((c) => !keptIds.has(c.id)).map((c) => c.id),
      );
      const added = [];
      for (const [position, c] of changes.criterions.entries()) {
        if (c.id === undefined) {
          added.push({
            accountId: tenant.accountId,
            evaluationId: id,
            ...criterionColumns(c, position),
          });
        } else {
          await repo.updateCriterion(tx, tenant.accountId, c.id, criterionColumns(c, position));
        }
      }
      await repo.insertCriteria(tx, added);
    }
    return readForm(tx, tenant.accountId, id);
  });
}

/** A removed form is archived: evaluations made with it stay, stages stop offering it. */
export async function deleteForm(tenant: Tenant, session: Session, id: number) {
  assertEvaluationAction(session, 'manage-forms');
  return tenant.transaction(async (tx) => {
    const form = await readForm(tx, tenant.accountId, id);
    await repo.updateForm(tx, tenant.accountId, id, { archivedAt: new Date() });
    await repo.detachFormFromStages(tx, tenant.accountId, id);
    return form;
  });
}

/** One form's results over every applicant evaluated with it. */
export async function summarizeFormResults(
  tenant: Tenant,
  session: Session,
  id: number,
): Promise<TFormSummary> {
  assertEvaluationAction(session, 'form-summary');
  return tenant.transaction(async (tx) => {
    const form = await repo.findForm(tx, tenant.accountId, id);
    if (!form) throw notFound(M.formNotFound);
    const [criteria, rows] = await Promise.all([
      repo.listCriteria(tx, tenant.accountId, [id]),
      repo.listFormEvaluations(tx, tenant.accountId, id),
    ]);
    return summarizeForm(form, criteria, rows);
  });
}
