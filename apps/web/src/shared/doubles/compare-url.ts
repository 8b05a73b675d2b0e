/** The compare-and-merge screen for two applicants; the first is the primary by default. */
export const compareUrl = (first: number, second: number) =>
  `/applicant/double?first=${first}&second=${second}`;

export type CompareParams =
  { ok: true; first: number; second: number } | { ok: false; message: string };

const idOf = (value: string | null) =>
  value && /^\d{1,15}$/.test(value.trim()) && Number(value) > 0 ? Number(value) : null;

/** `?first=&second=` read strictly: two different positive ids, or the reason in Russian. */
export function parseCompareParams(params: URLSearchParams): CompareParams {
  const first = idOf(params.get('first'));
  const second = idOf(params.get('second'));
  if (first === null || second === null) {
    return {
      ok: false,
      message:
        'В ссылке должны быть два кандидата: ?first=…&second=… с их номерами. Откройте сравнение из списка дубликатов или из карточки.',
    };
  }
  if (first === second) {
    return { ok: false, message: 'Выбран один и тот же кандидат: сравнивать не с кем.' };
  }
  return { ok: true, first, second };
}
