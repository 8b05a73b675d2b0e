import { describe, expect, it } from 'vitest';
import { unreadLabel } from '../../shared/messaging/unread-badge';
import { formatMessageTime } from './message-labels';

describe('message labels', () => {
  it('names an unread count in the Russian plural', () => {
    expect(unreadLabel(1)).toBe('1 непрочитанное сообщение');
    expect(unreadLabel(3)).toBe('3 непрочитанных сообщения');
    expect(unreadLabel(5)).toBe('5 непрочитанных сообщений');
    expect(unreadLabel(21)).toBe('21 непрочитанное сообщение');
  });

  it('shows the time alone for today, the day for this year, the year before', () => {
    const now = new Date('2026-11-27T12:00:00+03:00');
    expect(formatMessageTime('2026-11-27T09:05:00+03:00', now)).toBe('09:05');
    expect(formatMessageTime('2026-03-12T14:05:00+03:00', now)).toBe('12 марта, 14:05');
    expect(formatMessageTime('2025-03-12T14:05:00+03:00', now)).toBe('12 марта 2025 г., 14:05');
  });
});
