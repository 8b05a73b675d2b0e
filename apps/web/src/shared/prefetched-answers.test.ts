// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiCall } from './api-client';
import {
  answerKey,
  forgetPrefetchedAnswers,
  putPrefetchedAnswers,
  readEmbeddedAnswers,
  takePrefetchedAnswer,
} from './prefetched-answers';

afterEach(() => forgetPrefetchedAnswers());

describe('prefetched answers', () => {
  it('finds an answer whatever order its query was written in', () => {
    expect(answerKey('/api/x?b=2&a=1')).toBe(answerKey('/api/x?a=1&b=2'));
    putPrefetchedAnswers({ '/api/x?page=1&state=open': { status: 200, body: 1 } });
    expect(takePrefetchedAnswer('/api/x?state=open&page=1')).toEqual({ status: 200, body: 1 });
  });

  it('gives an answer once, and only while it is fresh', () => {
    putPrefetchedAnswers({ '/api/a': { status: 200, body: 'a' } }, 1_000);
    expect(takePrefetchedAnswer('/api/a', 2_000)).not.toBeNull();
    expect(takePrefetchedAnswer('/api/a', 2_000)).toBeNull();
    putPrefetchedAnswers({ '/api/b': { status: 200, body: 'b' } }, 1_000);
    expect(takePrefetchedAnswer('/api/b', 60_000)).toBeNull();
  });

  it('reads the answers the server embedded in the page, and removes their script', () => {
    document.body.innerHTML =
      '<script id="ats-answers" type="application/json">{"/api/me":{"status":200,"body":{"code":200,"message":{"id":7}}}}</script>';
    readEmbeddedAnswers();
    expect(document.getElementById('ats-answers')).toBeNull();
    expect(takePrefetchedAnswer('/api/me')?.body).toEqual({ code: 200, message: { id: 7 } });
  });

  it('lets apiCall answer a GET from the store without a request, an error as an error', async () => {
    const calls: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = ((url: string) => {
      calls.push(url);
      return Promise.resolve(new Response('{"code":200,"message":"сеть"}'));
    }) as typeof fetch;
    try {
      putPrefetchedAnswers({
        '/api/tags': { status: 200, body: { code: 200, status: 'success', message: ['тег'] } },
        '/api/applicants/5': {
          status: 404,
          body: { code: 404, status: 'error', message: 'Не найдено' },
        },
      });
      expect(await apiCall('/tags')).toEqual({ ok: true, code: 200, data: ['тег'] });
      expect(await apiCall('/applicants/5', { errorToast: false })).toMatchObject({
        ok: false,
        code: 404,
        message: 'Не найдено',
      });
      expect(calls).toEqual([]);
      // Used once: the next read goes to the server.
      expect(await apiCall('/tags')).toMatchObject({ ok: true, data: 'сеть' });
      expect(calls).toEqual(['/api/tags']);
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it("checks a prefetched answer against the call's contract, as a fetched one", async () => {
    const ZMine = z.object({ id: z.number().int() });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      putPrefetchedAnswers({
        '/api/mine': {
          status: 200,
          body: { code: 200, status: 'success', message: { id: 7, x: 1 } },
        },
        '/api/other': { status: 200, body: { code: 200, status: 'success', message: { id: 'a' } } },
      });
      expect(await apiCall('/mine', { schema: ZMine })).toEqual({
        ok: true,
        code: 200,
        data: { id: 7 },
      });
      expect(await apiCall('/other', { schema: ZMine, errorToast: false })).toMatchObject({
        ok: false,
        code: 520,
      });
      expect(quiet).toHaveBeenCalledOnce();
    } finally {
      quiet.mockRestore();
    }
  });
});
