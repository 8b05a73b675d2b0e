import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { MESSAGES } from '@ats/contracts/envelope';
import { Button, buttonClassName } from '@ats/ui/button';
import { useDocumentTitle } from '../../shared/use-document-title';
import { ReportErrorDialog } from './report-error-dialog';

export function ErrorScreen({ status }: { status: number }) {
  const [reporting, setReporting] = useState(false);
  const location = useLocation();
  const notFound = status === 404;
  const title = notFound ? MESSAGES.routeNotFound : 'Ой, что-то пошло не так!';
  useDocumentTitle(title);

  return (
    <div className="flex max-w-lg flex-col items-center text-center">
      <p className="text-7xl font-bold tracking-tight text-indigo-600">{status}</p>
      <h1 className="mt-4 text-2xl font-semibold text-zinc-900">{title}</h1>
      <p className="mt-2 text-sm text-zinc-500">
        {notFound ? (
          <>
            Страница <span className="font-mono text-zinc-700">{location.pathname}</span> не
            найдена.
          </>
        ) : (
          'Мы уже знаем о многих ошибках, но будем благодарны, если вы расскажете подробности.'
        )}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClassName(notFound ? 'primary' : 'secondary')}>
          На главную
        </Link>
        {!notFound && <Button onClick={() => setReporting(true)}>Сообщить об ошибке</Button>}
      </div>
      {!notFound && (
        <ReportErrorDialog open={reporting} onClose={() => setReporting(false)} code={status} />
      )}
    </div>
  );
}
