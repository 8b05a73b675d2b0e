import type { InputProps } from '@ats/ui/input';
import { formatDateMask } from './date-mask';
import { MaskedInput } from './masked-input';

export function DateInput(props: InputProps) {
  return (
    <MaskedInput
      inputMode="numeric"
      placeholder="ДД.ММ.ГГГГ"
      maxLength={10}
      {...props}
      mask={formatDateMask}
    />
  );
}
