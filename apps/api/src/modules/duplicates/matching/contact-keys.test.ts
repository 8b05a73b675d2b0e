import { describe, expect, it } from 'vitest';
import { emailKey, phoneKey, resumeKey, telegramKey } from './contact-keys.ts';

describe('a phone becomes one E.164 number however it was written', () => {
  it.each([
    '+7 (912) 345-67-89',
    '8 (912) 345-67-89',
    '89123456789',
    '79123456789',
    '9123456789',
    '+7 912 345 67 89',
    '8-912-345-67-89',
    '+7(912)3456789 доб. 123',
    '8 912 345 67 89 ext 12',
    '+7 912 345-67-89 #12',
    '+8 912 345 67 89',
  ])('%s → +79123456789', (written) => {
    expect(phoneKey(written)).toBe('+79123456789');
  });

  it('keeps a Moscow landline and a foreign number written with +', () => {
    expect(phoneKey('8 (495) 123-45-67')).toBe('+74951234567');
    expect(phoneKey('+375 29 123-45-67')).toBe('+375291234567');
    expect(phoneKey('0049 30 1234567')).toBe('+49301234567');
  });

  it.each([
    '123-45',
    '',
    'не помню',
    '+7 (000) 000-00-00',
    '8 (111) 111-11-11',
    '1234567890',
    '8 912 345',
  ])('junk %j gives no key, so it never links two people', (junk) => {
    expect(phoneKey(junk)).toBeNull();
  });
});

describe('an e-mail is trimmed and case-folded', () => {
  it('ignores case and stray spaces', () => {
    expect(emailKey('  Maria.Ivanova@Mail.RU ')).toBe('maria.ivanova@mail.ru');
    expect(emailKey('mailto:ivanov@bk.ru')).toBe('ivanov@bk.ru');
  });

  it('folds the spellings Gmail and Yandex deliver to one mailbox', () => {
    expect(emailKey('Maria.Ivanova+hh@gmail.com')).toBe(emailKey('mariaivanova@googlemail.com'));
    expect(emailKey('maria-ivanova@ya.ru')).toBe(emailKey('maria.ivanova@yandex.ru'));
  });

  it('gives no key for what is not an address', () => {
    expect(emailKey('нет')).toBeNull();
    expect(emailKey('ivanov@')).toBeNull();
  });
});

describe('a Telegram handle is the same in a link, with @ or bare', () => {
  it.each([
    '@Maria_Ivanova',
    'maria_ivanova',
    't.me/maria_ivanova',
    'https://t.me/Maria_Ivanova',
    'http://telegram.me/maria_ivanova/',
    'tg://resolve?domain=maria_ivanova',
  ])('%s → maria_ivanova', (written) => {
    expect(telegramKey(written)).toBe('maria_ivanova');
  });

  it('refuses what Telegram does not allow as a username', () => {
    expect(telegramKey('@abc')).toBeNull();
    expect(telegramKey('мария')).toBeNull();
  });
});

describe('a job-site résumé is known by its id', () => {
  const id = '0a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2';

  it('finds the hh.ru résumé on any hh host, with a query or a fragment', () => {
    const key = `resume:hh:${id}`;
    expect(resumeKey(`https://hh.ru/resume/${id}`)?.key).toBe(key);
    expect(resumeKey(`https://spb.hh.ru/resume/${id}?hhtmFrom=resume_search_result`)?.key).toBe(
      key,
    );
    expect(resumeKey(`hh.kz/resume/${id.toUpperCase()}/`)?.key).toBe(key);
    expect(resumeKey(`https://novosibirsk.hh.ru/resume/${id}#contacts`)?.site).toBe('hh.ru');
  });

  it('reads Avito, SuperJob, Habr Career and LinkedIn profiles', () => {
    expect(
      resumeKey('https://www.avito.ru/moskva/rezume/menedzher_po_prodazham_2345678901')?.key,
    ).toBe('resume:avito:2345678901');
    expect(resumeKey('https://www.superjob.ru/resume/menedzher-45678912.html')?.key).toBe(
      'resume:superjob:45678912',
    );
    expect(resumeKey('https://career.habr.com/Ivanov_Dev')?.key).toBe('resume:habr:ivanov_dev');
    expect(resumeKey('https://www.linkedin.com/in/maria-ivanova/')?.key).toBe(
      'resume:linkedin:maria-ivanova',
    );
  });

  it('keeps other links by host and path, without the query', () => {
    expect(resumeKey('https://www.Example.com/CV/?utm=1')?.key).toBe('resume:url:example.com/cv');
    expect(resumeKey('https://hh.ru/vacancy/123')).toBeNull();
    expect(resumeKey('просто текст')).toBeNull();
  });
});
