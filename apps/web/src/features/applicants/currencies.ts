import { currencySymbol } from '../../shared/format/currency';

export const CURRENCIES = ['RUB', 'USD', 'EUR'] as const;

export const currencyLabel = (code: string) => `${code} ${currencySymbol(code)}`;
