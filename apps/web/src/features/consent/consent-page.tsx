import { useState } from 'react';
import {
  CONSENT_STATE_LABELS,
  type TConsentDecision,
  type TPublicConsent,
} from '@ats/contracts/consent';
import { Button } from '@ats/ui/button';
import { Spinner } from '@ats/ui/spinner';
import { THROWN_ERROR_CODE } from '../../shared/api-client';
import { FormAlert } from '../../shared/auth-card';
import { formatDateTime } from '../../shared/format/applicant-format';
import { useDocumentTitle } from '../../shared/use-document-title';
import { useDecideConsent, usePublicConsent } from './consent.queries';
import { FocusedHeading, PublicSheet } from '../../shared/public-sheet';

function Failure({
  code,
  message,
  onRetry,
}: {
  code: number;
  message: string;
  onRetry: () => void;
}) {
  if (code === 404 || code === 410) {
    return (
      <PublicSheet>
        <FocusedHeading>{message}</FocusedHeading>
        <p className="mt-3 text-sm text-zinc-700">
          По этой ссылке ответить нельзя. Если вопрос о согласии ещё актуален, попросите компанию
          прислать новую ссылку.
        </p>
      </PublicSheet>
    );
  }
  return (
    <PublicSheet>
      <FocusedHeading>Не удалось открыть страницу согласия</FocusedHeading>
      <p className="mt-3 text-sm text-zinc-700">{message}</p>
      <p className="mt-1 text-sm text-zinc-700">
        {code === THROWN_ERROR_CODE
          ? 'Проверьте подключение к интернету и попробуйте ещё раз.'
          : 'Попробуйте ещё раз чуть позже.'}
      </p>
      <Button className="mt-5" onClick={onRetry}>
        Повторить
      </Button>
    </PublicSheet>
  );
}

/** What the applicant's answer is now, in words. */
function stateNote(consent: TPublicConsent) {
  const at = consent.at ? formatDateTime(consent.at) : '';
  switch (consent.state) {
    case 'given':
      return `Вы дали согласие ${at}. Его можно отозвать в любой момент.`;
    case 'refused':
      return `Вы отказались ${at}. Передумаете — дайте согласие ниже.`;
    case 'withdrawn':
      return `Вы отозвали согласие ${at}.`;
    default:
      return null;
  }
}

/**
 * `/consent/{token}`: the applicant reads the company's consent text (152-FZ) and gives or refuses
 * consent, or withdraws a given one — no sign-in; every control is a button the keyboard reaches.
 */
export function ConsentPage({ token }: { token: string }) {
  useDocumentTitle('Согласие на обработку персональных данных');
  const consent = usePublicConsent(token);
  const decide = useDecideConsent(token);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function answer(decision: TConsentDecision) {
    setError(null);
    const result = await decide.mutateAsync(decision);
    if (result.ok) setDone(String(result.data));
    else setError(result.message);
  }

  if (consent.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Загружаем текст согласия" />
      </div>
    );
  }
  if (consent.isError) {
    const { error: failure } = consent;
    const code = 'code' in failure && typeof failure.code === 'number' ? failure.code : 0;
    return <Failure code={code} message={failure.message} onRetry={() => void consent.refetch()} />;
  }
  const data = consent.data;
  const note = stateNote(data);
  return (
    <PublicSheet label="Согласие на обработку персональных данных">
      <p className="text-sm text-zinc-500">{data.company}</p>
      <FocusedHeading>Согласие на обработку персональных данных</FocusedHeading>
      {data.applicant_name && (
        <p className="mt-2 text-sm text-zinc-700">Здравствуйте, {data.applicant_name}!</p>
      )}
      <div
        className="mt-4 max-h-[50vh] overflow-y-auto whitespace-pre-wrap rounded-lg bg-zinc-50 p-4 text-sm leading-relaxed text-zinc-800 ring-1 ring-zinc-200"
        tabIndex={0}
        aria-label="Текст согласия"
      >
        {data.text}
      </div>
      <p className="mt-2 text-xs text-zinc-500">Версия текста: {data.version}</p>
      <p className="mt-4 text-sm font-medium text-zinc-800" role="status">
        {done ?? `Статус: ${CONSENT_STATE_LABELS[data.state]}`}
      </p>
      {!done && note && <p className="mt-1 text-sm text-zinc-700">{note}</p>}
      <FormAlert message={error ?? undefined} />
      <div className="mt-5 flex flex-wrap gap-3">
        {data.state === 'given' ? (
          <Button
            variant="danger"
            loading={decide.isPending}
            disabled={decide.isPending}
            onClick={() => void answer('withdraw')}
          >
            Отозвать согласие
          </Button>
        ) : (
          <>
            <Button
              loading={decide.isPending}
              disabled={decide.isPending}
              onClick={() => void answer('give')}
            >
              Даю согласие
            </Button>
            {data.state !== 'refused' && (
              <Button
                variant="secondary"
                disabled={decide.isPending}
                onClick={() => void answer('refuse')}
              >
                Отказываюсь
              </Button>
            )}
          </>
        )}
      </div>
    </PublicSheet>
  );
}
