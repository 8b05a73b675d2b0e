import type { ChangeEvent } from 'react';
import { Input, type InputProps } from '@ats/ui/input';

export type MaskedInputProps = InputProps & { mask: (value: string) => string };

/**
 * Rewrites the value before the change reaches the form, so react-hook-form (which reads
 * event.target.value) and plain state both see the cleaned text.
 */
export function MaskedInput({ mask, onChange, ...rest }: MaskedInputProps) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = mask(event.target.value);
    if (next !== event.target.value) event.target.value = next;
    onChange?.(event);
  };
  return <Input {...rest} onChange={handleChange} />;
}
