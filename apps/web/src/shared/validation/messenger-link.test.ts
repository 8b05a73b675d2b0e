import { describe, expect, it } from 'vitest';
import { isMessengerLink, toTelegramUrl } from './messenger-link';

describe('messenger handle', () => {
  it('treats @name as a handle, not a link', () => {
    expect(isMessengerLink('@name')).toBe(false);
    expect(isMessengerLink('https://t.me/name')).toBe(true);
    expect(isMessengerLink('t.me/name')).toBe(true);
  });
  it('turns @name into a t.me link', () => {
    expect(toTelegramUrl('@name')).toBe('https://t.me/name');
  });
  it('strips the known prefixes', () => {
    expect(toTelegramUrl('t.me/name')).toBe('https://t.me/name');
    expect(toTelegramUrl('https://t.me/name')).toBe('https://t.me/name');
    expect(toTelegramUrl('telegram.me/name')).toBe('https://t.me/name');
    expect(toTelegramUrl('https://t.me/@name')).toBe('https://t.me/name');
    expect(toTelegramUrl('name')).toBe('https://t.me/name');
  });
});
