import { EnvelopeIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { useResendConfirmation } from './account.queries';

/**
 * Shown above every page until the company's e-mail is confirmed: till then résumé parsing and
 * imports keep to a daily trial quota (the server refuses beyond it and says why). Anyone in the
 * company may have the link sent again; it always goes to the address the company signed up with.
 */
export function ConfirmEmailBanner() {
  const resend = useResendConfirmation();
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);

  const send = () =>
    resend.mutate(undefined, {
      onSuccess: (result) =>
        setAnswer(
          result.ok ? { ok: true, text: result.data } : { ok: false, text: result.message },
        ),
    });

  return (
    <section
      aria-label="Подтверждение email"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900 sm:px-6"
    >
      <EnvelopeIcon className="size-5 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        Подтвердите email компании по ссылке из письма, отправленного при регистрации. До
        подтверждения можно разобрать 50 резюме и загрузить 20 файлов импорта в день.
      </p>
      <button
        type="button"
        onClick={send}
        disabled={resend.isPending}
        className="rounded-md px-2 py-1 font-medium text-amber-900 underline underline-offset-2 hover:bg-amber-100 disabled:opacity-60"
      >
        {resend.isPending ? 'Высылаем…' : 'Выслать ссылку повторно'}
      </button>
      {answer && (
        <p role="status" className={answer.ok ? 'w-full text-emerald-800' : 'w-full text-red-700'}>
          {answer.text}
        </p>
      )}
    </section>
  );
}
