import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isoTimestamp, isoTimestampOrNull } from './timestamps.ts';

// The answer's timestamps are formatted from PostgreSQL's text without a Date when in UTC
// (decision 0058): the result must be the one the Date path gives, for every form of the text.

const parseTimestamptz = pg.types.getTypeParser(1184) as (text: string) => Date;
/** What the answers said before: node-postgres's Date of the column, or a Date of JSON's text. */
const viaDate = (text: string) =>
  (text.charAt(10) === ' ' ? parseTimestamptz(text) : new Date(text)).toISOString();

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** PostgreSQL's texts of one instant: the column's (`+00`) and JSON's (`+00:00`), at `digits`. */
function textsOf(ms: number, micros: number, digits: number, offset = '+00') {
  const d = new Date(ms);
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  // PostgreSQL drops the fraction's trailing zeros; `digits` cuts it shorter still.
  const fraction = `${pad(d.getUTCMilliseconds(), 3)}${pad(micros, 3)}`
    .slice(0, digits)
    .replace(/0+$/, '');
  const tail = fraction ? `.${fraction}` : '';
  return [`${day} ${time}${tail}${offset}`, `${day}T${time}${tail}${offset}:00`];
}

describe('isoTimestamp', () => {
  it('gives the Date path’s answer for every millisecond and fraction length in UTC', () => {
    let checked = 0;
    for (let ms = 0; ms < 1000; ms += 1) {
      for (const micros of [0, 1, 499, 999]) {
        for (const digits of [0, 1, 2, 3, 6]) {
          // One instant per case, spread over the years the data lives in (1970–2100).
          const instant = Date.UTC(1970 + ((ms * 7 + micros) % 131), ms % 12, 1 + (ms % 28)) + ms;
          for (const text of textsOf(instant, micros, digits)) {
            expect(isoTimestamp(text), text).toBe(viaDate(text));
            checked += 1;
          }
        }
      }
    }
    expect(checked).toBe(40_000);
  });

  it('reads any other offset as before', () => {
    for (const offset of ['+03', '-05', '+12', '-00']) {
      const [column, json] = textsOf(Date.UTC(2026, 10, 27, 21, 30, 15, 250), 123, 6, offset);
      expect(isoTimestamp(column!)).toBe(viaDate(column!));
      expect(isoTimestamp(json!)).toBe(viaDate(json!));
    }
    expect(isoTimestamp('2026-11-27 21:30:15.25+05:30')).toBe('2026-11-27T16:00:15.250Z');
    expect(isoTimestamp('2026-11-27 21:30:15+03')).toBe('2026-11-27T18:30:15.000Z');
  });

  it('passes a Date through toISOString and keeps null', () => {
    const date = new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6));
    expect(isoTimestamp(date)).toBe('2026-01-02T03:04:05.006Z');
    expect(isoTimestampOrNull(null)).toBeNull();
    expect(isoTimestampOrNull('2026-01-02 03:04:05.006789+00')).toBe('2026-01-02T03:04:05.006Z');
  });
});
