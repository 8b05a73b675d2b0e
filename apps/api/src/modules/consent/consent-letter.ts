// The consent request letter (152-FZ, decision 0046): plain text in Russian, as every other letter
// of the product, with the link to the public page where the applicant answers.

/** The path of the public page the letter links to; the token is its only secret. */
export const consentPath = (token: string) => `/consent/${token}`;

export const consentSubject = (company: string) =>
  `Согласие на обработку персональных данных — ${company}`;

export function consentLetter(letter: {
  company: string;
  firstName: string | null;
  middleName: string | null;
  link: string;
}) {
  const name = [letter.firstName, letter.middleName].filter(Boolean).join(' ').trim();
  return {
    subject: consentSubject(letter.company),
    text:
      `Здравствуйте${name ? `, ${name}` : ''}!\n\n` +
      `Компания «${letter.company}» рассматривает вашу кандидатуру и просит согласия на обработку ` +
      'ваших персональных данных по Федеральному закону № 152-ФЗ «О персональных данных».\n\n' +
      `Прочитать текст согласия и дать его или отказаться можно по ссылке, без входа в систему:\n` +
      `${letter.link}\n\n` +
      'По этой же ссылке согласие можно отозвать в любой момент.\n\n' +
      'Если вы не ждали этого письма, просто проигнорируйте его.\n',
  };
}
