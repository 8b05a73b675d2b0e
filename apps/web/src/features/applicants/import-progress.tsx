import { ArrowDownTrayIcon } from '@heroicons/react/24/outline';
import { useEffect } from 'react';
import { Button } from '@ats/ui/button';
import { Spinner } from '@ats/ui/spinner';
import {
  downloadImportFailures,
  isImportRunning,
  useImportProgress,
  useRefreshApplicantLists,
} from './import.queries';

type Props = { id: number; onClose: () => void };

/** The job's progress while it runs, then what it imported and which lines it could not. */
export function ImportProgress({ id, onClose }: Props) {
  const progress = useImportProgress(id);
  const refreshLists = useRefreshApplicantLists();
  const item = progress.data;
  const running = !item || isImportRunning(item);

  useEffect(() => {
    if (item?.status === 'done') void refreshLists();
  }, [item?.status, refreshLists]);

  if (progress.isError) {
    return (
      <div className="flex flex-col gap-4">
        <p role="alert" className="text-sm text-red-600">
          Не удалось узнать, как идёт импорт. Он продолжается на сервере.
        </p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => void progress.refetch()}>
            Повторить
          </Button>
          <Button onClick={onClose}>Закрыть</Button>
        </div>
      </div>
    );
  }
  if (!item) {
    return (
      <div className="flex justify-center py-8 text-zinc-500">
        <Spinner label="Загружаем ход импорта" />
      </div>
    );
  }

  const percent = item.total > 0 ? Math.round((item.processed / item.total) * 100) : 0;
  return (
    <div className="flex flex-col gap-4">
      <div>
        <div className="mb-1 flex justify-between text-sm text-zinc-600">
          <span>
            {running
              ? 'Импортируем…'
              : item.status === 'done'
                ? 'Импорт завершён'
                : 'Импорт остановлен'}
          </span>
          <span>
            Обработано {item.processed.toLocaleString('ru-RU')} из{' '}
            {item.total.toLocaleString('ru-RU')}
          </span>
        </div>
        <div
          role="progressbar"
          aria-label="Ход импорта"
          aria-valuemin={0}
          aria-valuemax={item.total}
          aria-valuenow={item.processed}
          aria-valuetext={`${percent}%`}
          className="h-2.5 overflow-hidden rounded-full bg-zinc-100"
        >
          <div
            className="h-full rounded-full bg-indigo-600 transition-[width] duration-500"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
      {item.status === 'failed' && (
        <p role="alert" className="text-sm text-red-600">
          {item.error}
        </p>
      )}
      {!running && (
        <dl className="grid grid-cols-2 gap-3 text-sm" aria-label="Итог импорта">
          <div className="rounded-lg bg-emerald-50 px-3 py-2">
            <dt className="text-emerald-800">Импортировано</dt>
            <dd className="text-lg font-semibold text-emerald-900">{item.imported}</dd>
          </div>
          {(item.merged ?? 0) > 0 && (
            <div className="rounded-lg bg-indigo-50 px-3 py-2">
              <dt className="text-indigo-800">Объединено с кандидатами в базе</dt>
              <dd className="text-lg font-semibold text-indigo-900">{item.merged}</dd>
            </div>
          )}
          {(item.skipped ?? 0) > 0 && (
            <div className="rounded-lg bg-zinc-50 px-3 py-2">
              <dt className="text-zinc-700">Пропущено совпадений</dt>
              <dd className="text-lg font-semibold text-zinc-900">{item.skipped}</dd>
            </div>
          )}
          <div className="rounded-lg bg-red-50 px-3 py-2">
            <dt className="text-red-800">Строк с ошибками</dt>
            <dd className="text-lg font-semibold text-red-900">{item.failed}</dd>
          </div>
        </dl>
      )}
      {item.failures.length > 0 && (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-medium text-zinc-900">Не импортированы</h3>
          <ul
            aria-label="Строки с ошибками"
            className="max-h-60 divide-y divide-zinc-100 overflow-y-auto rounded-lg text-sm ring-1 ring-zinc-200"
          >
            {item.failures.map((failure) => (
              <li key={failure.line} className="px-3 py-2">
                <span className="font-medium text-zinc-900">Строка {failure.line}:</span>{' '}
                <span className="text-zinc-700">{failure.reason}</span>
              </li>
            ))}
          </ul>
          {item.failed > item.failures.length && (
            <p className="text-xs text-zinc-500">
              Показаны первые {item.failures.length}; все строки — в отчёте.
            </p>
          )}
        </div>
      )}
      <div className="flex justify-end gap-2 border-t border-zinc-100 pt-4">
        {item.failed > 0 && !running && (
          <Button variant="secondary" onClick={() => void downloadImportFailures(item)}>
            <ArrowDownTrayIcon className="size-5" aria-hidden="true" />
            Скачать отчёт об ошибках
          </Button>
        )}
        <Button onClick={onClose}>{running ? 'Свернуть' : 'Готово'}</Button>
      </div>
      {running && (
        <p className="text-xs text-zinc-500">Окно можно закрыть: импорт продолжится на сервере.</p>
      )}
    </div>
  );
}
