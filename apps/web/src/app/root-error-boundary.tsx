import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen } from '../features/errors/error-screen';
import { ApiError } from '../shared/api-client';
import { reportError } from '../shared/error-tracking';
import { GuestShell } from './layouts/guest-layout';

function statusOf(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  if (error instanceof ApiError) return error.code;
  return 500;
}

export function RootErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  // A page that threw while rendering is caught here, out of reach of the global handlers; the
  // server's own answers (ApiError) are reported by the server when they are its fault.
  useEffect(() => {
    if (!isRouteErrorResponse(error) && !(error instanceof ApiError)) reportError(error);
  }, [error]);
  return (
    <GuestShell>
      <ErrorScreen status={statusOf(error)} />
    </GuestShell>
  );
}
