import { describe, expect, it } from 'vitest';
import { parseLetter, stripQuotedReply } from './letter.ts';

const crlf = (text: string) => text.replace(/\r?\n/g, '\r\n');

describe('parseLetter', () => {
  it('reads the ids that thread a reply, the sender and the new text without the quote', async () => {
    const letter = await parseLetter(
      crlf(`From: =?UTF-8?B?0JjQstCw0L0g0J/QtdGC0YDQvtCy?= <Ivan.Petrov@Example.RU>
To: hr@company.ru
Subject: =?UTF-8?B?UmU6INCf0YDQuNCz0LvQsNGI0LXQvdC40LU=?=
Date: Fri, 27 Nov 2026 10:00:00 +0300
Message-ID: <reply-1@example.ru>
In-Reply-To: <msg-1-42@company.ru>
References: <first@company.ru>
 <msg-1-42@company.ru>
MIME-Version: 1.0
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: 8bit

Здравствуйте! Приду в среду.

27.11.2026, 09:00, HR пишет:
> Приглашаем вас на собеседование.
> Ссылка: https://example.com
`),
    );
    expect(letter).toMatchObject({
      messageId: '<reply-1@example.ru>',
      inReplyTo: ['<msg-1-42@company.ru>'],
      references: ['<first@company.ru>', '<msg-1-42@company.ru>'],
      from: { address: 'ivan.petrov@example.ru', name: 'Иван Петров' },
      to: ['hr@company.ru'],
      subject: 'Re: Приглашение',
      text: 'Здравствуйте! Приду в среду.',
      bounce: null,
      automatic: false,
    });
    expect(letter.sentAt?.toISOString()).toBe('2026-11-27T07:00:00.000Z');
  });

  it('takes attached files with their names and bytes, not the pictures of the HTML', async () => {
    const pdf = Buffer.from('%PDF-1.4\n% résumé\n');
    const letter = await parseLetter(
      crlf(`From: a@example.ru
To: hr@company.ru
Subject: CV
Message-ID: <cv@example.ru>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="M"

--M
Content-Type: multipart/related; boundary="R"

--R
Content-Type: text/html; charset=utf-8

<p>Моё <b>резюме</b> во вложении</p><img src="cid:logo">
--R
Content-Type: image/png
Content-ID: <logo>
Content-Disposition: inline; filename="logo.png"
Content-Transfer-Encoding: base64

iVBORw0KGgo=
--R--
--M
Content-Type: application/pdf; name="=?UTF-8?B?0KDQtdC30Y7QvNC1LnBkZg==?="
Content-Disposition: attachment; filename*=UTF-8''%D0%A0%D0%B5%D0%B7%D1%8E%D0%BC%D0%B5.pdf
Content-Transfer-Encoding: base64

${pdf.toString('base64')}
--M--
`),
    );
    expect(letter.text).toBe('Моё резюме во вложении');
    expect(letter.attachments).toHaveLength(1);
    expect(letter.attachments[0]).toMatchObject({
      fileName: 'Резюме.pdf',
      mimeType: 'application/pdf',
    });
    expect(letter.attachments[0]!.bytes.equals(pdf)).toBe(true);
  });

  it('reads a delivery report (RFC 3464): the letter that failed, to whom and why', async () => {
    const letter = await parseLetter(
      crlf(`From: MAILER-DAEMON@mx.example.com (Mail Delivery System)
To: hr@company.ru
Subject: Undelivered Mail Returned to Sender
Message-ID: <bounce-1@mx.example.com>
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="B1"

--B1
Content-Type: text/plain; charset=utf-8

This is the mail system. Your message could not be delivered.

--B1
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.com

Final-Recipient: rfc822; nobody@applicant.ru
Original-Recipient: rfc822;nobody@applicant.ru
Action: failed
Status: 5.1.1
Diagnostic-Code: smtp; 550 5.1.1 <nobody@applicant.ru>: Recipient address
    rejected: User unknown

--B1
Content-Type: text/rfc822-headers

From: hr@company.ru
To: nobody@applicant.ru
Subject: Hello
Message-ID: <msg-1-42@company.ru>

--B1--
`),
    );
    expect(letter.automatic).toBe(true);
    expect(letter.bounce).toEqual({
      originalMessageIds: ['<msg-1-42@company.ru>'],
      recipient: 'nobody@applicant.ru',
      status: '5.1.1',
      reason:
        'Письмо не доставлено на nobody@applicant.ru: такого адреса нет: 550 5.1.1 <nobody@applicant.ru>: Recipient address rejected: User unknown',
    });
  });

  it('finds the failed letter in a returned message/rfc822 part', async () => {
    const letter = await parseLetter(
      crlf(`From: postmaster@mail.ru
To: hr@company.ru
Subject: Delivery Status Notification (Failure)
Message-ID: <b2@mail.ru>
MIME-Version: 1.0
Content-Type: multipart/report; report-type="delivery-status"; boundary="X"

--X
Content-Type: text/plain; charset=utf-8

Письмо не доставлено.
--X
Content-Type: message/delivery-status

Reporting-MTA: dns; mail.ru

Final-Recipient: rfc822; full@mail.ru
Action: failed
Status: 5.2.2

--X
Content-Type: message/rfc822

From: hr@company.ru
To: full@mail.ru
Subject: Hi
Message-ID: <msg-7-9@company.ru>

Body
--X--
`),
    );
    expect(letter.bounce).toMatchObject({
      originalMessageIds: ['<msg-7-9@company.ru>'],
      reason: 'Письмо не доставлено на full@mail.ru: ящик переполнен: код 5.2.2',
    });
  });

  it('does not fail a letter for a delay report (Action: delayed)', async () => {
    const letter = await parseLetter(
      crlf(`From: MAILER-DAEMON@mx.example.com
To: hr@company.ru
Subject: Delayed Mail (still being retried)
Message-ID: <d1@mx.example.com>
Content-Type: multipart/report; report-type=delivery-status; boundary="D"

--D
Content-Type: text/plain

Still trying.
--D
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.com

Final-Recipient: rfc822; slow@applicant.ru
Action: delayed
Status: 4.4.1

--D--
`),
    );
    expect(letter.bounce).toBeNull();
    expect(letter.automatic).toBe(true);
  });

  it('a letter without ids or a date still parses', async () => {
    const letter = await parseLetter('From: x@y.ru\r\n\r\nпривет\r\n');
    expect(letter).toMatchObject({
      messageId: null,
      inReplyTo: [],
      references: [],
      sentAt: null,
      subject: '',
      text: 'привет',
    });
  });
});

describe('stripQuotedReply', () => {
  it('cuts an Outlook-style original message and keeps a letter that is only a quote', () => {
    expect(
      stripQuotedReply('Да, удобно.\n\n-----Original Message-----\nFrom: hr\nSubject: Время'),
    ).toBe('Да, удобно.');
    expect(stripQuotedReply('> только цитата\n> ещё')).toBe('> только цитата\n> ещё');
    expect(stripQuotedReply('Ответ\n> цитата\nпродолжение после цитаты')).toBe(
      'Ответ\n> цитата\nпродолжение после цитаты',
    );
  });
});
