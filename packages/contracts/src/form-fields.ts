import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

// Field schemas several forms share (vacancies, hiring requests), with one Russian message each.

/** Trimmed text of at most `max` characters. */
export const boundedText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Не длиннее ${max} символов` });

/** A sum of money in whole roubles (or the currency's units). */
export const ZMoney = lazySchema(() =>
  z
    .number({ error: 'Сумма — целое число' })
    .int({ error: 'Сумма — целое число' })
    .min(0, { error: 'Сумма не может быть отрицательной' })
    .max(1_000_000_000, { error: 'Слишком большая сумма' }),
);

/** The longest rich text (sanitized HTML) of a description section. */
export const MAX_RICH_TEXT = 100_000;

/** `salary_from` ≤ `salary_to` when both are given. */
export const salaryInOrder = (v: { salary_from?: number | null; salary_to?: number | null }) =>
  v.salary_from == null || v.salary_to == null || v.salary_from <= v.salary_to;
export const SALARY_ORDER_MESSAGE = 'Зарплата «от» больше, чем «до»';
