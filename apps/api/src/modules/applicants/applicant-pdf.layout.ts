import { historyPhrase } from '@ats/contracts/applicant-history';
import { CONTACT_LABELS, type TApplicantCard } from '@ats/contracts/applicants';
import { APPLICANT_FIELD_DEFINITIONS } from '@ats/contracts/references';
import { personDisplayName } from '@ats/contracts/person-name';
import { formatPhone, PHONE_CONTACT_TYPES } from '@ats/contracts/phone';
import type { DocumentBuilder } from '../../platform/pdf.ts';
import type { FieldFlag } from './applicant-export.service.ts';
import type { ApplicantPdfRow } from './applicant-pdf.repository.ts';

/** What the printed card shows besides the card itself: reference names and the photo. */
export type PrintedCard = {
  card: TApplicantCard;
  names: Pick<ApplicantPdfRow, 'country_name' | 'language_names' | 'license_names'>;
  photo: Buffer | null;
  /** The fields the user's download settings let onto paper. */
  shown: ReadonlySet<FieldFlag>;
};

const TIME_ZONE = 'Europe/Moscow';
const LABEL = Object.fromEntries(APPLICANT_FIELD_DEFINITIONS.map((f) => [f.name, f.label]));
const label = (field: string) => LABEL[field] ?? field;

const GENDERS = { male: 'мужской', female: 'женский' } as const;

const plural = new Intl.PluralRules('ru-RU');
/** «1 год», «3 года», «5 лет». */
const count = (n: number, forms: { one: string; few: string; many: string }) => {
  const rule = plural.select(n);
  return `${n} ${rule === 'one' ? forms.one : rule === 'few' ? forms.few : forms.many}`;
};
const YEARS = { one: 'год', few: 'года', many: 'лет' };
const MONTHS = { one: 'месяц', few: 'месяца', many: 'месяцев' };

/** 'YYYY-MM-DD' → 'DD.MM.YYYY'. */
const isoDate = (value: string) => value.split('-').reverse().join('.');
const moment = new Intl.DateTimeFormat('ru-RU', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const dateTime = (iso: string) => moment.format(new Date(iso));

/** Months of experience as people say it: «4 года 2 месяца». */
export function experienceText(months: number) {
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const parts = [years ? count(years, YEARS) : '', rest ? count(rest, MONTHS) : ''];
  return parts.filter(Boolean).join(' ') || 'меньше месяца';
}

const period = (start?: string | null, end?: string | null, isNow = false) => {
  const to = isNow ? 'по настоящее время' : end ? isoDate(end) : '';
  return [start ? isoDate(start) : '', to].filter(Boolean).join(' — ');
};

/** 'Фамилия Имя Отчество' (the display name of SPEC.md §3) from the parts the settings show. */
export function printedName(card: TApplicantCard, shown: ReadonlySet<FieldFlag>) {
  return personDisplayName({
    last_name: shown.has('is_last_name') ? card.last_name : null,
    first_name: shown.has('is_first_name') ? card.first_name : null,
    middle_name: shown.has('is_middle_name') ? card.middle_name : null,
    email: shown.has('is_email') ? card.email : null,
  });
}

/** One block of the card: its rows are written only when one of them has something to say. */
function block(doc: DocumentBuilder, title: string, rows: [string, string | null | undefined][]) {
  const filled = rows.filter((row): row is [string, string] => Boolean(row[1]));
  if (!filled.length) return;
  doc.section(title);
  for (const [name, value] of filled) doc.field(name, value);
}

function writeWorklog(doc: DocumentBuilder, card: TApplicantCard) {
  if (!card.worklog.length) return;
  doc.section(label('worklog'));
  doc.bullets(
    card.worklog.map((entry) => {
      const fields = entry.action === 'update' ? Object.keys(entry.changes).map(label) : [];
      const phrase = historyPhrase(entry).what;
      const what = phrase.charAt(0).toLowerCase() + phrase.slice(1);
      return `${dateTime(entry.created_at)} — ${entry.user_name ?? 'Система'}: ${what}${
        fields.length ? ` (${fields.join(', ')})` : ''
      }`;
    }),
  );
}

/** The card on paper: the header, then a block per part of the card the settings let through. */
export function writeApplicantCard(
  doc: DocumentBuilder,
  { card, names, photo, shown }: PrintedCard,
) {
  const on = (field: string) => shown.has(`is_${field}` as FieldFlag);
  const when = <T>(field: string, value: T) => (on(field) ? value : null);

  doc.header({
    title: printedName(card, shown) || `Кандидат № ${card.id}`,
    subtitle:
      [when('position', card.position), when('company', card.company)]
        .filter(Boolean)
        .join(' · ') || null,
    image: on('photo') ? photo : null,
  });

  block(doc, 'Контакты', [
    [label('phone'), when('phone', card.phone && formatPhone(card.phone))],
    [label('email'), when('email', card.email)],
    [label('tg'), when('tg', card.tg)],
    [label('skype'), when('skype', card.skype)],
    ...(on('contacts') ? card.contacts : []).map((c): [string, string] => [
      `${CONTACT_LABELS[c.contact_type]}${c.is_prefered ? ' (предпочтительно)' : ''}`,
      PHONE_CONTACT_TYPES.includes(c.contact_type) ? formatPhone(c.value) : c.value,
    ]),
  ]);

  block(doc, 'Основное', [
    [label('gender'), when('gender', card.gender && GENDERS[card.gender])],
    [label('birthday'), when('birthday', card.birthday && isoDate(card.birthday))],
    [label('age'), when('age', card.age === null ? null : count(card.age, YEARS))],
    [label('country'), when('country', names.country_name)],
    [label('citizenship'), when('citizenship', card.citizenship.join(', '))],
  ]);

  block(doc, 'Работа', [
    [label('position'), when('position', card.position)],
    [label('company'), when('company', card.company)],
    [
      label('money'),
      when('money', card.money && [card.money, card.currency].filter(Boolean).join(' ')),
    ],
    [
      label('total_experience'),
      when(
        'total_experience',
        card.total_experience ? experienceText(card.total_experience) : null,
      ),
    ],
  ]);

  if (on('experience') && card.experience.length) {
    doc.section(label('experience'));
    for (const job of card.experience) {
      doc.paragraph(
        [job.position || 'Должность не указана', job.company].filter(Boolean).join(', '),
        { bold: true },
      );
      const when = period(job.date_start, job.date_end, job.is_now);
      if (when) doc.paragraph(when, { muted: true });
      if (job.description) doc.paragraph(job.description);
      if (job.skills.length) doc.paragraph(`Навыки: ${job.skills.join(', ')}`, { muted: true });
    }
  }

  if (on('education') && card.education.length) {
    doc.section(label('education'));
    for (const school of card.education) {
      doc.paragraph(school.name || school.speciality || 'Учебное заведение не указано', {
        bold: true,
      });
      const details = [
        school.name ? school.speciality : null,
        school.level,
        school.form,
        period(school.date_start, school.date_end),
      ];
      const line = details.filter(Boolean).join(' · ');
      if (line) doc.paragraph(line, { muted: true });
      if (school.description) doc.paragraph(school.description);
    }
  }

  // Languages and driving licences have no setting of their own: they print with the skills.
  if (on('skills')) {
    block(doc, label('skills'), [['Навыки', card.skills.join(', ')]]);
    block(
      doc,
      'Языки',
      names.language_names.map((l): [string, string] => [l.language ?? 'Язык', l.level ?? '—']),
    );
    block(doc, 'Водительские права', [
      [
        'Категории',
        names.license_names
          .map((d) =>
            d.experience
              ? `${d.name ?? '?'} (стаж ${count(d.experience, YEARS)})`
              : (d.name ?? '?'),
          )
          .join(', '),
      ],
      ['Личный автомобиль', card.has_vehicle === null ? null : card.has_vehicle ? 'есть' : 'нет'],
    ]);
  }

  block(doc, 'Работа с кандидатом', [
    [label('tags'), when('tags', card.tags.map((t) => t.name).join(', '))],
    [label('source_name'), when('source_name', card.source_name)],
    [label('source_add'), when('source_add', dateTime(card.source_add))],
    [
      label('vacancies'),
      when(
        'vacancies',
        card.vacancies
          .map((v) => (v.status_name ? `${v.vacancy_name} — ${v.status_name}` : v.vacancy_name))
          .join('\n'),
      ),
    ],
  ]);

  if (on('about_me') && card.about_me) {
    doc.section(label('about_me'));
    doc.paragraph(card.about_me);
  }
  if (on('unidentified_info') && card.unidentified_info) {
    doc.section(label('unidentified_info'));
    doc.paragraph(card.unidentified_info);
  }
  if (on('resume_urls') && card.resume_urls.length) {
    doc.section(label('resume_urls'));
    doc.bullets(card.resume_urls);
  }
  if (on('worklog')) writeWorklog(doc, card);
}
