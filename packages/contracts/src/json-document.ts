import { z } from 'zod';

// Free-form JSON kept as sent (a board view's filters, a stage action's parameters): bounded
// in depth and size by the schema itself, whatever parser delivered it.

/** Its depth, counted iteratively (a hostile document must not exhaust the stack). */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** An object of at most `maxDepth` levels whose JSON is at most `maxLength` characters. */
export const boundedDocument = (maxDepth: number, maxLength: number) =>
  z
    .record(z.string().max(100, { error: 'Имя поля не длиннее 100 символов' }), z.unknown(), {
      error: 'Ожидается объект',
    })
    .superRefine((document, ctx) => {
      if (jsonDepth(document) > maxDepth) {
        ctx.addIssue({ code: 'custom', message: `Вложенность не больше ${maxDepth} уровней` });
      } else if (JSON.stringify(document).length > maxLength) {
        ctx.addIssue({ code: 'custom', message: `Не длиннее ${maxLength} символов в JSON` });
      }
    });
