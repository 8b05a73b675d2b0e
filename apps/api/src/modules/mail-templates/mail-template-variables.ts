import {
  MAIL_TEMPLATE_VARIABLES,
  TEMPLATE_VARIABLE_PATTERN,
  type TMailTemplateVariable,
  type TMailTemplateVariableName,
  variableToken,
} from '@ats/contracts/mail-templates';
import { escapeHtml } from './mail-template-html.ts';

export type VariableValues = Record<TMailTemplateVariableName, string>;

const KNOWN: ReadonlySet<string> = new Set(MAIL_TEMPLATE_VARIABLES.map((v) => v.name));

export const listTemplateVariables = (): TMailTemplateVariable[] =>
  MAIL_TEMPLATE_VARIABLES.map((v) => ({ variable: variableToken(v.name), ...v }));

const pattern = () => new RegExp(TEMPLATE_VARIABLE_PATTERN.source, 'gi');

/**
 * Puts the values in place of the known variables (written in any case); an unknown one stays as
 * typed, so the author sees their typo. `escape` makes a value text inside HTML.
 */
export function fillVariables(
  text: string,
  values: VariableValues,
  escape: (value: string) => string = (value) => value,
): string {
  return text.replace(pattern(), (token, name: string) => {
    const key = name.toLowerCase();
    return KNOWN.has(key) ? escape(values[key as TMailTemplateVariableName]) : token;
  });
}

export const fillHtmlVariables = (html: string, values: VariableValues) =>
  fillVariables(html, values, escapeHtml);

/** Variables the texts name that the list does not know, each once, as typed. */
export function unknownVariables(...texts: string[]): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    for (const match of text.matchAll(pattern())) {
      if (!KNOWN.has(match[1]!.toLowerCase())) found.add(match[0]);
    }
  }
  return [...found];
}

/** «5 марта 2026 г.» in the account's time zone. */
export const russianDate = (now: Date, timeZone: string) => {
  try {
    return new Intl.DateTimeFormat('ru-RU', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone,
    }).format(now);
  } catch {
    return new Intl.DateTimeFormat('ru-RU', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/Moscow',
    }).format(now);
  }
};
