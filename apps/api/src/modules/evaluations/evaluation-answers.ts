import {
  EVALUATION_MESSAGES as M,
  MAX_EVALUATION_FILE_BYTES,
  MAX_TEXT_ANSWER,
  type TAnswerInput,
} from '@ats/contracts/evaluations';
import type { StoredAnswer } from '@ats/db/schema/evaluations';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { detectUploadType, uploadFileName } from '../../platform/file-types.ts';
import { assertUploadWithinLimits } from '../../platform/untrusted-files.ts';
import type { CriterionRow } from './evaluations.repository.ts';

/** A file answer's bytes, checked, waiting to be written to storage by the service. */
export type PendingFile = { criterionId: number; bytes: Buffer; fileName: string; type: string };

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w-]+=[^;,]*)*;base64,/i;

const scaleBounds = (c: CriterionRow) => ({ min: c.scaleMin ?? 1, max: c.scaleMax ?? 5 });

/** Decodes and checks a file sent as a data URL: its content decides the type, not its name. */
function readFileAnswer(criterionId: number, dataUrl: string, givenName: string | null) {
  const key = `criterions.${criterionId}`;
  const header = DATA_URL.exec(dataUrl);
  if (!header) throw badRequest(M.fileNotDataUrl, { [key]: M.fileNotDataUrl });
  const bytes = Buffer.from(dataUrl.slice(header[0].length).replace(/\s+/g, ''), 'base64');
  if (bytes.length > MAX_EVALUATION_FILE_BYTES) {
    throw new AppError(413, M.fileTooLarge, { [key]: M.fileTooLarge });
  }
  const type = bytes.length > 0 ? detectUploadType(bytes) : null;
  if (!type) throw badRequest(M.fileWrongType, { [key]: M.fileWrongType });
  assertUploadWithinLimits(bytes, type, key);
  return { criterionId, bytes, type, fileName: uploadFileName(givenName ?? undefined, type) };
}

/**
 * Checks the answers against the form's live criteria and turns them into stored answers, each
 * with a copy of its criterion. Every problem is reported at once, keyed `criterions.<id>`.
 * `previous` (on edit) supplies files kept without being sent again.
 */
export function readAnswers(
  criteria: CriterionRow[],
  answers: TAnswerInput[],
  previous: StoredAnswer[] = [],
): { answers: StoredAnswer[]; files: PendingFile[] } {
  const byId = new Map(criteria.map((c) => [c.id, c]));
  const given = new Map<number, TAnswerInput>();
  const errors: Record<string, string> = {};
  for (const answer of answers) {
    if (!byId.has(answer.criterion_id)) throw notFound(M.criterionNotFound);
    if (given.has(answer.criterion_id)) {
      errors[`criterions.${answer.criterion_id}`] = M.answeredTwice;
    }
    given.set(answer.criterion_id, answer);
  }
  const stored: StoredAnswer[] = [];
  const files: PendingFile[] = [];
  for (const criterion of criteria) {
    const key = `criterions.${criterion.id}`;
    const answer = given.get(criterion.id);
    const result = answer?.result;
    if (result && result.criterion_type !== criterion.criterionType) {
      errors[key] = M.wrongResultType;
      continue;
    }
    let value: StoredAnswer['value'] = null;
    let file: StoredAnswer['file'] = null;
    if (result?.criterion_type === 'pick_one' && result.result) {
      if (!criterion.options.includes(result.result)) errors[key] = M.notAnOption;
      value = [result.result];
    } else if (result?.criterion_type === 'pick_few' && result.result?.length) {
      const chosen = [...new Set(result.result)];
      if (chosen.some((o) => !criterion.options.includes(o))) errors[key] = M.notAnOption;
      value = criterion.options.filter((o) => chosen.includes(o));
    } else if (result?.criterion_type === 'scale' && result.result != null) {
      const { min, max } = scaleBounds(criterion);
      if (!Number.isInteger(result.result) || result.result < min || result.result > max) {
        errors[key] = M.outOfScale(min, max);
      }
      value = result.result;
    } else if (result?.criterion_type === 'text' && result.result?.trim()) {
      if (result.result.length > MAX_TEXT_ANSWER) errors[key] = M.textTooLong;
      value = result.result.trim();
    } else if (result?.criterion_type === 'add_file') {
      if (result.file) {
        try {
          files.push(readFileAnswer(criterion.id, result.file, result.file_name ?? null));
        } catch (error) {
          if (!(error instanceof AppError) || error.code !== 400) throw error;
          errors[key] = error.message;
        }
      } else if (result.keep) {
        file = previous.find((p) => p.criterion_id === criterion.id)?.file ?? null;
      }
    }
    const pendingFile = files.some((f) => f.criterionId === criterion.id);
    if (criterion.isRequired && value === null && file === null && !pendingFile && !errors[key]) {
      errors[key] = M.required;
    }
    stored.push({
      criterion_id: criterion.id,
      criterion_name: criterion.name,
      criterion_type: criterion.criterionType,
      comment: answer?.comment?.trim() || null,
      value,
      file,
    });
  }
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
  return { answers: stored, files };
}
