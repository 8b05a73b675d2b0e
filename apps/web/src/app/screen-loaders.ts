import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router';
import { ZScreenAnswers } from '@ats/contracts/screens';
import { apiCall } from '../shared/api-client';
import { putPrefetchedAnswers } from '../shared/prefetched-answers';

export type { ScreenPrimer } from '../shared/prefetched-answers';

/**
 * The screens whose first paint comes in one request (decision 0052): the route's loader asks
 * `GET /api/screens/…` as soon as the route matches, beside the page's code, and the screen's
 * queries then find their answers waiting (shared/prefetched-answers.ts) instead of asking the API
 * one by one behind rendered components. On the first page of a visit the server has embedded
 * that answer in the HTML already: no request at all.
 *
 * Only the screen's default view: a list or home page opened with filters in its address asks
 * for what it shows itself.
 */
const SCREENS: Record<string, (args: LoaderFunctionArgs) => string | null> = {
  applicant: ({ params }) => (isId(params.id) ? `/screens/applicant/${params.id}` : null),
  applicants: ({ request }) => (new URL(request.url).search ? null : '/screens/applicants'),
  board: ({ params, request }) =>
    isId(params.id) && !new URL(request.url).search ? `/screens/board/${params.id}` : null,
  home: ({ request }) => (new URL(request.url).search ? null : '/screens/home'),
};

export type ScreenName = keyof typeof SCREENS;

const isId = (value: string | undefined) => !!value && /^[1-9]\d{0,9}$/.test(value);

/**
 * Asks for the screen's answers and leaves them for its queries; a failure is theirs to show.
 * True when the answers arrived (from the page's HTML or the screen endpoint).
 */
export async function loadScreen(screen: ScreenName, args: LoaderFunctionArgs) {
  const path = SCREENS[screen]?.(args);
  if (!path) return false;
  const result = await apiCall(path, {
    schema: ZScreenAnswers,
    errorToast: false,
    sessionHandling: false,
    signal: args.request.signal,
  });
  if (result.ok) putPrefetchedAnswers(result.data);
  return result.ok;
}

/** A screen's data is asked again only when the page itself changes, not its filters. */
export const screenShouldRevalidate = ({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) =>
  currentUrl.pathname !== nextUrl.pathname;
