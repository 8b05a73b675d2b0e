import type { TCriterionSummary, TFormSummary } from '@ats/contracts/evaluations';
import type { StoredAnswer } from '@ats/db/schema/evaluations';
import type { CriterionRow, FormRow } from './evaluations.repository.ts';

type Evaluated = { recommendation: 'yes' | 'maybe' | 'no' | null; answers: StoredAnswer[] };

/**
 * The results of one form's criteria as they are now: the mean of scale answers, counts per option
 * of choices. An answer given when the criterion had another type is left out of the numbers
 * (it still shows in its evaluation); so is a chosen option the form no longer offers.
 */
function summarizeCriterion(criterion: CriterionRow, evaluations: Evaluated[]): TCriterionSummary {
  const answers = evaluations
    .map((e) => e.answers.find((a) => a.criterion_id === criterion.id))
    .filter((a): a is StoredAnswer => !!a && a.criterion_type === criterion.criterionType)
    .filter((a) => a.value !== null || a.file !== null);
  const scale = criterion.criterionType === 'scale';
  const choice = criterion.criterionType === 'pick_one' || criterion.criterionType === 'pick_few';
  const numbers = scale
    ? answers.map((a) => a.value).filter((v): v is number => typeof v === 'number')
    : [];
  const chosen = choice ? answers.flatMap((a) => (Array.isArray(a.value) ? a.value : [])) : [];
  return {
    criterion_id: criterion.id,
    name: criterion.name,
    criterion_type: criterion.criterionType,
    answers_count: answers.length,
    average:
      numbers.length > 0
        ? Math.round((numbers.reduce((sum, n) => sum + n, 0) / numbers.length) * 100) / 100
        : null,
    scale_min: scale ? (criterion.scaleMin ?? 1) : null,
    scale_max: scale ? (criterion.scaleMax ?? 5) : null,
    option_counts: choice
      ? criterion.options.map((option) => ({
          option,
          count: chosen.filter((c) => c === option).length,
        }))
      : [],
  };
}

export function summarizeForm(
  form: Pick<FormRow, 'id' | 'name'>,
  criteria: CriterionRow[],
  evaluations: Evaluated[],
): TFormSummary {
  const verdicts = (r: Evaluated['recommendation']) =>
    evaluations.filter((e) => e.recommendation === r).length;
  return {
    evaluation_id: form.id,
    name: form.name,
    evaluations_count: evaluations.length,
    recommendations: { yes: verdicts('yes'), maybe: verdicts('maybe'), no: verdicts('no') },
    criterions: criteria
      .filter((c) => c.evaluationId === form.id)
      .map((c) => summarizeCriterion(c, evaluations)),
  };
}
