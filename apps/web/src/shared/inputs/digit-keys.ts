export type KeyLike = { key: string; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean };

// Editing and navigation keys must keep working in a digit-only field.
const ALLOWED_KEYS = new Set([
  'Backspace',
  'Delete',
  'Tab',
  'Enter',
  'Escape',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
]);

/** True when a keydown in a digit-only field must be blocked. */
export function isBlockedDigitKey(event: KeyLike): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  if (ALLOWED_KEYS.has(event.key)) return false;
  return !/^\d$/.test(event.key);
}

/** Pasted or autofilled text keeps its digits only. */
export function keepDigits(value: string, maxLength?: number): string {
  const digits = value.replace(/\D/g, '');
  return maxLength === undefined ? digits : digits.slice(0, maxLength);
}
