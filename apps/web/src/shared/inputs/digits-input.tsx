import type { KeyboardEvent } from 'react';
import type { InputProps } from '@ats/ui/input';
import { isBlockedDigitKey, keepDigits } from './digit-keys';
import { MaskedInput } from './masked-input';

export type DigitsInputProps = InputProps & { maxDigits?: number };

/** Blocks non-digit keys; pasted text keeps only its digits. */
export function DigitsInput({ maxDigits, onKeyDown, ...rest }: DigitsInputProps) {
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (isBlockedDigitKey(event)) event.preventDefault();
    onKeyDown?.(event);
  };
  return (
    <MaskedInput
      inputMode="numeric"
      {...rest}
      onKeyDown={handleKeyDown}
      mask={(value) => keepDigits(value, maxDigits)}
    />
  );
}
