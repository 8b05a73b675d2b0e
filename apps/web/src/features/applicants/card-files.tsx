import { ArrowDownTrayIcon, ArrowUpTrayIcon, DocumentIcon } from '@heroicons/react/24/outline';
import { useRef, useState } from 'react';
import type { TApplicantCard } from '@ats/contracts/applicants';
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_ACCEPT,
  UPLOAD_MESSAGES,
  type TApplicantFile,
  type TApplicantFileKind,
} from '@ats/contracts/files';
import { Button } from '@ats/ui/button';
import { ConfirmDialog } from '@ats/ui/confirm-dialog';
import { Select } from '@ats/ui/select';
import { notify } from '../../shared/toasts';
import { formatDateTime } from '../../shared/format/applicant-format';
import { useApplicantFileMutations } from './applicants.queries';
import { useCardEditing } from './card-access';
import { CardSection, Muted } from './card-section';
import { onFirstUse } from '../../shared/format/on-first-use';

export const FILE_KIND_LABELS: Record<TApplicantFileKind, string> = {
  resume: 'Резюме',
  attachment: 'Вложение',
};

const KB = 1024;
const MB = 1024 * 1024;
const oneDecimal = onFirstUse(() => new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 }));

/** '12 КБ', '1,5 МБ': КБ under a megabyte (never '0 КБ'), МБ with one decimal above. */
export function formatFileSize(bytes: number): string {
  if (bytes < MB) return `${Math.max(1, Math.round(bytes / KB))} КБ`;
  return `${oneDecimal().format(bytes / MB)} МБ`;
}

export function FilesSection({ applicant }: { applicant: TApplicantCard }) {
  const { upload, remove } = useApplicantFileMutations(applicant.id);
  const editable = useCardEditing();
  const input = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<TApplicantFileKind>('resume');
  const [deleting, setDeleting] = useState<TApplicantFile | null>(null);
  const files = [...applicant.files].sort((a, b) => b.created_at.localeCompare(a.created_at));

  const send = async (file: File) => {
    // The server checks again (and checks the type by content); this saves a 15 MB round trip.
    if (file.size > MAX_UPLOAD_BYTES) {
      notify.error(UPLOAD_MESSAGES.tooLarge);
      return;
    }
    await upload.mutateAsync({ file, kind });
  };

  return (
    <CardSection title="Файлы">
      {editable && (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <div className="w-36">
              <Select
                aria-label="Вид файла"
                value={kind}
                disabled={upload.isPending}
                onChange={(e) => setKind(e.target.value as TApplicantFileKind)}
              >
                <option value="resume">{FILE_KIND_LABELS.resume}</option>
                <option value="attachment">{FILE_KIND_LABELS.attachment}</option>
              </Select>
            </div>
            <Button
              size="sm"
              variant="secondary"
              loading={upload.isPending}
              onClick={() => input.current?.click()}
            >
              {!upload.isPending && <ArrowUpTrayIcon className="size-4" aria-hidden="true" />}
              {upload.isPending ? 'Загружаем…' : 'Загрузить файл'}
            </Button>
            <input
              ref={input}
              type="file"
              className="sr-only"
              tabIndex={-1}
              aria-label="Файл для загрузки"
              accept={UPLOAD_ACCEPT}
              disabled={upload.isPending}
              onChange={(e) => {
                const file = e.target.files?.[0];
                // Cleared at once, so the same file can be chosen again after an error.
                e.target.value = '';
                if (file) void send(file);
              }}
            />
          </div>
          <p className="mt-1 text-xs text-zinc-500">PDF, DOCX, RTF или изображение, до 15 МБ</p>
        </>
      )}
      {files.length === 0 ? (
        <div className="mt-3">
          <Muted>Файлов пока нет</Muted>
        </div>
      ) : (
        <ul aria-label="Файлы кандидата" className="mt-3 flex flex-col divide-y divide-zinc-100">
          {files.map((file) => (
            <li key={file.id} className="flex items-start gap-2 py-2">
              <DocumentIcon className="mt-0.5 size-5 shrink-0 text-zinc-400" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <a
                  href={file.url}
                  download={file.file_name}
                  className="block text-sm break-words text-indigo-700 hover:underline"
                >
                  {file.file_name}
                </a>
                <p className="text-xs text-zinc-500">
                  {FILE_KIND_LABELS[file.kind]} · {formatFileSize(file.size_bytes)} ·{' '}
                  {formatDateTime(file.created_at)}
                </p>
              </div>
              <a
                href={file.url}
                download={file.file_name}
                className="rounded p-1 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800"
                aria-label={`Скачать ${file.file_name}`}
                title="Скачать"
              >
                <ArrowDownTrayIcon className="size-4" aria-hidden="true" />
              </a>
              {editable && (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Удалить файл ${file.file_name}`}
                  onClick={() => setDeleting(file)}
                >
                  Удалить
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Удалить файл?"
        description={deleting ? `«${deleting.file_name}» исчезнет из карточки.` : undefined}
        confirmLabel="Удалить"
        destructive
        pending={remove.isPending}
        onConfirm={async () => {
          if (!deleting) return;
          const result = await remove.mutateAsync(deleting.id);
          if (result.ok) setDeleting(null);
        }}
      />
    </CardSection>
  );
}
