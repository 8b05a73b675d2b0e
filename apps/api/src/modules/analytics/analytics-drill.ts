import { badRequest } from '../../platform/errors.ts';

/**
 * A drill names the applicants behind one count: what was counted, over which days, with which
 * filters — `hired|2026-01-01|2026-01-31|d=3|v=12`. Opaque to clients (≤ 400 characters); the
 * applicant list decodes it and asks analytics for the ids by the same SQL that counted them.
 */
export const DRILL_KINDS = [
  'new',
  'placed',
  'hired',
  'rejected',
  'refused',
  'offers',
  'accepted',
  'reason',
  'reached',
] as const;
export type DrillKind = (typeof DRILL_KINDS)[number];

export type DrillFilters = {
  /** Division (its subtree at the time the drill is opened). */
  d?: number;
  /** Recruiter: who added, placed or moved. */
  u?: number;
  /** Vacancy. */
  v?: number;
  /** Funnel template (status group). */
  g?: number;
  /** Stage: a vacancy's stage, or a template's stage with `g`. */
  st?: number;
  /** Resume source (0: without a source). */
  src?: number;
  /** Reason (0: without a reason); with kind `reason`, `k` says reject or refuse. */
  r?: number;
  k?: 'reject' | 'refuse';
  /** Vacancy state filter of the report. */
  vs?: 'open' | 'hold' | 'closed';
};

export type Drill = { kind: DrillKind; dateFrom: string; dateTo: string } & DrillFilters;

export const DRILL_INVALID = 'Некорректная ссылка из аналитики';

const NUMERIC_KEYS = ['d', 'u', 'v', 'g', 'st', 'src', 'r'] as const;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function encodeDrill(drill: Drill): string {
  const parts: string[] = [drill.kind, drill.dateFrom, drill.dateTo];
  for (const key of NUMERIC_KEYS) {
    const value = drill[key];
    if (value !== undefined) parts.push(`${key}=${value}`);
  }
  if (drill.k) parts.push(`k=${drill.k}`);
  if (drill.vs) parts.push(`vs=${drill.vs}`);
  return parts.join('|');
}

/** The drill a client sent back; a Russian 400 when it is not one we wrote. */
export function decodeDrill(text: string): Drill {
  const [kind, dateFrom, dateTo, ...rest] = text.trim().split('|');
  if (
    !kind ||
    !(DRILL_KINDS as readonly string[]).includes(kind) ||
    !dateFrom ||
    !dateTo ||
    !ISO_DAY.test(dateFrom) ||
    !ISO_DAY.test(dateTo) ||
    Number.isNaN(Date.parse(dateFrom)) ||
    Number.isNaN(Date.parse(dateTo)) ||
    dateFrom > dateTo
  ) {
    throw badRequest(DRILL_INVALID);
  }
  const drill: Drill = { kind: kind as DrillKind, dateFrom, dateTo };
  for (const part of rest) {
    const [key, value] = part.split('=');
    if ((NUMERIC_KEYS as readonly string[]).includes(key ?? '')) {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 0 || n > 2_147_483_647) throw badRequest(DRILL_INVALID);
      drill[key as (typeof NUMERIC_KEYS)[number]] = n;
    } else if (key === 'k' && (value === 'reject' || value === 'refuse')) {
      drill.k = value;
    } else if (key === 'vs' && (value === 'open' || value === 'hold' || value === 'closed')) {
      drill.vs = value;
    } else {
      throw badRequest(DRILL_INVALID);
    }
  }
  return drill;
}
