import type { TDivision } from '@ats/contracts/divisions';
import type { TRequest } from '@ats/contracts/vacancy-applications';

export type DivisionOption = { id: number; name: string; depth: number };

export function flattenDivisions(tree: TDivision[], depth = 0): DivisionOption[] {
  return tree.flatMap((division) => [
    { id: division.id, name: division.name, depth },
    ...flattenDivisions(division.children, depth + 1),
  ]);
}

/** The step waiting for decisions, while the request is on approval. */
export const currentStepOf = (request: Pick<TRequest, 'current_step' | 'steps'>) =>
  request.current_step === null
    ? undefined
    : request.steps.find((step) => step.index === request.current_step);

const money = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });
const SYMBOLS: Record<string, string> = { RUB: '₽', USD: '$', EUR: '€' };

/** «150 000 – 200 000 ₽», «от 150 000 ₽», or the free-form salary old clients sent. */
export function formatRequestSalary(
  request: Pick<TRequest, 'salary' | 'salary_from' | 'salary_to' | 'currency'>,
): string | null {
  const symbol = SYMBOLS[request.currency] ?? request.currency;
  const { salary_from: from, salary_to: to } = request;
  if (from != null && to != null) {
    return from === to
      ? `${money.format(from)} ${symbol}`
      : `${money.format(from)} – ${money.format(to)} ${symbol}`;
  }
  if (from != null) return `от ${money.format(from)} ${symbol}`;
  if (to != null) return `до ${money.format(to)} ${symbol}`;
  return request.salary?.trim() || null;
}

const dayFormat = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow' });

/**
 * The day of a timestamp in Moscow time, as the history's times are shown: a request made at
 * 01:16 on the 27th is «27.11.2026» in both places.
 */
export function formatDay(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dayFormat.format(date);
}
