import type { ResumeSample } from './sample.ts';

/**
 * hh.ru's PDF export in its newer form: the city with the readiness to move on one line, the
 * salary beside the wanted position, the industries printed between the company and the position.
 */
export const hhPdfDeveloper: ResumeSample = {
  file: 'Соколова Анна.pdf',
  layout: 'hh.ru PDF',
  format: 'pdf',
  rows: [
    'Соколова Анна Игоревна',
    'Женщина, 29 лет, родилась 3 февраля 1996',
    '+7 (981) 234-56-78',
    'anna.sokolova.dev@gmail.com — предпочитаемый способ связи',
    'Telegram: @anna_sokolova_dev',
    'Санкт-Петербург, не готова к переезду, готова к командировкам',
    'Желаемая должность и зарплата',
    { left: 'Frontend-разработчик', right: '3 500 $ на руки' },
    'Специализации:',
    '— Программист, разработчик',
    'Занятость: полная занятость',
    'График работы: удаленная работа',
    'Опыт работы — 6 лет 1 месяц',
    {
      left: 'Июнь 2021 —\nнастоящее время\n4 года 4 месяца',
      right:
        'Тинькофф\nСанкт-Петербург, tbank.ru\n' +
        'Информационные технологии, системная интеграция, интернет\n' +
        '• Разработка программного обеспечения\nFrontend-разработчик\n' +
        'Разработка личного кабинета на React и TypeScript.\nНастройка CI и покрытие тестами.',
    },
    {
      left: 'Сентябрь 2019 —\nМай 2021\n1 год 9 месяцев',
      right:
        'ООО «Веб Студия Пиксель»\nСанкт-Петербург\nJavaScript-разработчик\n' +
        'Вёрстка и поддержка интернет-магазинов.',
    },
    'Образование',
    'Бакалавр',
    {
      left: '2018',
      right:
        'Санкт-Петербургский политехнический университет Петра Великого\n' +
        'Институт компьютерных наук и технологий, Программная инженерия',
    },
    'Повышение квалификации, курсы',
    { left: '2020', right: 'Яндекс Практикум\nМидл фронтенд-разработчик' },
    'Ключевые навыки',
    { left: 'Знание языков', right: 'Русский — Родной\nАнглийский — B2 — Средне-продвинутый' },
    { chips: ['Навыки', 'JavaScript', 'TypeScript', 'React', 'Redux', 'Git'] },
    'Дополнительная информация',
    { left: 'Обо мне', right: 'Люблю чистый код и понятные интерфейсы.' },
  ],
  expected: {
    last_name: 'Соколова',
    first_name: 'Анна',
    middle_name: 'Игоревна',
    birthday: '1996-02-03',
    phone: '+7 (981) 234-56-78',
    email: 'anna.sokolova.dev@gmail.com',
    tg: '@anna_sokolova_dev',
    city: 'Санкт-Петербург',
    position: 'Frontend-разработчик',
    money: '3500',
    currency: 'USD',
    company: 'Тинькофф',
    experience: [
      {
        company: 'Тинькофф',
        position: 'Frontend-разработчик',
        date_start: '2021-06-01',
        date_end: null,
        duties: 'Разработка личного кабинета',
      },
      {
        company: 'ООО «Веб Студия Пиксель»',
        position: 'JavaScript-разработчик',
        date_start: '2019-09-01',
        date_end: '2021-05-01',
        duties: 'Вёрстка и поддержка',
      },
    ],
    education: [
      {
        name: 'Санкт-Петербургский политехнический университет Петра Великого',
        speciality: 'Институт компьютерных наук и технологий, Программная инженерия',
        year: 2018,
      },
    ],
    skills: ['JavaScript', 'TypeScript', 'React', 'Redux', 'Git'],
    languages: [
      { name: 'Русский', level: 'l1' },
      { name: 'Английский', level: 'b2' },
    ],
  },
};
