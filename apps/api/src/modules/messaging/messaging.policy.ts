import { MSG_MESSAGES } from '@ats/contracts/messaging';
import type { Session } from '../../platform/auth.ts';
import { forbidden, notFound } from '../../platform/errors.ts';

type Caller = Pick<Session, 'memberType' | 'isAdmin' | 'userId'>;
type ChannelOwner = { userId: number | null };

/** Talking to applicants is recruiters' work: a watcher (the hiring client) does not. */
export function assertCanMessage(caller: Caller) {
  if (caller.memberType === 'watcher') throw forbidden(MSG_MESSAGES.forbidden);
}

/** A company channel is everyone's to use, a user's own channel only theirs. */
export const canUseChannel = (caller: Caller, channel: ChannelOwner) =>
  channel.userId === null || channel.userId === caller.userId;

/** Seeing a channel: as using it, and admins see every channel of the company. */
export function assertCanSeeChannel(caller: Caller, channel: ChannelOwner) {
  if (!canUseChannel(caller, channel) && !caller.isAdmin) {
    throw notFound(MSG_MESSAGES.channelNotFound);
  }
}

/** Company channels are connected and changed by admins; a user's own by that user (or admins). */
export function assertCanManageChannel(caller: Caller, channel: ChannelOwner) {
  assertCanMessage(caller);
  if (
    channel.userId === null ? !caller.isAdmin : channel.userId !== caller.userId && !caller.isAdmin
  ) {
    throw forbidden(MSG_MESSAGES.manageForbidden);
  }
}
