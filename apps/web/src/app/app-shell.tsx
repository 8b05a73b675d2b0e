import { Outlet, ScrollRestoration } from 'react-router';
import { useVersionCheck } from '../features/app-version/use-version-check';
import { RouteProgress } from './route-progress';

/** Root of every page: the loading bar, the new-build check and scroll restoration. */
export function AppShell() {
  useVersionCheck();
  return (
    <>
      <RouteProgress />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
