// ИНН (taxpayer number): 10 digits for a company, 12 for a sole trader or a person. The last
// digit (or two) are check digits: weighted sums of the others, modulo 11, then modulo 10.

const WEIGHTS_10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const WEIGHTS_11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const WEIGHTS_12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

export const INN_FORMAT_MESSAGE = 'ИНН состоит из 10 или 12 цифр';
export const INN_CHECKSUM_MESSAGE = 'ИНН с ошибкой: не сходится контрольное число';

const checkDigit = (digits: number[], weights: number[]) =>
  (weights.reduce((sum, weight, i) => sum + weight * digits[i]!, 0) % 11) % 10;

/** Whether the digits are an ИНН whose check digits match. */
export function isValidInnChecksum(inn: string): boolean {
  if (!/^(\d{10}|\d{12})$/.test(inn)) return false;
  const digits = [...inn].map(Number);
  if (digits.length === 10) return checkDigit(digits, WEIGHTS_10) === digits[9];
  return (
    checkDigit(digits, WEIGHTS_11) === digits[10] && checkDigit(digits, WEIGHTS_12) === digits[11]
  );
}
