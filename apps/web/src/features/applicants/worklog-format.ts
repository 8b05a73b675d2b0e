import { formatPhone } from '@ats/contracts/phone';
import {
  APPLICANT_OWN_ACTIONS,
  historyPhrase,
  historyReferenceName,
  HISTORY_REFERENCE_KINDS,
  isChangePair,
  type HistoryNames,
} from '@ats/contracts/applicant-history';
import type { TWorklogEntry } from '@ats/contracts/applicants';
import { formatDateTime, formatIsoDate } from '../../shared/format/applicant-format';

// Technical keys that say nothing to a person reading the history.
const HIDDEN_KEYS = new Set([
  'comment_id',
  'bulk',
  'merge_id',
  'secondary_id',
  'secondary_name',
  'file_id',
]);

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
  version: 'Версия текста',
  channel: 'Канал',
  auto: 'Автоматически',
  kind: 'Вид файла',
};

/** A field no label is known for: named in general words, never by its key. */
const UNKNOWN_FIELD = 'Другие данные';

const GENDERS: Record<string, string> = { male: 'мужской', female: 'женский' };
const EMPTY = '—';

/** A stored value as a person reads it; long structures collapse to a count. */
export function formatWorklogValue(field: string, value: unknown, names?: HistoryNames): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  const kind = HISTORY_REFERENCE_KINDS[field];
  if (kind) return historyReferenceName(kind, value, names);
  if (field === 'kind' && typeof value === 'string') return FILE_KINDS[value] ?? 'файл';
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (field === 'gender' && typeof value === 'string') return GENDERS[value] ?? value;
  if (field === 'photo') return 'изображение';
  // Phones are stored in E.164 and shown in the one display form, +7 916 123-45-67.
  if (field === 'phone' && typeof value === 'string') return formatPhone(value);
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

const numberOf = (value: unknown) => (typeof value === 'number' ? value : undefined);

const STANDALONE_ACTIONS = new Set(['merged', 'merge_undone']);

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
  const { what, consumed } = historyPhrase(entry);
  const merged = entry.action === 'merged';
  const mergeId = merged ? numberOf(entry.changes.merge_id) : undefined;
  return {
    key: String(entry.id),
    who:
      entry.user_name?.trim() ||
      (entry.user_id
        ? 'Удалённый пользователь'
        : APPLICANT_OWN_ACTIONS.has(entry.action)
          ? 'Кандидат'
          : 'Система'),
    when: formatDateTime(entry.created_at),
    what,
    details: detailsOf(entry, consumed),
    standalone: STANDALONE_ACTIONS.has(entry.action),
    ...(mergeId ? { mergeId } : {}),
  };
}
