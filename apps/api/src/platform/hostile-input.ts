import { badRequest } from './errors.ts';

// Checks every request's JSON body and query string gets before any contract sees it, so no
// route can forget them (docs/decisions/0021-hostile-input-at-the-edge.md):
// - text must be well-formed UTF-16 (a lone surrogate such as "\ud800" cannot be stored:
//   PostgreSQL refuses it as UTF-8) and hold no NUL (PostgreSQL text cannot);
// - a JSON document is at most MAX_JSON_DEPTH deep, its keys at most MAX_KEY_LENGTH long,
//   unique within their object, and never `__proto__` or `constructor.prototype` (the keys
//   that change an object's prototype once copied with Object.assign or a merge).

export const MAX_JSON_DEPTH = 32;
export const MAX_KEY_LENGTH = 200;

export const HOSTILE_INPUT_MESSAGES = {
  nul: 'Текст содержит недопустимый нулевой символ (U+0000)',
  surrogate: 'Текст содержит недопустимый символ: одиночный суррогат UTF-16',
  tooDeep: `Слишком глубокая вложенность JSON: не больше ${MAX_JSON_DEPTH} уровней`,
  longKey: `Слишком длинное имя поля: не больше ${MAX_KEY_LENGTH} символов`,
  duplicateKey: (key: string) => `Поле «${key}» повторяется в JSON`,
  forbiddenKey: (key: string) => `Недопустимое имя поля «${key}»`,
} as const;

/** String.prototype.isWellFormed (Node 20+; the shared TypeScript lib predates ES2024). */
const isWellFormed = (text: string) =>
  (text as string & { isWellFormed(): boolean }).isWellFormed();

const textProblem = (text: string): string | null => {
  if (text.includes('\u0000')) return HOSTILE_INPUT_MESSAGES.nul;
  if (!isWellFormed(text)) return HOSTILE_INPUT_MESSAGES.surrogate;
  return null;
};

type Container = { keys: Set<string> | null; expectKey: boolean; parentKey: string | null };

/** The end (index of the closing quote) of the JSON string starting at `start`. */
const stringEnd = (text: string, start: number) => {
  let i = start + 1;
  for (;;) {
    const quote = text.indexOf('"', i);
    if (quote === -1) return text.length - 1;
    let backslashes = 0;
    for (let j = quote - 1; text.charCodeAt(j) === 92; j--) backslashes++;
    if (backslashes % 2 === 0) return quote;
    i = quote + 1;
  }
};

/**
 * Walks the text of a document JSON.parse accepted (so its syntax is known to be valid) without
 * recursion: a string after `{` or `,` inside an object is a key, any other is a value.
 * Returns the Russian reason to refuse it, or null.
 */
export function jsonDocumentProblem(text: string): string | null {
  // A literal lone surrogate anywhere (inside a string, since nothing else may hold one).
  if (!isWellFormed(text)) return HOSTILE_INPUT_MESSAGES.surrogate;
  const stack: Container[] = [];
  let lastKey: string | null = null;
  let nextEscape = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      const end = stringEnd(text, i);
      const top = stack.at(-1);
      if (top?.keys && top.expectKey) {
        const raw = text.slice(i, end + 1);
        const key = raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
        const problem = textProblem(key);
        if (problem) return problem;
        if (key.length > MAX_KEY_LENGTH) return HOSTILE_INPUT_MESSAGES.longKey;
        if (key === '__proto__' || (key === 'prototype' && top.parentKey === 'constructor')) {
          return HOSTILE_INPUT_MESSAGES.forbiddenKey(key);
        }
        if (top.keys.has(key)) return HOSTILE_INPUT_MESSAGES.duplicateKey(key);
        top.keys.add(key);
        top.expectKey = false;
        lastKey = key;
      } else {
        // Only a \u escape can make a lone surrogate or NUL in a value: decode those alone.
        // (The next escape's position is searched again only once passed: linear overall.)
        if (nextEscape < i) {
          const found = text.indexOf('\\u', i);
          nextEscape = found === -1 ? Infinity : found;
        }
        if (nextEscape < end) {
          const problem = textProblem(JSON.parse(text.slice(i, end + 1)) as string);
          if (problem) return problem;
        }
      }
      i = end;
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      const parent = stack.at(-1);
      stack.push({
        keys: c === 123 ? new Set() : null,
        expectKey: c === 123,
        parentKey: parent?.keys ? lastKey : null,
      });
      if (stack.length > MAX_JSON_DEPTH) return HOSTILE_INPUT_MESSAGES.tooDeep;
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      stack.pop();
    } else if (c === 44 /* , */) {
      const top = stack.at(-1);
      if (top?.keys) top.expectKey = true;
    }
  }
  return null;
}

/** The query string's keys and values, as Fastify parsed them (strings or arrays of them). */
export function queryProblem(query: unknown): string | null {
  if (!query || typeof query !== 'object') return null;
  for (const [key, value] of Object.entries(query)) {
    const problem = textProblem(key);
    if (problem) return problem;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string') {
        const itemProblem = textProblem(item);
        if (itemProblem) return itemProblem;
      }
    }
  }
  return null;
}

/** The body parser for application/json: JSON.parse, then the checks above. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  // JSON.parse throws SyntaxError on bad syntax; the caller answers it as malformed JSON.
  const value: unknown = JSON.parse(text);
  const problem = jsonDocumentProblem(text);
  if (problem) throw badRequest(problem);
  return value;
}
