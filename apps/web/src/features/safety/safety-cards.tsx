import { PasswordCard } from './password-card';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

/** One's own password, two-factor sign-in and sessions: the safety settings and the profile. */
export function SafetyCards() {
  return (
    <>
      <PasswordCard />
      <TwoFactorCard />
      <SessionsCard />
    </>
  );
}
