/**
 * API answers that arrived before anyone asked for them (decision 0052): the ones the server
 * embeds in the page's HTML (`<script id="ats-answers" type="application/json">`: the current
 * user, the account and the first screen's data) and the ones a screen endpoint
 * (`GET /api/screens/…`) answers for a route as soon as the route is known. `apiCall` takes its
 * GET answer from here when there is one, so every query keeps its own key, URL, contract check
 * and error handling, and the first paint needs no request of its own.
 *
 * An answer is used once (a refetch after an edit goes to the server) and only while fresh.
 */

import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';

/** One GET answer: its HTTP status and its JSON envelope. */
export type PrefetchedAnswer = { status: number; body: unknown };

/** Answers keyed by `/api/…` path with the query sorted (see answerKey). */
export type PrefetchedAnswers = Record<string, PrefetchedAnswer>;

export const EMBEDDED_ANSWERS_ID = 'ats-answers';

/** Long enough for a slow first paint, short enough that no later visit gets an old answer. */
const FRESH_MS = 20_000;

const waiting = new Map<string, { answer: PrefetchedAnswer; at: number }>();

/** `/api/x?b=2&a=1` → `/api/x?a=1&b=2`: the same request however its query was built. */
export function answerKey(url: string): string {
  const [path = '', query = ''] = url.split('?', 2);
  if (!query) return path;
  const params = [...new URLSearchParams(query)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${path}?${new URLSearchParams(params).toString()}`;
}

export function putPrefetchedAnswers(answers: PrefetchedAnswers, now = Date.now()) {
  for (const [url, answer] of Object.entries(answers)) {
    waiting.set(answerKey(url), { answer, at: now });
  }
}

/** The answer waiting for this GET, removed from the store; null when there is none. */
export function takePrefetchedAnswer(url: string, now = Date.now()): PrefetchedAnswer | null {
  const key = answerKey(url);
  const found = waiting.get(key);
  if (!found) return null;
  waiting.delete(key);
  return now - found.at <= FRESH_MS ? found.answer : null;
}

export function hasPrefetchedAnswer(url: string): boolean {
  return waiting.has(answerKey(url));
}

export function forgetPrefetchedAnswers() {
  waiting.clear();
}

/** Reads (and removes) the answers the server embedded in the page; called once at start. */
export function readEmbeddedAnswers(doc: Document = document) {
  const script = doc.getElementById(EMBEDDED_ANSWERS_ID);
  if (!script) return;
  script.remove();
  try {
    const answers: unknown = JSON.parse(script.textContent || '{}');
    if (answers && typeof answers === 'object') putPrefetchedAnswers(answers as PrefetchedAnswers);
  } catch {
    // A page with a broken embed simply asks the API, as before.
  }
}

/**
 * What a screen's page exports as `primeScreen`: fills the queries its first paint reads (with
 * `queryClient.prefetchQuery` and the queries' own options, so each keeps its key, URL, contract
 * check and error handling) from the answers the route's loader left (app/screen-loaders.ts). Without it the page's first
 * render finds no data: it draws a spinner, its queries take the answers after that commit, and
 * the screen is drawn in a second render a timer later.
 */
export type ScreenPrimer = (client: QueryClient, args: LoaderFunctionArgs) => Promise<unknown>;
