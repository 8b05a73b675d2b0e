import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import {
  accountQueryOptions,
  endLocalSession,
  sessionKeys,
  type AccountState,
} from '../shared/session/session.queries';
import { KEPT_LISTS } from '../shared/applicant/applicant-references.queries';
import { startErrorTracking } from '../shared/error-tracking';
import { keepListsAcrossVisits } from '../shared/kept-lists';
import { readEmbeddedAnswers } from '../shared/prefetched-answers';
import { setSessionHandlers } from '../shared/session-events';
import { registerAssetWorker } from './asset-worker';
import { Providers } from './providers';
import { queryClient } from './query-client';
import { createAppRouter, whenRouterReady } from './router';
import './styles.css';

// The answers the server put in the page (decision 0052): /api/me, /api/account, the screen's;
// first, so that error tracking's /api/client_config is among them.
readEmbeddedAnswers();
void startErrorTracking();

// The reference lists kept from the last visit, while /api/me reports the same versions (0057).
keepListsAcrossVisits(queryClient, KEPT_LISTS, sessionKeys.me);

const router = createAppRouter();

setSessionHandlers({
  // SPEC.md §4: 420/421 from any call ends the session here too.
  onSessionLost: () => {
    endLocalSession(queryClient);
    void router.navigate('/auth/login', { replace: true });
  },
  // SPEC.md §4: 419 replaces the whole app by the deactivated screen.
  onAccountInactive: (message) => {
    const deactivated: AccountState = { state: 'deactivated', message };
    queryClient.setQueryData(accountQueryOptions.queryKey, deactivated);
  },
});

const root = document.getElementById('root');
if (!root) throw new Error('Нет элемента #root');

// The first render waits for the router's first match to be loaded (its loaders, which put the
// screen's data in the query cache, and its lazy page): until then the router draws nothing
// anyway, and rendered then, the page is drawn in one pass with its data, not as an empty router
// first and the screen later in a transition that yields to the browser every few milliseconds.
whenRouterReady(router, () =>
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);

registerAssetWorker();
