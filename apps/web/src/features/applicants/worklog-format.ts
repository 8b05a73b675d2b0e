import type { TWorklogEntry } from '@ats/contracts/applicants';
import { formatDateTime, formatIsoDate } from '../../shared/format/applicant-format';

const ACTION_LABELS: Record<string, string> = {
  create: 'Создал(а) кандидата',
  update: 'Изменил(а) данные',
  update_tags: 'Изменил(а) теги',
  tags_changed: 'Изменил(а) теги',
  archive: 'Переместил(а) в архив',
  archived: 'Переместил(а) в архив',
  restore: 'Вернул(а) из архива',
  restored: 'Вернул(а) из архива',
  comment_create: 'Добавил(а) комментарий',
  comment_update: 'Изменил(а) комментарий',
  comment_delete: 'Удалил(а) комментарий',
  merge_undone: 'Объединение отменено',
};

// Technical keys that say nothing to a person reading the history.
const HIDDEN_KEYS = new Set([
  'comment_id',
  'bulk',
  'merge_id',
  'secondary_id',
  'secondary_name',
  'file_id',
]);

/** Fields holding an id of a reference, by the kind the server names them under (`names`). */
const REFERENCE_KINDS: Record<string, string> = {
  admin_user_id: 'user',
  account_source_id: 'source',
  country: 'country',
  vacancy_id: 'vacancy',
  requested_vacancy_id: 'vacancy',
  status_id: 'status',
  requested_status_id: 'status',
  reason_id: 'reason',
};

/** What a reference no longer in its list is called (deleted, or an older server's answer). */
const MISSING_REFERENCE: Record<string, string> = {
  user: 'удалённый пользователь',
  source: 'удалённый источник',
  country: 'неизвестная страна',
  vacancy: 'удалённая вакансия',
  status: 'удалённый этап',
  reason: 'удалённая причина',
};

const FILE_KINDS: Record<string, string> = { resume: 'резюме', attachment: 'вложение' };

const CREATED_VIA: Record<string, string> = {
  web: 'вручную в приложении',
  plugin: 'через расширение браузера',
  api: 'через API',
  import: 'импортом из файла',
  resume: 'из файла резюме',
};

export const FIELD_LABELS: Record<string, string> = {
  first_name: 'Имя',
  last_name: 'Фамилия',
  middle_name: 'Отчество',
  photo: 'Фото',
  lead_type: 'Тип лида',
  birthday: 'Дата рождения',
  gender: 'Пол',
  phone: 'Телефон',
  email: 'Email',
  tg: 'Telegram',
  skype: 'Skype',
  contacts: 'Контакты',
  money: 'Зарплата',
  currency: 'Валюта',
  about_me: 'О себе',
  country: 'Страна',
  citizenship: 'Гражданство',
  total_experience: 'Общий опыт',
  experience: 'Опыт работы',
  employments: 'Занятость',
  education: 'Образование',
  skills: 'Навыки',
  text_block: 'Текст резюме',
  position: 'Должность',
  company: 'Компания',
  city: 'Город',
  admin_user_id: 'Ответственный',
  account_source_id: 'Источник',
  unidentified_info: 'Нераспознанное',
  languages: 'Языки',
  has_vehicle: 'Личный автомобиль',
  driver_licenses: 'Водительские права',
  resume_urls: 'Ссылки на резюме',
  tags: 'Теги',
  is_archived: 'В архиве',
  description: 'Текст',
  created_via: 'Способ',
  archived_at: 'В архиве с',
  vacancy_id: 'Вакансия',
  status_id: 'Этап',
  requested_vacancy_id: 'Желаемая вакансия',
  requested_status_id: 'Желаемый этап',
  vacancy_name: 'Вакансия',
  status: 'Этап',
  reason_id: 'Причина',
  comment: 'Комментарий',
  file_name: 'Файл',
  kind: 'Вид файла',
};

/** A field no label is known for: named in general words, never by its key. */
const UNKNOWN_FIELD = 'Другие данные';

const GENDERS: Record<string, string> = { male: 'мужской', female: 'женский' };
const EMPTY = '—';

type Names = Record<string, string> | undefined;

/** The name of a referenced row ('reason', 3) from the server's `names`, never its id. */
const referenceName = (kind: string, id: unknown, names: Names) =>
  (typeof id === 'number' || typeof id === 'string' ? names?.[`${kind}:${id}`] : undefined) ??
  MISSING_REFERENCE[kind] ??
  'удалённая запись';

/** A stored value as a person reads it; long structures collapse to a count. */
export function formatWorklogValue(field: string, value: unknown, names?: Names): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  const kind = REFERENCE_KINDS[field];
  if (kind) return referenceName(kind, value, names);
  if (field === 'kind' && typeof value === 'string') return FILE_KINDS[value] ?? 'файл';
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (field === 'gender' && typeof value === 'string') return GENDERS[value] ?? value;
  if (field === 'photo') return 'изображение';
  if (field === 'created_via' && typeof value === 'string') return CREATED_VIA[value] ?? value;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatIsoDate(value);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDateTime(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return EMPTY;
    if (value.every((item) => typeof item === 'string' || typeof item === 'number')) {
      return value.join(', ');
    }
    const names = value
      .map((item) => (item && typeof item === 'object' && 'name' in item ? item.name : null))
      .filter((name): name is string => typeof name === 'string');
    return names.length === value.length ? names.join(', ') : `${value.length} шт.`;
  }
  if (typeof value === 'object') return 'изменено';
  const text = String(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

const isAddedRemoved = (value: unknown): value is { added?: unknown; removed?: unknown } =>
  !!value && typeof value === 'object' && ('added' in value || 'removed' in value);

const isChangePair = (value: unknown): value is { from: unknown; to: unknown } =>
  !!value &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  ('from' in value || 'to' in value);

export type WorklogLine = {
  key: string;
  who: string;
  when: string;
  what: string;
  details: string[];
  /** `what` is a sentence of its own ('Объединение отменено'), not a verb after `who`. */
  standalone: boolean;
  /** A merge into this applicant: the history offers to undo it while the server allows. */
  mergeId?: number;
};

const STANDALONE_ACTIONS = new Set(['merged', 'merge_undone']);

const numberOf = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** 'Объединён с «Иванова Мария»' for a merge; the name is the secondary's as it was. */
function mergeTitle(changes: Record<string, unknown>): string {
  const name = changes.secondary_name;
  const id = numberOf(changes.secondary_id);
  if (typeof name === 'string' && name.trim()) return `Объединён с «${name.trim()}»`;
  return id ? `Объединён с кандидатом №${id}` : 'Объединён с другим кандидатом';
}

const textOf = (value: unknown) =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

/** `status: {from, to}` of a move: the stage names as they were then. */
const stagesOf = (changes: Record<string, unknown>) => {
  const pair = isChangePair(changes.status) ? changes.status : { from: null, to: null };
  return { from: textOf(pair.from), to: textOf(pair.to) };
};

/** The vacancy as the entry stored it, or by its id from the server's names. */
const vacancyOf = (changes: Record<string, unknown>, names: Names) =>
  textOf(changes.vacancy_name) ?? referenceName('vacancy', changes.vacancy_id, names);

type Phrase = { what: string; consumed: string[] };

/** What happened, as the predicate after the author's name, with the names it takes in. */
function phraseOf(entry: TWorklogEntry): Phrase {
  const { changes, names } = entry;
  const vacancy = () => `«${vacancyOf(changes, names)}»`;
  const onVacancy = ['vacancy_id', 'vacancy_name', 'status'];
  const reason = () =>
    changes.reason_id === undefined
      ? ''
      : `: причина «${referenceName('reason', changes.reason_id, names)}»`;
  const file = () => {
    const kind = changes.kind === 'resume' ? 'файл резюме' : 'файл';
    const name = textOf(changes.file_name);
    return name ? `${kind} «${name}»` : kind;
  };
  const { from, to } = stagesOf(changes);
  switch (entry.action) {
    case 'vacancy_add':
      return {
        what: `Добавил(а) на вакансию ${vacancy()}${to ? ` на этап «${to}»` : ''}`,
        consumed: onVacancy,
      };
    case 'vacancy_move':
      return {
        what: `Перевёл(а) по вакансии ${vacancy()}${from ? ` с этапа «${from}»` : ''}${
          to ? ` на этап «${to}»` : ''
        }`,
        consumed: onVacancy,
      };
    case 'vacancy_reject':
      return {
        what: `Отказал(а) по вакансии ${vacancy()}${reason()}`,
        consumed: [...onVacancy, 'reason_id'],
      };
    case 'vacancy_refuse':
      return {
        what: `Отметил(а) отказ кандидата по вакансии ${vacancy()}${reason()}`,
        consumed: [...onVacancy, 'reason_id'],
      };
    case 'vacancy_remove':
      return {
        what: `Снял(а) с вакансии ${vacancy()}${from ? ` с этапа «${from}»` : ''}`,
        consumed: onVacancy,
      };
    case 'file_added':
      return { what: `Добавил(а) ${file()}`, consumed: ['file_name', 'kind'] };
    case 'file_removed':
      return { what: `Удалил(а) ${file()}`, consumed: ['file_name', 'kind'] };
    case 'merged':
      return { what: mergeTitle(changes), consumed: [] };
    default:
      return { what: ACTION_LABELS[entry.action] ?? 'Внёс(ла) изменения в карточку', consumed: [] };
  }
}

/** 'Поле: было → стало' for what the phrase did not already say; unknown fields in general words. */
function detailsOf(entry: TWorklogEntry, consumed: string[]): string[] {
  const details: string[] = [];
  let unknown = false;
  for (const [field, change] of Object.entries(entry.changes)) {
    if (HIDDEN_KEYS.has(field) || consumed.includes(field)) continue;
    const label = FIELD_LABELS[field];
    if (!label) {
      unknown = true;
      continue;
    }
    const value = (v: unknown) => formatWorklogValue(field, v, entry.names);
    if (isAddedRemoved(change)) {
      const added = value(change.added);
      const removed = value(change.removed);
      if (added !== EMPTY) details.push(`${label} добавлены: ${added}`);
      if (removed !== EMPTY) details.push(`${label} сняты: ${removed}`);
    } else if (isChangePair(change)) {
      details.push(`${label}: ${value(change.from)} → ${value(change.to)}`);
    } else {
      details.push(`${label}: ${value(change)}`);
    }
  }
  if (unknown) details.push(`${UNKNOWN_FIELD}: изменены`);
  return details;
}

/**
 * One history entry in Russian: who, when and what, with the names of the vacancy, stage,
 * reason, file, user or source it concerns, and for edits 'Поле: было → стало'.
 */
export function formatWorklogEntry(entry: TWorklogEntry): WorklogLine {
  const { what, consumed } = phraseOf(entry);
  const merged = entry.action === 'merged';
  const mergeId = merged ? numberOf(entry.changes.merge_id) : undefined;
  return {
    key: String(entry.id),
    who: entry.user_name?.trim() || (entry.user_id ? 'Удалённый пользователь' : 'Система'),
    when: formatDateTime(entry.created_at),
    what,
    details: detailsOf(entry, consumed),
    standalone: STANDALONE_ACTIONS.has(entry.action),
    ...(mergeId ? { mergeId } : {}),
  };
}
