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
const HIDDEN_KEYS = new Set(['comment_id', 'bulk', 'merge_id', 'secondary_id', 'secondary_name']);

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
};

const GENDERS: Record<string, string> = { male: 'мужской', female: 'женский' };
const EMPTY = '—';

/** A stored value as a person reads it; long structures collapse to a count. */
export function formatWorklogValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY;
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

/** One history entry in Russian: who, when, what and, for edits, 'Поле: было → стало'. */
export function formatWorklogEntry(entry: TWorklogEntry): WorklogLine {
  const details: string[] = [];
  for (const [field, change] of Object.entries(entry.changes)) {
    if (HIDDEN_KEYS.has(field)) continue;
    const label = FIELD_LABELS[field] ?? field;
    if (isAddedRemoved(change)) {
      const added = formatWorklogValue(field, change.added);
      const removed = formatWorklogValue(field, change.removed);
      if (added !== EMPTY) details.push(`${label} добавлены: ${added}`);
      if (removed !== EMPTY) details.push(`${label} сняты: ${removed}`);
    } else if (isChangePair(change)) {
      details.push(
        `${label}: ${formatWorklogValue(field, change.from)} → ${formatWorklogValue(field, change.to)}`,
      );
    } else {
      details.push(`${label}: ${formatWorklogValue(field, change)}`);
    }
  }
  const merged = entry.action === 'merged';
  const mergeId = merged ? numberOf(entry.changes.merge_id) : undefined;
  return {
    key: String(entry.id),
    who: entry.user_name?.trim() || (entry.user_id ? `Пользователь №${entry.user_id}` : 'Система'),
    when: formatDateTime(entry.created_at),
    what: merged ? mergeTitle(entry.changes) : (ACTION_LABELS[entry.action] ?? entry.action),
    details,
    standalone: STANDALONE_ACTIONS.has(entry.action),
    ...(mergeId ? { mergeId } : {}),
  };
}
