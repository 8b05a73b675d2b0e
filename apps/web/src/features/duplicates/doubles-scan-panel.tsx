import { MagnifyingGlassIcon } from '@heroicons/react/24/outline';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { TDoubleScan } from '@ats/contracts/duplicates';
import { Button } from '@ats/ui/button';
import { notify } from '../../shared/toasts';
import { formatDateTime } from '../../shared/format/applicant-format';
import { useDoubleScan, useStartScan } from './duplicates.queries';
import { duplicateKeys } from '../../shared/query-keys';

const groupDigits = new Intl.NumberFormat('ru-RU');
const isActive = (scan: TDoubleScan | null | undefined) =>
  scan?.state === 'queued' || scan?.state === 'running';

/** Processed of total as a whole percentage; an empty base is done at once. */
export function scanPercent(scan: Pick<TDoubleScan, 'processed' | 'total' | 'state'>): number {
  if (scan.state === 'done') return 100;
  if (scan.total <= 0) return 0;
  return Math.min(100, Math.floor((scan.processed / scan.total) * 100));
}

function ScanProgress({ scan }: { scan: TDoubleScan }) {
  const percent = scanPercent(scan);
  const label =
    scan.state === 'queued'
      ? 'Проверка в очереди…'
      : scan.state === 'failed'
        ? 'Проверка не удалась'
        : `Проверено ${groupDigits.format(scan.processed)} из ${groupDigits.format(scan.total)}`;
  return (
    <div className="flex w-full flex-col gap-1 sm:w-72">
      <div
        role="progressbar"
        aria-label="Проверка базы на дубли"
        aria-valuemin={0}
        aria-valuemax={scan.total}
        aria-valuenow={scan.processed}
        aria-valuetext={label}
        className="h-2 overflow-hidden rounded-full bg-zinc-200"
      >
        <div
          className="h-full rounded-full bg-indigo-600 transition-[width] duration-500"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-xs text-zinc-600">{label}</p>
    </div>
  );
}

/**
 * «Проверить всю базу»: starts the background scan and shows its progress; when a scan started
 * here ends, its bar stays full, the list is read again and a toast says how many pairs it found.
 */
export function DoublesScanPanel() {
  const queryClient = useQueryClient();
  const scan = useDoubleScan();
  const start = useStartScan();
  const [startedId, setStartedId] = useState<number | null>(null);
  const current = scan.data?.scan ?? null;
  const active = isActive(current);
  const startedHere = current !== null && current.id === startedId;

  const announced = useRef<number | null>(null);
  useEffect(() => {
    if (!current || !startedHere || isActive(current) || announced.current === current.id) return;
    announced.current = current.id;
    if (current.state === 'done') {
      notify.success(`Проверка завершена: найдено пар — ${current.pairs_found}`);
    } else {
      notify.error(current.error ?? 'Проверка базы не удалась, попробуйте ещё раз');
    }
    void queryClient.invalidateQueries({ queryKey: duplicateKeys.lists() });
  }, [current, startedHere, queryClient]);

  return (
    <div className="flex flex-col items-end gap-2">
      <Button
        variant="secondary"
        loading={start.isPending}
        disabled={active}
        onClick={() =>
          start.mutate(undefined, {
            onSuccess: (result) => {
              if (result.ok && result.data.scan) setStartedId(result.data.scan.id);
            },
          })
        }
      >
        <MagnifyingGlassIcon className="size-4" aria-hidden="true" />
        Проверить всю базу
      </Button>
      {current && (active || startedHere) && <ScanProgress scan={current} />}
      {current && !active && !startedHere && current.finished_at && (
        <p className="text-xs text-zinc-500">
          {current.state === 'done'
            ? `Последняя проверка ${formatDateTime(current.finished_at)}: проверено ${groupDigits.format(current.processed)}, пар — ${current.pairs_found}`
            : `Последняя проверка ${formatDateTime(current.finished_at)} не удалась`}
        </p>
      )}
    </div>
  );
}
