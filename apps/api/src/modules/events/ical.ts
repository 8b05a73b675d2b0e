import { localDateTime, offsetMinutes } from './event-time.ts';

// iCalendar invitations (RFC 5545 objects, RFC 5546 iTIP methods), written by hand: METHOD:REQUEST
// for a new or changed event, METHOD:CANCEL when it is deleted. The UID is the event's for its
// whole life and SEQUENCE rises with each change, so a mail client updates the one entry it has.
// Times are local to the event's zone with its VTIMEZONE (Europe/Moscow for most accounts).

export type IcalPerson = { email: string; name?: string | null };

export type IcalEvent = {
  uid: string;
  sequence: number;
  method: 'REQUEST' | 'CANCEL';
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  summary: string;
  description?: string | null;
  location?: string | null;
  url?: string | null;
  organizer: IcalPerson;
  attendees: IcalPerson[];
  /** DTSTAMP: when this object was made. */
  stamp?: Date;
  created?: Date;
  lastModified?: Date;
};

const PRODID = '-//ATS//Календарь событий//RU';

/** TEXT value escaping (RFC 5545 §3.3.11). */
export const escapeText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** A parameter value: quoted when it holds `:`, `;` or `,`; quotes themselves are not allowed. */
const paramValue = (value: string) => {
  const clean = value.replace(/["\r\n]/g, "'");
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
};

/** Folds a content line at 75 octets, never inside a UTF-8 character (RFC 5545 §3.1). */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');

/** `20261127T093000Z`. */
export const utcStamp = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** `20261127T123000` on the zone's wall clock. */
export function localStamp(instant: Date, timeZone: string) {
  const { date, time } = localDateTime(instant, timeZone);
  return `${date.replace(/-/g, '')}T${time.replace(':', '')}00`;
}

/** `+0300`. */
export function utcOffset(minutes: number) {
  const sign = minutes < 0 ? '-' : '+';
  return `${sign}${pad(Math.trunc(minutes / 60))}${pad(minutes % 60)}`;
}

const ZONE_ABBREVIATIONS: Record<string, string> = {
  'Europe/Kaliningrad': 'EET',
  'Europe/Moscow': 'MSK',
  'Europe/Samara': 'SAMT',
  'Asia/Yekaterinburg': 'YEKT',
  'Asia/Omsk': 'OMST',
  'Asia/Novosibirsk': 'NOVT',
  'Asia/Krasnoyarsk': 'KRAT',
  'Asia/Irkutsk': 'IRKT',
  'Asia/Yakutsk': 'YAKT',
  'Asia/Vladivostok': 'VLAT',
  'Asia/Magadan': 'MAGT',
  'Asia/Kamchatka': 'PETT',
};

/**
 * The zone as one STANDARD rule with its offset at the event's start. Russian zones keep one
 * offset all year (since 2014), which is what this describes exactly; for a zone with summer time
 * it is right for the event itself, which is all one invitation needs.
 */
export function vtimezone(timeZone: string, at: Date): string[] {
  const offset = utcOffset(offsetMinutes(at, timeZone));
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${offset}`,
    `TZOFFSETTO:${offset}`,
    `TZNAME:${ZONE_ABBREVIATIONS[timeZone] ?? offset}`,
    'END:STANDARD',
    'END:VTIMEZONE',
  ];
}

const person = (key: string, p: IcalPerson, extra: string[] = []) =>
  [key, ...(p.name ? [`CN=${paramValue(p.name)}`] : []), ...extra].join(';') + `:mailto:${p.email}`;

/** The whole VCALENDAR object, lines ending in CRLF. */
export function buildIcal(event: IcalEvent): string {
  const stamp = event.stamp ?? new Date();
  const cancel = event.method === 'CANCEL';
  const tz = event.timeZone;
  const lines = [
    'BEGIN:VCALENDAR',
    `PRODID:${PRODID}`,
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.method}`,
    ...vtimezone(tz, event.startsAt),
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(stamp)}`,
    ...(event.created ? [`CREATED:${utcStamp(event.created)}`] : []),
    ...(event.lastModified ? [`LAST-MODIFIED:${utcStamp(event.lastModified)}`] : []),
    `SEQUENCE:${event.sequence}`,
    `DTSTART;TZID=${tz}:${localStamp(event.startsAt, tz)}`,
    `DTEND;TZID=${tz}:${localStamp(event.endsAt, tz)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url.replace(/[\r\n]/g, '')}`] : []),
    person('ORGANIZER', event.organizer),
    ...event.attendees.map((a) =>
      person('ATTENDEE', a, [
        'CUTYPE=INDIVIDUAL',
        'ROLE=REQ-PARTICIPANT',
        'PARTSTAT=NEEDS-ACTION',
        ...(cancel ? [] : ['RSVP=TRUE']),
      ]),
    ),
    `STATUS:${cancel ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

// Reading back: enough of RFC 5545 for our own output and the test catcher (unfolding, params,
// TEXT unescaping, nested components). Not a general-purpose parser.

export type IcalProperty = { name: string; params: Record<string, string>; value: string };
export type IcalComponent = {
  name: string;
  properties: IcalProperty[];
  components: IcalComponent[];
};

export const unescapeText = (value: string) =>
  value.replace(/\\([\\;,nN])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

function parseLine(line: string): IcalProperty {
  let i = 0;
  let inQuotes = false;
  for (; i < line.length; i++) {
    const c = line[i];
    if (c === '"') inQuotes = !inQuotes;
    else if (c === ':' && !inQuotes) break;
  }
  const head = line.slice(0, i);
  const value = line.slice(i + 1);
  const [name = '', ...rawParams] = head.match(/(?:[^;"]|"[^"]*")+/g) ?? [];
  const params: Record<string, string> = {};
  for (const p of rawParams) {
    const eq = p.indexOf('=');
    params[p.slice(0, eq).toUpperCase()] = p.slice(eq + 1).replace(/^"|"$/g, '');
  }
  return { name: name.toUpperCase(), params, value };
}

/** Parses a VCALENDAR text into its component tree; throws on unbalanced BEGIN/END. */
export function parseIcal(text: string): IcalComponent {
  const unfolded = text.replace(/\r?\n[ \t]/g, '');
  const root: IcalComponent = { name: '', properties: [], components: [] };
  const stack = [root];
  for (const line of unfolded.split(/\r?\n/)) {
    if (!line) continue;
    const property = parseLine(line);
    const top = stack[stack.length - 1]!;
    if (property.name === 'BEGIN') {
      const component = { name: property.value.toUpperCase(), properties: [], components: [] };
      top.components.push(component);
      stack.push(component);
    } else if (property.name === 'END') {
      if (top.name !== property.value.toUpperCase()) {
        throw new Error(`END:${property.value} closes ${top.name || 'nothing'}`);
      }
      stack.pop();
    } else {
      top.properties.push(property);
    }
  }
  if (stack.length !== 1 || root.components.length !== 1) throw new Error('Unbalanced iCalendar');
  return root.components[0]!;
}

/** The first property `name` of a component. */
export const icalProp = (component: IcalComponent, name: string) =>
  component.properties.find((p) => p.name === name);

/** The first sub-component `name`. */
export const icalChild = (component: IcalComponent, name: string) =>
  component.components.find((c) => c.name === name);
