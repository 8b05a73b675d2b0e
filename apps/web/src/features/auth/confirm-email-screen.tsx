import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { EMAIL_CONFIRMATION_INVALID } from '@ats/contracts/auth';
import { useDocumentTitle } from '../../shared/use-document-title';
import { AuthCard, FormAlert } from '../../shared/auth-card';
import { confirmEmail } from './auth.queries';

/**
 * The link from the sign-up mail: confirms the company's e-mail once, whether the visitor is
 * signed in or not. The query (not a mutation) makes a second render reuse the first answer: a
 * link works only once.
 */
export function ConfirmEmailScreen() {
  useDocumentTitle('Подтверждение почты');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const result = useQuery({
    queryKey: ['confirm-email', token],
    queryFn: () => confirmEmail({ token }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  const onward = (
    <Link to="/" className="font-medium text-indigo-600 hover:text-indigo-500">
      Перейти к работе
    </Link>
  );

  if (!token) {
    return (
      <AuthCard title="Ссылка недействительна" footer={onward}>
        <FormAlert message={EMAIL_CONFIRMATION_INVALID} />
      </AuthCard>
    );
  }
  if (!result.data) {
    return (
      <AuthCard title="Подтверждение почты">
        <p className="text-sm text-zinc-700" aria-busy="true">
          Проверяем ссылку…
        </p>
      </AuthCard>
    );
  }
  if (!result.data.ok) {
    return (
      <AuthCard title="Ссылка недействительна" footer={onward}>
        <FormAlert message={result.data.message} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Почта подтверждена" footer={onward}>
      <p className="text-sm text-zinc-700">
        {result.data.data}. Разбор резюме и импорт кандидатов работают без ограничений пробного
        периода.
      </p>
    </AuthCard>
  );
}
