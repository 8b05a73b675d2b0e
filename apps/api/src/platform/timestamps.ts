import pg from 'pg';

/** node-postgres's own reading of a `timestamptz` column's text (OID 1184). */
const parseTimestamptz = pg.types.getTypeParser(1184) as (text: string) => Date;

const isDigit = (code: number) => code >= 48 && code <= 57;

/**
 * The answer's form of a UTC timestamp written as text, or null when it is not one: PostgreSQL's
 * text of a `timestamptz` read in UTC (`2026-11-27 15:24:57.123456+00`) or its JSON form
 * (`2026-11-27T15:24:57.123456+00:00`). The fraction is cut to milliseconds, as a Date cuts it.
 */
function utcText(value: string): string | null {
  const length = value.length;
  if (length < 20) return null;
  for (let i = 0; i < 19; i += 1) {
    const code = value.charCodeAt(i);
    const expected = i === 4 || i === 7 ? 45 : i === 13 || i === 16 ? 58 : i === 10 ? -1 : 0;
    if (
      expected === 0
        ? !isDigit(code)
        : expected === -1
          ? code !== 32 && code !== 84
          : code !== expected
    ) {
      return null;
    }
  }
  let end = 19;
  let millis = '000';
  if (value.charCodeAt(19) === 46) {
    end = 20;
    while (end < length && isDigit(value.charCodeAt(end))) end += 1;
    if (end === 20) return null;
    millis = end >= 23 ? value.slice(20, 23) : `${value.slice(20, end)}00`.slice(0, 3);
  }
  const zone = length - end;
  const utc =
    (zone === 3 && value.endsWith('+00')) ||
    (zone === 6 && value.endsWith('+00:00')) ||
    (zone === 1 && value.charCodeAt(end) === 90);
  if (!utc) return null;
  return `${value.slice(0, 10)}T${value.slice(11, 19)}.${millis}Z`;
}

/**
 * A timestamp as the API answers it (`2026-11-27T15:24:57.123Z`) from what a read gives: a Date
 * (drizzle, node-postgres), a `timestamptz` column cast to text, or a timestamptz inside JSON
 * built by the statement. In UTC (the server's time zone as installed) the text is rearranged
 * without building a Date (decision 0058); any other offset is read as before — the column's
 * text by node-postgres's parser, JSON's by `Date` — so the answer is the same either way.
 */
export function isoTimestamp(value: Date | string): string {
  if (typeof value !== 'string') return value.toISOString();
  const utc = utcText(value);
  if (utc !== null) return utc;
  return (value.charCodeAt(10) === 32 ? parseTimestamptz(value) : new Date(value)).toISOString();
}

/** `isoTimestamp`, null kept. */
export const isoTimestampOrNull = (value: Date | string | null): string | null =>
  value === null ? null : isoTimestamp(value);
