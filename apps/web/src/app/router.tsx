import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { AppShell } from './app-shell';
import { accessLoader, guestOnlyLoader, sessionLoader } from './guards/session-guards';
import { DefaultLayout } from './layouts/default-layout';
import { FaqLayout } from './layouts/faq-layout';
import { GuestLayout } from './layouts/guest-layout';
import { RootErrorBoundary } from './root-error-boundary';
import { queryClient } from './query-client';
import {
  loadScreen,
  screenShouldRevalidate,
  type ScreenName,
  type ScreenPrimer,
} from './screen-loaders';

type PageModule = {
  default: ComponentType;
  /**
   * A screen's page may name the queries its first paint reads: they are filled from the
   * screen's answers in its loader, so that the page is drawn with its data in its first render.
   */
  primeScreen?: ScreenPrimer;
};

/** A lazily loaded page; a route name also adds the role check of SPEC.md §6. */
function page(path: string, load: () => Promise<PageModule>, name?: string): RouteObject {
  return {
    path,
    ...(name ? { handle: { name }, loader: accessLoader(name) } : {}),
    lazy: async () => ({ Component: (await load()).default }),
  };
}

/**
 * A page whose first paint is one request (decision 0052): its loader asks for the screen's data
 * as soon as the route matches, while the page's code loads, beside the role check.
 */
export function screenPage(
  path: string,
  load: () => Promise<PageModule>,
  screen: ScreenName,
  name?: string,
): RouteObject {
  const access = name ? accessLoader(name) : null;
  return {
    ...page(path, load, name),
    loader: async (args: LoaderFunctionArgs) => {
      const [, loaded, module] = await Promise.all([access?.(), loadScreen(screen, args), load()]);
      // Only from the answers that just arrived: a view the screen's answers do not cover (a
      // list with filters in its address) is drawn at once and asks for its data itself.
      if (loaded) await module.primeScreen?.(queryClient, args);
      return null;
    },
    shouldRevalidate: screenShouldRevalidate,
  };
}

const guestRoutes: RouteObject[] = [
  page('/auth/login', () => import('../routes/login')),
  page('/auth/signup', () => import('../routes/signup')),
  page('/auth/reset', () => import('../routes/reset')),
  page('/auth/reset-from-mail', () => import('../routes/reset-from-mail')),
  page('/invite/:token', () => import('../routes/invite')),
];

const mainRoutes: RouteObject[] = [
  screenPage('/', () => import('../routes/vacancies'), 'home'),
  page('/admin-articles', () => import('../routes/admin-articles')),
  page('/analytics', () => import('../routes/analytics'), 'analytics'),
  page('/applicant/double', () => import('../routes/applicant-double'), 'applicant-double'),
  page('/applicant/doubles', () => import('../routes/applicant-doubles'), 'applicant-doubles'),
  screenPage('/applicant/:id', () => import('../routes/applicant'), 'applicant'),
  screenPage('/applicants', () => import('../routes/applicants'), 'applicants', 'applicants'),
  page('/applicants/list', () => import('../routes/applicants-list'), 'applicants-list'),
  page('/avito', () => import('../routes/avito')),
  page('/google', () => import('../routes/google')),
  page('/habr', () => import('../routes/habr')),
  page('/hh', () => import('../routes/hh')),
  page('/events', () => import('../routes/events')),
  page('/messages', () => import('../routes/messages')),
  page('/requests', () => import('../routes/requests')),
  page('/requests/new', () => import('../routes/request-new')),
  page('/requests/:id', () => import('../routes/request')),
  page('/requests/:id/edit', () => import('../routes/request-edit')),
  page('/user', () => import('../routes/user')),
  page('/delayed-tasks', () => import('../routes/delayed-tasks')),
  page('/delayed-tasks/create', () => import('../routes/delayed-task-create')),
  page('/delayed-tasks/:id', () => import('../routes/delayed-task')),
  page('/remote-vacancies', () => import('../routes/remote-vacancies')),
  page('/remote-vacancies/OwnVacancy', () => import('../routes/remote-vacancies-own')),
  page('/remote-vacancies/RemoteVacancyHh', () => import('../routes/remote-vacancies-hh')),
  page('/remote-vacancies/SampleRemoteVacancy', () => import('../routes/remote-vacancies-samples')),
  page('/vacancy/:id', () => import('../routes/vacancy')),
  screenPage('/vacancy/:id/candidates', () => import('../routes/vacancy-candidates'), 'board'),
  page('/vacancy/:id/publication/create', () => import('../routes/vacancy-publication-create')),
  page(
    '/vacancy/:id/publication/:publicationId/edit',
    () => import('../routes/vacancy-publication-edit'),
  ),
  page('/vacancy/template/:id', () => import('../routes/vacancy-template')),
  page('/payment/success', () => import('../routes/payment-success')),
  page('/payment/fail', () => import('../routes/payment-fail')),
  page('/settings', () => import('../routes/settings'), 'settings'),
  page('/settings/account', () => import('../routes/settings-account'), 'settings-account'),
  page('/settings/audit', () => import('../routes/settings-audit'), 'settings-audit'),
  page(
    '/settings/automation',
    () => import('../routes/settings-automation'),
    'settings-automation',
  ),
  page(
    '/settings/candidate-evaluation-forms',
    () => import('../routes/settings-candidate-evaluation-forms'),
    'settings-candidate-evaluation-forms',
  ),
  page('/settings/common', () => import('../routes/settings-common'), 'settings-common'),
  page('/settings/funnels', () => import('../routes/settings-funnels'), 'settings-funnels'),
  page('/settings/divisions', () => import('../routes/settings-divisions'), 'settings-divisions'),
  page(
    '/settings/edit-users',
    () => import('../routes/settings-edit-users'),
    'settings-edit-users',
  ),
  page(
    '/settings/mail-templates',
    () => import('../routes/settings-mail-templates'),
    'settings-mail-templates',
  ),
  page(
    '/settings/reject-reasons',
    () => import('../routes/settings-reject-reasons'),
    'settings-reject-reasons',
  ),
  page(
    '/settings/resume/sources',
    () => import('../routes/settings-resume-sources'),
    'settings-resume-sources',
  ),
  page(
    '/settings/request-templates',
    () => import('../routes/settings-request-templates'),
    'settings-request-templates',
  ),
  page('/settings/privacy', () => import('../routes/settings-privacy'), 'settings-privacy'),
  page('/settings/safety', () => import('../routes/settings-safety'), 'settings-safety'),
  page('/settings/services', () => import('../routes/settings-services'), 'settings-services'),
  page('/settings/tags', () => import('../routes/settings-tags'), 'settings-tags'),
];

const staticRoutes: RouteObject[] = [
  page('/static/affiliate-program', () => import('../routes/static-affiliate-program')),
  page('/static/changelog', () => import('../routes/static-changelog')),
  page('/static/faq', () => import('../routes/static-faq')),
  page('/static/faq/search', () => import('../routes/static-faq-search')),
  page('/static/faq/:slug', () => import('../routes/static-faq-article')),
  page('/static/offer', () => import('../routes/static-offer')),
  page('/static/privacy-agreement', () => import('../routes/static-privacy-agreement')),
  page('/static/privacy-policy', () => import('../routes/static-privacy-policy')),
  page('/static/user-agreement', () => import('../routes/static-user-agreement')),
];

/**
 * What the first load shows while the session check and the page's code arrive (React Router
 * draws it until the first route is ready, and warns on every page without one).
 */
function FirstLoad() {
  return <div role="status" aria-label="Загрузка" className="min-h-dvh" />;
}

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    HydrateFallback: FirstLoad,
    errorElement: <RootErrorBoundary />,
    children: [
      { element: <GuestLayout />, loader: guestOnlyLoader, children: guestRoutes },
      { element: <DefaultLayout />, loader: sessionLoader, children: mainRoutes },
      { element: <FaqLayout />, children: staticRoutes },
      // The links mailed at sign-up, to a new address, to an outside approver of a hiring
      // request, an applicant's booking link and consent letter work signed in or not.
      {
        element: <GuestLayout />,
        children: [
          page('/auth/confirm-account', () => import('../routes/confirm-account')),
          page('/auth/confirm-email', () => import('../routes/confirm-email')),
          page('/request-approval/:token', () => import('../routes/request-approval')),
          page('/booking/:token', () => import('../routes/booking')),
          page('/consent/:token', () => import('../routes/consent')),
        ],
      },
      // Unknown paths get the 404 page for everyone, signed in or not.
      { element: <GuestLayout />, children: [page('*', () => import('../routes/not-found'))] },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);

type AppRouter = ReturnType<typeof createAppRouter>;

/** Calls `then` once the router's first navigation is done (its loaders and lazy page). */
export function whenRouterReady(router: Pick<AppRouter, 'state' | 'subscribe'>, then: () => void) {
  if (router.state.initialized) {
    then();
    return;
  }
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    then();
  });
}
