import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';

/**
 * Answers whose JSON text the statement wrote, sent as that text (decision 0110).
 *
 * A read answered the usual way is parsed by node-postgres (the JSON the statement built), checked
 * by zod against the route's contract and written again by `JSON.stringify`: on a 12 kB page of a
 * board column that is ~50 µs of the API's CPU, on a 69 kB list ~330 µs, for bytes PostgreSQL had
 * already written. A route whose answer is entirely its statement's can instead have the statement
 * write the JSON as text (compact, in the contract's key order: `row_to_json`, `array_to_json`,
 * never `json_build_object` or `json_agg`, whose text has spaces), read it as a string and answer
 * `successText(text)`: the serializer sends the text as it is.
 *
 * Outside production (development, tests) every such answer is parsed, checked by the route's
 * contract and written again, and a text that is not byte for byte what `JSON.stringify` of the
 * checked answer gives (another key order, a key the contract lacks, a wrong type, spaces) is an
 * error — a 500 with the line `answer text of <route> …` in the log — so a statement that drifts
 * from its contract fails the route's tests. Every other answer goes through zod and
 * `JSON.stringify` exactly as before.
 */
export class AnswerText {
  constructor(readonly text: string) {}
}

/**
 * The success envelope around a message whose JSON text is given, typed as the route's answer so
 * that the handler type-checks (the serializer knows it by its class).
 */
export function successText<T>(messageText: string): { code: 200; status: 'success'; message: T } {
  return new AnswerText(`{"code":200,"status":"success","message":${messageText}}`) as unknown as {
    code: 200;
    status: 'success';
    message: T;
  };
}

/** Where two texts first differ, with a little of each around it, for the log line. */
function firstDifference(sent: string, expected: string) {
  let at = 0;
  while (at < sent.length && at < expected.length && sent[at] === expected[at]) at += 1;
  const from = Math.max(0, at - 30);
  return `at character ${at}: sent …${sent.slice(from, at + 40)}… where the contract writes …${expected.slice(from, at + 40)}…`;
}

export class AnswerTextDrift extends Error {
  constructor(route: string, detail: string, options?: { cause: unknown }) {
    super(`answer text of ${route} differs from its contract ${detail}`, options);
    this.name = 'AnswerTextDrift';
  }
}

type SerializerRoute = Parameters<FastifySerializerCompiler<unknown>>[0];

/**
 * The server's serializer compiler: fastify-type-provider-zod's for every answer, and for an
 * `AnswerText` its text — checked against the contract first when `checked` (outside production).
 */
export function answerTextSerializerCompiler(options: { checked: boolean }) {
  const compiler = (route: SerializerRoute) => {
    const viaContract = zodSerializerCompiler(route as never) as (data: unknown) => string;
    const name = `${route.method} ${route.url}`;
    if (!options.checked) {
      return (data: unknown) => (data instanceof AnswerText ? data.text : viaContract(data));
    }
    return (data: unknown) => {
      if (!(data instanceof AnswerText)) return viaContract(data);
      const { text } = data;
      let again: string;
      try {
        again = viaContract(JSON.parse(text));
      } catch (error) {
        throw new AnswerTextDrift(
          name,
          `(${error instanceof SyntaxError ? 'not JSON' : 'its check failed'}: ${String(
            (error as { cause?: unknown }).cause ?? error,
          ).slice(0, 500)})`,
          { cause: error },
        );
      }
      if (again !== text) throw new AnswerTextDrift(name, firstDifference(text, again));
      return text;
    };
  };
  return compiler as FastifySerializerCompiler<unknown>;
}
