import { DocumentArrowUpIcon } from '@heroicons/react/24/outline';
import { useId, useState, type DragEvent } from 'react';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '@ats/contracts/files';
import { RESUME_ACCEPT, type TResumeDraft } from '@ats/contracts/resume-parse';
import { cx } from '@ats/ui/class-names';
import { Spinner } from '@ats/ui/spinner';
import { notify } from '../../shared/toasts';
import { useParseResume } from './resume-parse.queries';

type Props = {
  /** The file was read: its draft fills the form, the file waits to be attached to the card. */
  onParsed: (draft: TResumeDraft, file: File) => void;
  fileName: string | null;
};

/**
 * «Из резюме»: drop a PDF or DOCX here or pick it (the label is a real file input, so Tab and
 * Enter/Space reach it). The server reads the file; errors come as its Russian toast.
 */
export function ResumeDropZone({ onParsed, fileName }: Props) {
  const inputId = useId();
  const parse = useParseResume();
  const [dragging, setDragging] = useState(false);

  const read = async (file: File) => {
    // The server checks again (and the type by content); this saves a 15 MB round trip.
    if (file.size > MAX_UPLOAD_BYTES) {
      notify.error(UPLOAD_MESSAGES.tooLarge);
      return;
    }
    const result = await parse.mutateAsync(file);
    if (result.ok) onParsed(result.data.draft, file);
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !parse.isPending) void read(file);
  };

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      aria-busy={parse.isPending}
      className={cx(
        'flex flex-wrap items-center gap-3 rounded-lg border border-dashed px-4 py-3',
        dragging ? 'border-indigo-500 bg-indigo-50' : 'border-zinc-300 bg-zinc-50',
      )}
    >
      <DocumentArrowUpIcon className="size-6 shrink-0 text-zinc-400" aria-hidden="true" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium text-zinc-800">Из резюме</p>
        <p className="text-zinc-500" role="status">
          {parse.isPending
            ? 'Читаем резюме…'
            : fileName
              ? `Поля заполнены из «${fileName}» — проверьте их перед созданием`
              : 'Перетащите PDF или DOCX сюда или выберите файл — поля заполнятся сами'}
        </p>
      </div>
      <label
        htmlFor={inputId}
        className={cx(
          'inline-flex h-8 cursor-pointer items-center gap-2 rounded-lg bg-white px-3 text-sm font-medium text-zinc-800 ring-1 ring-zinc-300 ring-inset focus-within:outline-2 focus-within:outline-indigo-600 hover:bg-zinc-50',
          parse.isPending && 'pointer-events-none opacity-60',
        )}
      >
        {parse.isPending && <Spinner label="Читаем резюме" />}
        {fileName ? 'Загрузить другое резюме' : 'Загрузить резюме'}
        <input
          id={inputId}
          type="file"
          accept={RESUME_ACCEPT}
          className="sr-only"
          disabled={parse.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared at once, so the same file can be chosen again after an error.
            event.target.value = '';
            if (file) void read(file);
          }}
        />
      </label>
    </div>
  );
}
