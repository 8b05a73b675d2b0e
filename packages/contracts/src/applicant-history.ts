import type { TWorklogEntry } from './applicants.ts';

// One entry of an applicant's history in Russian words, for every screen and paper that shows it
// (the card's history, the card's PDF): what happened, with the names of the vacancy, stage,
// reason, file, user or source it concerns (the server's `names`), never an id or a raw key.

export const HISTORY_ACTION_LABELS: Record<string, string> = {
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
  consent_requested: 'Запросил(а) согласие на обработку персональных данных',
  consent_given: 'Дал(а) согласие на обработку персональных данных',
  consent_refused: 'Отказал(ся/ась) от обработки персональных данных',
  consent_withdrawn: 'Отозвал(а) согласие на обработку персональных данных',
};

/** What the applicant does themselves (an answer on a public page): the entry has no user. */
export const APPLICANT_OWN_ACTIONS: ReadonlySet<string> = new Set([
  'consent_given',
  'consent_refused',
  'consent_withdrawn',
]);

/** Fields holding an id of a reference, by the kind the server names them under (`names`). */
export const HISTORY_REFERENCE_KINDS: Record<string, string> = {
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

export type HistoryNames = Record<string, string> | undefined;

/** The name of a referenced row ('reason', 3) from the server's `names`, never its id. */
export const historyReferenceName = (kind: string, id: unknown, names: HistoryNames) =>
  (typeof id === 'number' || typeof id === 'string' ? names?.[`${kind}:${id}`] : undefined) ??
  MISSING_REFERENCE[kind] ??
  'удалённая запись';

export const isChangePair = (value: unknown): value is { from: unknown; to: unknown } =>
  !!value &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  ('from' in value || 'to' in value);

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
const vacancyOf = (changes: Record<string, unknown>, names: HistoryNames) =>
  textOf(changes.vacancy_name) ?? historyReferenceName('vacancy', changes.vacancy_id, names);

/** Everything an automation run's entry says is in its sentence. */
const AUTOMATION_KEYS = [
  'vacancy_id',
  'vacancy_name',
  'stage_name',
  'trigger',
  'automation',
  'result',
  'error',
  'rule_id',
];

/**
 * A run of stage automation (decision 0041), after the name of the user whose move caused it:
 * «запустил(а) автоматизацию этапа «Интервью» по вакансии «Бухгалтер»: письмо по шаблону
 * «Приглашение» — выполнено», or «— не выполнено: причина».
 */
function automationTitle(changes: Record<string, unknown>, vacancy: string): string {
  const stage = textOf(changes.stage_name);
  const what = textOf(changes.automation) ?? 'действие';
  const when = changes.trigger === 'stay' ? ' (срок на этапе вышел)' : '';
  const head = `Запустил(а) автоматизацию этапа${stage ? ` «${stage}»` : ''} по вакансии ${vacancy}${when}: ${what}`;
  if (changes.result === 'done') return `${head} — выполнено`;
  const error = textOf(changes.error);
  return `${head} — не выполнено${error ? `: ${error}` : ''}`;
}

export type HistoryPhrase = { what: string; consumed: string[] };

/** What happened, as the predicate after the author's name, with the names it takes in. */
export function historyPhrase(
  entry: Pick<TWorklogEntry, 'action' | 'changes' | 'names'>,
): HistoryPhrase {
  const { changes, names } = entry;
  const vacancy = () => `«${vacancyOf(changes, names)}»`;
  const onVacancy = ['vacancy_id', 'vacancy_name', 'status'];
  const reason = () =>
    changes.reason_id === undefined
      ? ''
      : `: причина «${historyReferenceName('reason', changes.reason_id, names)}»`;
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
    case 'automation_run':
      return { what: automationTitle(changes, vacancy()), consumed: AUTOMATION_KEYS };
    default:
      return {
        what: HISTORY_ACTION_LABELS[entry.action] ?? 'Внёс(ла) изменения в карточку',
        consumed: [],
      };
  }
}
