const SYMBOLS: Record<string, string> = { rub: '₽', rur: '₽', usd: '$', eur: '€' };

/** Symbol for a currency code; unknown codes are shown as their upper-case code. */
export function currencySymbol(code: string | null | undefined): string {
  if (!code) return '';
  return SYMBOLS[code.trim().toLowerCase()] ?? code.trim().toUpperCase();
}
