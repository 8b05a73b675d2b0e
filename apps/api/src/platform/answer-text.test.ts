import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { type ZodTypeProvider, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AnswerText,
  AnswerTextDrift,
  answerTextSerializerCompiler,
  successText,
} from './answer-text.ts';

const ZPage = z.object({
  items: z.array(z.object({ id: z.number().int(), name: z.string().nullable() })),
  total: z.number().int(),
});
const schema = z.object({ code: z.literal(200), status: z.literal('success'), message: ZPage });
const route = { schema, method: 'GET', url: '/page', httpStatus: '200' };
const serializer = (checked: boolean) =>
  answerTextSerializerCompiler({ checked })(route as never) as (data: unknown) => string;

const envelope = (message: string) => `{"code":200,"status":"success","message":${message}}`;
const good = '{"items":[{"id":1,"name":"Анна \\"А\\"\\n"},{"id":2,"name":null}],"total":2}';

describe('an answer sent as the text its statement wrote', () => {
  it('is sent as it is when it is what the contract writes', () => {
    const text = serializer(true)(successText(good));
    expect(text).toBe(envelope(good));
    expect(text).toBe(JSON.stringify(schema.parse(JSON.parse(text))));
  });

  it.each([
    ['keys in another order', '{"total":1,"items":[{"id":1,"name":"Анна"}]}'],
    ['a key the contract lacks', '{"items":[{"id":1,"name":"Анна","phone":"+7"}],"total":1}'],
    ['a wrong type', '{"items":[{"id":"1","name":"Анна"}],"total":1}'],
    ['a missing key', '{"items":[{"id":1}],"total":1}'],
    ['spaces (not compact)', '{"items": [{"id": 1, "name": "Анна"}], "total": 1}'],
    [
      'an escape JSON.stringify does not write',
      '{"items":[{"id":1,"name":"\\u0410нна"}],"total":1}',
    ],
    ['not JSON', '{"items":[{"id":1,"name":"Анна"}],"total":1'],
  ])('is refused outside production when it has %s', (_case, message) => {
    expect(() => serializer(true)(successText(message))).toThrow(AnswerTextDrift);
    expect(() => serializer(true)(successText(message))).toThrow(/answer text of GET \/page/);
  });

  it('is trusted in production: sent without the check', () => {
    const drifting = '{"total":1,"items":[{"id":1,"name":"Анна"}]}';
    expect(serializer(false)(successText(drifting))).toBe(envelope(drifting));
  });

  it('leaves every other answer to zod and JSON.stringify, as before', () => {
    for (const checked of [true, false]) {
      const answer = {
        code: 200,
        status: 'success',
        message: { total: 1, items: [{ name: 'Анна', id: 1, extra: true }] },
      };
      expect(serializer(checked)(answer)).toBe(
        envelope('{"items":[{"id":1,"name":"Анна"}],"total":1}'),
      );
      expect(() =>
        serializer(checked)({ ...answer, message: { total: 'x', items: [] } }),
      ).toThrow();
    }
    expect(new AnswerText('x').text).toBe('x');
  });

  it('makes a drifting route answer 500, with the route and the difference in the log', async () => {
    let log = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        log += String(chunk);
        done();
      },
    });
    const app = Fastify({ logger: { level: 'error', stream } });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(answerTextSerializerCompiler({ checked: true }));
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/good', { schema: { response: { 200: schema } } }, async () =>
      successText<z.infer<typeof ZPage>>(good),
    );
    r.get('/drift', { schema: { response: { 200: schema } } }, async () =>
      successText<z.infer<typeof ZPage>>('{"items":[],"total":0,"page":1}'),
    );
    const ok = await app.inject({ method: 'GET', url: '/good' });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe(envelope(good));
    expect(ok.headers['content-type']).toMatch(/^application\/json/);
    const drift = await app.inject({ method: 'GET', url: '/drift' });
    expect(drift.statusCode).toBe(500);
    expect(log).toContain('answer text of GET /drift differs from its contract at character');
    await app.close();
  });
});
