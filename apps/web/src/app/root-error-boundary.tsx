import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen } from '../features/errors/error-screen';
import { ApiError } from '../shared/api-client';
import { GuestShell } from './layouts/guest-layout';

function statusOf(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  if (error instanceof ApiError) return error.code;
  return 500;
}

export function RootErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <GuestShell>
      <ErrorScreen status={statusOf(error)} />
    </GuestShell>
  );
}
