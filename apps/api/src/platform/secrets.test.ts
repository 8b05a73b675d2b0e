import { describe, expect, it } from 'vitest';
import { secretBox } from './secrets.ts';

describe('secretBox', () => {
  const box = secretBox('a key of the install, long enough', 'tokens');

  it('seals a secret so that only the same key opens it, and never shows it in clear', () => {
    const sealed = box.seal('ya29.secret-access-token');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('ya29');
    expect(box.seal('ya29.secret-access-token')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('ya29.secret-access-token');
    expect(secretBox('another key of the install', 'tokens').open(sealed)).toBeNull();
    expect(secretBox('a key of the install, long enough', 'other').open(sealed)).toBeNull();
  });

  it('refuses an altered or malformed value', () => {
    const [v, iv, tag, body] = box.seal('secret').split('.');
    const flipped = body!.startsWith('A') ? `B${body!.slice(1)}` : `A${body!.slice(1)}`;
    expect(box.open([v, iv, tag, flipped].join('.'))).toBeNull();
    expect(box.open('v1.bad')).toBeNull();
    expect(box.open('plain text')).toBeNull();
  });

  it('signs a state the client carries back, and refuses one it changed', () => {
    const signed = box.sign({ a: 1, u: 2 });
    expect(box.verify(signed)).toEqual({ a: 1, u: 2 });
    const [data, mac] = signed.split('.');
    const other = Buffer.from(JSON.stringify({ a: 9, u: 2 })).toString('base64url');
    expect(box.verify(`${other}.${mac}`)).toBeNull();
    expect(box.verify(`${data}.`)).toBeNull();
    expect(secretBox('another key of the install', 'tokens').verify(signed)).toBeNull();
  });
});
