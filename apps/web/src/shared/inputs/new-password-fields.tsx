import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@ats/ui/field';
import { Input } from '@ats/ui/input';

type Props = {
  /** `register(...)` of the password and of its repetition, in the caller's form. */
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  errors: { password?: string | undefined; confirmation?: string | undefined };
  hint?: string;
  required?: boolean;
  autoFocus?: boolean;
};

/** A new password typed twice, as the sign-up, the reset link and the invitation ask for it. */
export function NewPasswordFields({
  password,
  confirmation,
  errors,
  hint,
  required = false,
  autoFocus = false,
}: Props) {
  return (
    <>
      <Field label="Пароль" required={required} hint={hint} error={errors.password}>
        {(c) => (
          <Input
            type="password"
            autoComplete="new-password"
            autoFocus={autoFocus}
            {...c}
            {...password}
          />
        )}
      </Field>
      <Field label="Повторите пароль" required={required} error={errors.confirmation}>
        {(c) => <Input type="password" autoComplete="new-password" {...c} {...confirmation} />}
      </Field>
    </>
  );
}
