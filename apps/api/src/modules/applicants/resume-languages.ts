// «Английский — B2 — Средне-продвинутый», «English: Upper-Intermediate», «Русский — Родной».

/** A language as the résumé names it; `level` is a code of the levels dictionary (b2, l1). */
export type LanguageMention = { name: string; level: string | null };

/** Checked in order: the more specific words first («средне-продвинутый» before «продвинутый»). */
const LEVEL_WORDS: [RegExp, string][] = [
  [/родной|native|носитель/i, 'l1'],
  [/в совершенстве|proficien/i, 'c2'],
  [/средне-продвинут|upper[\s-]?intermediate/i, 'b2'],
  [/pre[\s-]?intermediate|элементарн|elementary/i, 'a2'],
  [/продвинут|advanced|свободн|fluent/i, 'c1'],
  [/средн|intermediate/i, 'b1'],
  [/начальн|базов|beginner|basic/i, 'a1'],
  [/разговорн|conversational/i, 'b1'],
  [/техническ|со словар|читаю/i, 'a2'],
];

// CEFR codes, also typed with the Cyrillic А, В, С that look the same.
const CEFR = /(?:^|[^A-Za-zА-Яа-я])([ABCАВС])([12])(?![0-9])/;
const LATIN = { А: 'A', В: 'B', С: 'C' } as Record<string, string>;

export function levelOf(text: string): string | null {
  const cefr = CEFR.exec(text);
  if (cefr) return `${(LATIN[cefr[1]!] ?? cefr[1]!).toLowerCase()}${cefr[2]}`;
  return LEVEL_WORDS.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

const MENTION = /^([A-Za-zА-ЯЁа-яё]+)(?:\s+язык)?\s*(?:[—–:(-]\s*(.*))?$/i;

/** A language and its level from one piece of the languages section; null when not one. */
export function languageOf(text: string): LanguageMention | null {
  const match = MENTION.exec(text.trim());
  if (!match) return null;
  const name = match[1]!.charAt(0).toUpperCase() + match[1]!.slice(1).toLowerCase();
  return { name, level: match[2] ? levelOf(match[2]) : null };
}

const LANGUAGE_NAME =
  /(?:ский|цкий)$|^(?:иврит|хинди|english|german|french|spanish|italian|chinese|japanese|korean|arabic|turkish|polish)$/i;

/** «Английский язык — B2» met outside the languages section (under the skills, say). */
export function strayLanguageOf(text: string): LanguageMention | null {
  const mention = languageOf(text);
  return mention && mention.level && LANGUAGE_NAME.test(mention.name) ? mention : null;
}
