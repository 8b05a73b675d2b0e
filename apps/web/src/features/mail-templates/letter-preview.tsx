import { DocumentArrowDownIcon } from '@heroicons/react/24/outline';
import { useMemo } from 'react';
import { buttonClassName } from '@ats/ui/button';
import { Spinner } from '@ats/ui/spinner';
import { cx } from '@ats/ui/class-names';
import { RICH_TEXT_CLASS } from '../../shared/rich-text/rich-text-view';
import { useDebouncedValue } from '../../shared/use-debounced-value';
import { ApplicantPicker, type PickedApplicant } from './applicant-picker';
import { markUnknownVariables } from './letter-preview-html';
import { renderedFileUrl, useLetterPreview } from './mail-templates.queries';

type Props = {
  title: string;
  description: string;
  applicant: PickedApplicant | null;
  onApplicant: (applicant: PickedApplicant | null) => void;
  /** The saved template, whose PDF and DOCX can be downloaded; null while it is new. */
  templateId: number | null;
  /** True when the draft differs from what is saved (the files are made from the saved one). */
  dirty: boolean;
};

/** The letter as the chosen applicant would get it, following the draft as it is typed. */
export function LetterPreview({
  title,
  description,
  applicant,
  onApplicant,
  templateId,
  dirty,
}: Props) {
  const draftTitle = useDebouncedValue(title, 400);
  const draftBody = useDebouncedValue(description, 400);
  const preview = useLetterPreview(
    applicant ? { title: draftTitle, description: draftBody, applicant_id: applicant.id } : null,
  );
  const letter = preview.data;
  const body = useMemo(
    () => (letter ? markUnknownVariables(letter.body_html, letter.unknown_variables) : ''),
    [letter],
  );

  return (
    <section aria-label="Предпросмотр" className="flex flex-col gap-3">
      <ApplicantPicker value={applicant} onChange={onApplicant} />
      {applicant && preview.isError && (
        <p role="alert" className="text-sm text-red-600">
          {preview.error.message}
        </p>
      )}
      {applicant && !letter && preview.isFetching && <Spinner label="Готовим предпросмотр" />}
      {applicant && letter && (
        <div className="rounded-lg bg-white p-4 ring-1 ring-zinc-200" data-testid="letter-preview">
          <p className="text-xs text-zinc-500">Тема</p>
          <p className="mb-3 text-sm font-medium text-zinc-900">{letter.subject || '—'}</p>
          <div
            className={cx(
              RICH_TEXT_CLASS,
              '[&_mark]:rounded [&_mark]:bg-amber-200 [&_mark]:px-0.5',
            )}
            dangerouslySetInnerHTML={{ __html: body }}
          />
          {letter.unknown_variables.length > 0 && (
            <p className="mt-3 text-xs text-amber-700">
              Неизвестные переменные останутся в письме как есть:{' '}
              {letter.unknown_variables.join(', ')}
            </p>
          )}
        </div>
      )}
      {applicant && templateId !== null && (
        <div className="flex flex-wrap items-center gap-2">
          <a
            href={renderedFileUrl('pdf', templateId, applicant.id)}
            download
            className={buttonClassName('secondary', 'sm')}
          >
            <DocumentArrowDownIcon className="size-4" aria-hidden="true" />
            Скачать PDF
          </a>
          <a
            href={renderedFileUrl('docx', templateId, applicant.id)}
            download
            className={buttonClassName('secondary', 'sm')}
          >
            <DocumentArrowDownIcon className="size-4" aria-hidden="true" />
            Скачать DOCX
          </a>
          {dirty && <span className="text-xs text-zinc-500">Файлы — по сохранённой версии</span>}
        </div>
      )}
    </section>
  );
}
