export type FaqArticle = { slug: string; question: string; answer: string[] };

export const FAQ_ARTICLES: FaqArticle[] = [
  {
    slug: 'kak-sozdat-vakansiyu',
    question: 'Как создать вакансию?',
    answer: [
      'Откройте раздел «Вакансии» и нажмите «Новая вакансия». Укажите название, отдел, зарплатную вилку и этапы воронки.',
      'Вакансию можно создать из шаблона: так этапы и описание не придётся заполнять заново.',
    ],
  },
  {
    slug: 'kak-dobavit-kandidata',
    question: 'Как добавить кандидата?',
    answer: [
      'Кандидата можно добавить вручную в карточке вакансии, загрузить резюме файлом или импортировать с hh.ru, Avito и Хабр Карьеры расширением для браузера.',
      'Система сама подскажет, если такой кандидат уже есть в базе, и предложит объединить дубликаты.',
    ],
  },
  {
    slug: 'roli-polzovateley',
    question: 'Чем отличаются роли пользователей?',
    answer: [
      'Рекрутер работает с вакансиями и кандидатами. Наблюдатель видит только вакансии, к которым его пригласили, и оставляет отзывы о кандидатах.',
      'Администратор дополнительно управляет настройками компании, пользователями и справочниками.',
    ],
  },
  {
    slug: 'integraciya-hh',
    question: 'Как подключить hh.ru?',
    answer: [
      'В разделе «Интеграции → hh.ru» нажмите «Подключить» и войдите в аккаунт работодателя. После этого можно публиковать вакансии и получать отклики прямо в систему.',
    ],
  },
  {
    slug: 'prodlenie-tarifa',
    question: 'Что будет, когда закончится тариф?',
    answer: [
      'Аккаунт станет неактивным, но данные сохранятся. Продлите тариф или запросите продление у менеджера — доступ вернётся сразу.',
    ],
  },
  {
    slug: 'vosstanovlenie-parolya',
    question: 'Я забыл пароль. Что делать?',
    answer: [
      'На странице входа нажмите «Забыли пароль?» и укажите email. Мы пришлём ссылку, по которой можно задать новый пароль.',
    ],
  },
];

const normalize = (text: string) => text.toLowerCase().replace(/ё/g, 'е');

/** Articles whose question or answer contains every word of the query. */
export function searchFaq(query: string, articles: FaqArticle[] = FAQ_ARTICLES): FaqArticle[] {
  const words = normalize(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return articles.filter((article) => {
    const text = normalize(`${article.question} ${article.answer.join(' ')}`);
    return words.every((word) => text.includes(word));
  });
}

export const findFaqArticle = (slug: string | undefined) =>
  FAQ_ARTICLES.find((article) => article.slug === slug);
