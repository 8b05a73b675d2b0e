import type { TAuditEvent } from '@ats/contracts/audit';
import { PERMISSION_GROUPS } from '../../shared/team-labels';

/** Names of the fields the log records changes of; others are shown as stored. */
const FIELD_LABELS: Record<string, string> = {
  company_name: 'Название компании',
  inn: 'ИНН',
  time_zone: 'Часовой пояс',
  currency: 'Валюта',
  work_days: 'Рабочие дни',
  work_hours_from: 'Начало рабочего дня',
  work_hours_to: 'Конец рабочего дня',
  email: 'Email',
  name: 'Имя',
  last_name: 'Фамилия',
  middle_name: 'Отчество',
  first_name: 'Имя',
  nick: 'Никнейм',
  member_type: 'Роль',
  is_admin: 'Администратор',
  is_active: 'Активен',
  count: 'Количество',
  columns: 'Столбцы',
  merge_id: 'Объединение №',
  primary_id: 'Основной кандидат №',
  secondary_id: 'Присоединённый кандидат №',
  ...Object.fromEntries(
    PERMISSION_GROUPS.flatMap((group) => group.items).map(([key, label]) => [
      `permissions_actions.${key}`,
      `Право «${label}»`,
    ]),
  ),
};

const WEEK_DAYS = ['', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс'];
const ROLES: Record<string, string> = { owner: 'рекрутер', watcher: 'нанимающий менеджер' };

/** A field of `changes` as a person reads it; settings nested under admin_user_setting too. */
export function fieldLabel(key: string): string {
  const short = key.replace(/^admin_user_setting\./, '');
  return FIELD_LABELS[short] ?? FIELD_LABELS[key] ?? short;
}

export function formatValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (key.endsWith('work_days') && Array.isArray(value)) {
    return value.map((day) => WEEK_DAYS[Number(day)] ?? String(day)).join(', ');
  }
  if (key.endsWith('member_type') && typeof value === 'string') return ROLES[value] ?? value;
  if (Array.isArray(value)) return value.map((item) => formatValue('', item)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export type ChangeLine = { key: string; label: string; from: string | null; to: string };

const isChange = (value: unknown): value is { from: unknown; to: unknown } =>
  !!value && typeof value === 'object' && 'from' in value && 'to' in value;

/** The event's `changes` as lines: «поле: было → стало», or «поле: значение». */
export function changeLines(changes: TAuditEvent['changes']): ChangeLine[] {
  return Object.entries(changes).map(([key, value]) =>
    isChange(value)
      ? {
          key,
          label: fieldLabel(key),
          from: formatValue(key, value.from),
          to: formatValue(key, value.to),
        }
      : { key, label: fieldLabel(key), from: null, to: formatValue(key, value) },
  );
}

/** «Firefox, Linux» from a user agent: enough to recognise a device, not a fingerprint. */
export function describeBrowser(userAgent: string | null): string {
  if (!userAgent) return '';
  const browser = /YaBrowser/.test(userAgent)
    ? 'Яндекс Браузер'
    : /Edg\//.test(userAgent)
      ? 'Edge'
      : /OPR\//.test(userAgent)
        ? 'Opera'
        : /Firefox\//.test(userAgent)
          ? 'Firefox'
          : /Chrome\//.test(userAgent)
            ? 'Chrome'
            : /Safari\//.test(userAgent)
              ? 'Safari'
              : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return [browser, system].filter(Boolean).join(', ') || userAgent.slice(0, 60);
}

/** Who did it: the user's name, else the address typed at a sign-in, else the system. */
export function actorLabel(event: Pick<TAuditEvent, 'actor' | 'actor_email'>): string {
  if (event.actor) return event.actor.name || event.actor.email;
  return event.actor_email ?? 'Система';
}
