import { redirect } from 'react-router';
import { canOpenRoute } from '../../shared/session/route-access';
import { accountQueryOptions, meQueryOptions } from '../../shared/session/session.queries';
import { queryClient } from '../query-client';

const LOGIN_PATH = '/auth/login';
const HOME_PATH = '/';

/** Login, sign-up and reset pages are for visitors only (SPEC.md §4). */
export async function guestOnlyLoader() {
  const me = await queryClient.ensureQueryData(meQueryOptions);
  if (me) throw redirect(HOME_PATH);
  return null;
}

/** Everything except the static pages needs a session; the account state picks the screen. */
export async function sessionLoader() {
  const me = await queryClient.ensureQueryData(meQueryOptions);
  if (!me) throw redirect(LOGIN_PATH);
  await queryClient.ensureQueryData(accountQueryOptions);
  return null;
}

/** A named route the user's role may not open sends them home (SPEC.md §6). */
export function accessLoader(routeName: string) {
  return async () => {
    const me = await queryClient.ensureQueryData(meQueryOptions);
    if (!me) throw redirect(LOGIN_PATH);
    if (!canOpenRoute(routeName, me)) throw redirect(HOME_PATH);
    return null;
  };
}
