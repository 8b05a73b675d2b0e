import type { InputProps } from '@ats/ui/input';
import { MaskedInput } from './masked-input';
import { formatTimeMask } from './time-mask';

export function TimeInput(props: InputProps) {
  return (
    <MaskedInput
      inputMode="numeric"
      placeholder="ЧЧ:ММ"
      maxLength={5}
      {...props}
      mask={formatTimeMask}
    />
  );
}
