import type { TMergePreview } from '@ats/contracts/duplicates';
import { formatPhone } from '@ats/contracts/phone';
import { Spinner } from '@ats/ui/spinner';
import { applicantName, formatIsoDate, formatSalary } from '../../shared/format/applicant-format';

type Props = {
  preview: TMergePreview | undefined;
  updating: boolean;
  error: string | null;
};

const MOVED_LABELS: Array<[keyof TMergePreview['moved'], string]> = [
  ['comments', 'Комментарии'],
  ['files', 'Файлы'],
  ['vacancies', 'Вакансии'],
  ['tags', 'Теги'],
  ['worklog', 'Записи истории'],
];

/** The card as it will be after the merge, asked from the server on every choice. */
export function MergePreviewPanel({ preview, updating, error }: Props) {
  const a = preview?.applicant;
  const facts: Array<[string, string]> = a
    ? [
        ['ФИО', applicantName(a)],
        ['Дата рождения', formatIsoDate(a.birthday)],
        ['Телефон', formatPhone(a.phone)],
        ['Email', a.email ?? ''],
        ['Telegram', a.tg ?? ''],
        ['Город', a.city ?? ''],
        ['Должность', a.position ?? ''],
        ['Компания', a.company ?? ''],
        ['Зарплата', formatSalary(a.money, a.currency)],
        ['Теги', a.tags.map((t) => t.name).join(', ')],
      ]
    : [];
  return (
    <section aria-labelledby="merge-preview-title" aria-busy={updating}>
      <h2
        id="merge-preview-title"
        className="flex items-center gap-2 text-base font-semibold text-zinc-900"
      >
        Результат объединения
        {updating && <Spinner label="Обновляем результат" />}
      </h2>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          Не удалось показать результат: {error}
        </p>
      ) : !a ? (
        <p className="mt-2 text-sm text-zinc-500">Собираем карточку…</p>
      ) : (
        <>
          <dl
            aria-label="Карточка после объединения"
            className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[9rem_1fr]"
          >
            {facts
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-zinc-500">{label}</dt>
                  <dd className="min-w-0 break-words text-zinc-900">{value}</dd>
                </div>
              ))}
          </dl>
          <p className="mt-3 text-xs text-zinc-500">
            Перейдёт от второго кандидата:{' '}
            {MOVED_LABELS.map(
              ([key, label]) => `${label.toLowerCase()} — ${preview.moved[key]}`,
            ).join(', ')}
          </p>
        </>
      )}
    </section>
  );
}
