import type { Session } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';

export const CANNOT_REVOKE_BOOKING = 'Отозвать ссылку может её автор или администратор';

/**
 * Whoever reaches the applicant may make a link (the service reads the card as they read it);
 * revoking someone else's link is for admins and recruiters (owners), a hiring manager
 * (watcher) revokes only their own.
 */
export function bookingRefusal(
  session: Pick<Session, 'memberType' | 'isAdmin' | 'userId'>,
  booking: { createdBy: number },
): string | null {
  if (booking.createdBy === session.userId || session.isAdmin) return null;
  return session.memberType === 'owner' ? null : CANNOT_REVOKE_BOOKING;
}

export function assertCanManageBooking(
  session: Pick<Session, 'memberType' | 'isAdmin' | 'userId'>,
  booking: { createdBy: number },
) {
  const refusal = bookingRefusal(session, booking);
  if (refusal) throw forbidden(refusal);
}
