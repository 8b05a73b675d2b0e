import { ArrowUpTrayIcon } from '@heroicons/react/24/outline';
import { useRef, useState } from 'react';
import {
  IMPORT_ACCEPT,
  IMPORT_MESSAGES,
  MAX_IMPORT_BYTES,
  type TApplicantImport,
  type TImportField,
  type TImportRowMatch,
} from '@ats/contracts/applicant-import';
import { Button } from '@ats/ui/button';
import { Dialog } from '@ats/ui/dialog';
import { useUploadImport } from './import.queries';
import { ImportMapping } from './import-mapping';
import { ImportMatches } from './import-matches';
import { ImportProgress } from './import-progress';

type Props = { open: boolean; onClose: () => void };

/**
 * Import of applicants: a file, its columns mapped to fields, what to do with the rows matching
 * applicants in the base (when any do), then the job's progress.
 */
export function ImportApplicantsDialog({ open, onClose }: Props) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Импорт кандидатов"
      description="Из таблицы Excel (.xlsx) или CSV: первая строка — названия столбцов."
      className="max-h-[calc(100dvh-2rem)] max-w-3xl overflow-y-auto"
    >
      {open && <ImportSteps onClose={onClose} />}
    </Dialog>
  );
}

function ImportSteps({ onClose }: { onClose: () => void }) {
  const [uploaded, setUploaded] = useState<TApplicantImport | null>(null);
  const [started, setStarted] = useState(false);
  const [matched, setMatched] = useState<{
    fields: (TImportField | null)[];
    rows: TImportRowMatch[];
  } | null>(null);
  if (!uploaded) return <ImportFilePicker onUploaded={setUploaded} onCancel={onClose} />;
  if (!started && matched) {
    return (
      <ImportMatches
        id={uploaded.id}
        fields={matched.fields}
        rows={matched.rows}
        onStarted={() => setStarted(true)}
        onBack={() => setMatched(null)}
      />
    );
  }
  if (!started) {
    return (
      <ImportMapping
        item={uploaded}
        onStarted={() => setStarted(true)}
        onMatches={(fields, rows) => setMatched({ fields, rows })}
        onBack={() => setUploaded(null)}
      />
    );
  }
  return <ImportProgress id={uploaded.id} onClose={onClose} />;
}

function ImportFilePicker({
  onUploaded,
  onCancel,
}: {
  onUploaded: (item: TApplicantImport) => void;
  onCancel: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadImport();
  const [error, setError] = useState<string | null>(null);

  const send = async (file: File) => {
    setError(null);
    // The server checks again, by content; this only saves sending a file that is too large.
    if (file.size > MAX_IMPORT_BYTES) {
      setError(IMPORT_MESSAGES.tooLarge);
      return;
    }
    const result = await upload.mutateAsync(file);
    if (result.ok) onUploaded(result.data);
    else setError(result.message);
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-zinc-300 px-6 py-10 text-center">
        <ArrowUpTrayIcon className="size-8 text-zinc-400" aria-hidden="true" />
        <p className="text-sm text-zinc-600">
          Файл .xlsx или .csv (UTF-8 или Windows-1251), до 10 МБ и 10 000 строк
        </p>
        <Button loading={upload.isPending} onClick={() => input.current?.click()}>
          {upload.isPending ? 'Читаем файл…' : 'Выбрать файл'}
        </Button>
        <input
          ref={input}
          type="file"
          className="sr-only"
          tabIndex={-1}
          aria-label="Файл для импорта"
          accept={IMPORT_ACCEPT}
          onChange={(e) => {
            const file = e.target.files?.[0];
            // Cleared at once, so the same file can be chosen again after fixing it.
            e.target.value = '';
            if (file) void send(file);
          }}
        />
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <div className="flex justify-end border-t border-zinc-100 pt-4">
        <Button variant="secondary" onClick={onCancel}>
          Отмена
        </Button>
      </div>
    </div>
  );
}
