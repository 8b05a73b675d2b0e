import type { InputProps } from '@ats/ui/input';
import { MaskedInput } from './masked-input';
import { normalizeSpaces } from './normalize-spaces';

/** Free text without runs of spaces or leading spaces (SPEC.md §5). */
export function TextInput(props: InputProps) {
  return <MaskedInput {...props} mask={normalizeSpaces} />;
}
