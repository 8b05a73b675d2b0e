import { currencySymbol } from '../format/currency';

export const CURRENCIES = ['RUB', 'USD', 'EUR'] as const;

export const currencyLabel = (code: string) => `${code} ${currencySymbol(code)}`;

/** The currencies the product offers, as the options of a <select>: 'RUB ₽', 'USD $', 'EUR €'. */
export function CurrencyOptions() {
  return CURRENCIES.map((code) => (
    <option key={code} value={code}>
      {currencyLabel(code)}
    </option>
  ));
}
