import { describe, expect, it } from 'vitest';
import { formatPhone, normalizePhone, normalizePhoneContacts, phoneToE164 } from './phone.ts';

describe('phones: one stored form and one display form', () => {
  it('stores every way of writing a Russian number as E.164', () => {
    for (const typed of [
      '8 916 123 45 67',
      '+7 (916) 123-45-67',
      '89161234567',
      '79161234567',
      '9161234567',
      '+7 916 123-45-67',
      '8-916-123-45-67',
      'tel:+79161234567',
      ' +7(916)1234567 ',
    ]) {
      expect(normalizePhone(typed), typed).toBe('+79161234567');
    }
    expect(normalizePhone('+375 29 123-45-67')).toBe('+375291234567');
    expect(normalizePhone('00 375 29 123 45 67')).toBe('+375291234567');
  });

  it('keeps as typed what is not surely one number', () => {
    for (const typed of [
      '8 916 123-45-67 доб. 12',
      '123-45',
      'звонить после 18',
      '8 916 123 45 67, 8 903 000 11 22',
      '375 29 123 45 67',
      '8 111 111 11 11',
      '+7 (123) 456-78-90',
    ]) {
      expect(phoneToE164(typed), typed).toBeNull();
      expect(normalizePhone(typed), typed).toBe(typed.trim());
    }
  });

  it('shows a Russian number as +7 916 123-45-67, whatever form it was stored in', () => {
    expect(formatPhone('+79161234567')).toBe('+7 916 123-45-67');
    expect(formatPhone('8 (916) 123 45 67')).toBe('+7 916 123-45-67');
    expect(formatPhone('+375291234567')).toBe('+375291234567');
    expect(formatPhone('звонить после 18')).toBe('звонить после 18');
    expect(formatPhone(null)).toBe('');
  });

  it('normalizes phone-like extra contacts only', () => {
    expect(
      normalizePhoneContacts([
        { contact_type: 'whatsapp', value: '8 916 123 45 67', is_prefered: false },
        { contact_type: 'skype', value: '89161234567', is_prefered: false },
      ]),
    ).toEqual([
      { contact_type: 'whatsapp', value: '+79161234567', is_prefered: false },
      { contact_type: 'skype', value: '89161234567', is_prefered: false },
    ]);
  });
});
