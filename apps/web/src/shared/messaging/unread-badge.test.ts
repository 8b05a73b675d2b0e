import { describe, expect, it } from 'vitest';
import { unreadLabel } from './unread-badge';

describe('unreadLabel', () => {
  it('reads the count aloud with the Russian form of its number', () => {
    expect([1, 3, 5, 11, 21, 24, 112].map(unreadLabel)).toEqual([
      '1 непрочитанное сообщение',
      '3 непрочитанных сообщения',
      '5 непрочитанных сообщений',
      '11 непрочитанных сообщений',
      '21 непрочитанное сообщение',
      '24 непрочитанных сообщения',
      '112 непрочитанных сообщений',
    ]);
  });
});
