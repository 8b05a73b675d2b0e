const MAX_TIME_DIGITS = 4;

/** Formats typed or pasted text as HH:MM, keeping at most 4 digits. */
export function formatTimeMask(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, MAX_TIME_DIGITS);
  return [digits.slice(0, 2), digits.slice(2, 4)].filter(Boolean).join(':');
}
