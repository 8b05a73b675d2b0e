import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EMAIL_CHANGE_MESSAGES } from '@ats/contracts/users';
import { Spinner } from '@ats/ui/spinner';
import { AuthCard } from '../../shared/auth-card';
import { sessionKeys } from '../../shared/session/session.queries';
import { useDocumentTitle } from '../../shared/use-document-title';
import { confirmEmail } from './profile.queries';

type Outcome = { ok: true; notice: string } | { ok: false; message: string };

/**
 * `/auth/confirm-email?token=…`, the link from the letter to the new address. Opened signed in
 * or not, it confirms the address once and says so.
 */
export function ConfirmEmailScreen() {
  useDocumentTitle('Подтверждение email');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome | null>(
    token ? null : { ok: false, message: EMAIL_CHANGE_MESSAGES.linkInvalid },
  );
  // The link works once: a second effect run (React's strict mode) must not spend it again.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    void confirmEmail(token).then(async (result) => {
      if (result.ok) {
        setOutcome({ ok: true, notice: result.data.notice });
        await queryClient.invalidateQueries({ queryKey: sessionKeys.me });
      } else {
        setOutcome({ ok: false, message: result.message });
      }
    });
  }, [token, queryClient]);

  const onwards = (
    <Link to="/" className="font-medium text-indigo-600 hover:text-indigo-500">
      Перейти в систему
    </Link>
  );

  if (!outcome) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Подтверждаем email" />
      </div>
    );
  }
  return (
    <AuthCard title={outcome.ok ? 'Email подтверждён' : 'Ссылка недействительна'} footer={onwards}>
      <p role={outcome.ok ? 'status' : 'alert'} className="text-sm text-zinc-700">
        {outcome.ok ? outcome.notice : outcome.message}
      </p>
    </AuthCard>
  );
}
