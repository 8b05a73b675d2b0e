// Fills one account with N realistic applicants, fast: every batch is one server-side
// `insert … select … from generate_series(…)`, so no row travels through the API or the driver.
//
//   npx tsx bench/generate-applicants.ts --applicants 1000000 --account-id 1 \
//     --database-url postgres://postgres@127.0.0.1:54329/ats        # PostgreSQL
//   npx tsx bench/generate-applicants.ts --applicants 200000 --account-id 1 --data-dir ./data
//                                                                    # PGlite (server stopped)
// Options: --batch (50,000 on PostgreSQL, 10,000 on PGlite), --jobs (parallel connections,
// PostgreSQL only, 2), --seed (1; another seed gives other people), --keep-indexes (by default
// the secondary indexes of the applicants and of their contact keys are dropped for loads of 100k
// rows or more and rebuilt after, which is several times faster — do not do that on a database a
// server is using), --no-vacuum.
//
// The account must exist (sign up through the API first); its first user becomes the recruiter
// of every applicant and its résumé sources are spread over them. The rows are deterministic for a
// seed: Russian names of both genders with patronymics (about 3% written in Latin, 0.3% carry the
// rare surname Вишневецкий/Вишневецкая that the search benchmark looks for), cities, positions,
// employers, salaries, birthdays, skills, 1–3 work periods with Russian résumé text, education,
// e-mail, phone and Telegram; 5 tags attached to about 20% of the applicants; ~3% archived.
import { pathToFileURL } from 'node:url';

/** Anything that runs one SQL statement as the table owner: a pg.Pool, a PGlite instance. */
export type SqlRunner = {
  query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>;
  /** Statements that may run at once (connections of a pool; 1 for PGlite). */
  jobs: number;
};

export type GenerateOptions = {
  accountId: number;
  applicants: number;
  batch?: number;
  seed?: number;
  /**
   * Drop the secondary indexes of `applicants` and of its contact keys (kept by its triggers) for
   * the load and rebuild them after.
   */
  rebuildIndexes?: boolean;
  /** VACUUM ANALYZE afterwards (visibility map and statistics, as a settled database has). */
  vacuum?: boolean;
  log?: (line: string) => void;
};

export type GenerateResult = {
  rows: number;
  tagged: number;
  insertSeconds: number;
  indexSeconds: number;
  vacuumSeconds: number;
  totalSeconds: number;
  rowsPerSecond: number;
};

/** The rare surname: about 0.3% of the rows (≤ 10k matches at 1M), for the small search. */
export const RARE_SURNAME = { male: 'Вишневецкий', female: 'Вишневецкая' } as const;
/** A word of the résumé text of about one applicant in six (accountants and economists). */
export const COMMON_WORD = 'бухгалтер';

// prettier-ignore
const MALE_FIRST = [
  'Александр', 'Дмитрий', 'Максим', 'Сергей', 'Андрей', 'Алексей', 'Артём', 'Илья', 'Кирилл',
  'Михаил', 'Никита', 'Матвей', 'Роман', 'Егор', 'Арсений', 'Иван', 'Денис', 'Евгений', 'Даниил',
  'Тимофей', 'Владислав', 'Игорь', 'Владимир', 'Павел', 'Руслан', 'Марк', 'Константин', 'Тимур',
  'Олег', 'Ярослав', 'Антон', 'Николай', 'Глеб', 'Вадим', 'Степан', 'Юрий', 'Богдан', 'Артур',
  'Семён', 'Виктор', 'Григорий', 'Фёдор', 'Станислав', 'Леонид', 'Василий', 'Георгий', 'Пётр',
];
// prettier-ignore
const FEMALE_FIRST = [
  'Анастасия', 'Мария', 'Анна', 'Виктория', 'Екатерина', 'Наталья', 'Марина', 'Полина', 'Дарья',
  'Алина', 'Ирина', 'Елена', 'Ольга', 'Светлана', 'Татьяна', 'Юлия', 'Ксения', 'Валерия',
  'Вероника', 'Елизавета', 'Александра', 'Кристина', 'Софья', 'Алёна', 'Евгения', 'Людмила',
  'Надежда', 'Галина', 'Любовь', 'Оксана', 'Яна', 'Диана', 'Карина', 'Арина', 'Ульяна', 'Варвара',
  'Вера', 'Маргарита', 'Ангелина',
];
/** [male, female] patronymics. */
// prettier-ignore
const PATRONYMICS: [string, string][] = [
  ['Александрович', 'Александровна'], ['Дмитриевич', 'Дмитриевна'], ['Сергеевич', 'Сергеевна'],
  ['Андреевич', 'Андреевна'], ['Алексеевич', 'Алексеевна'], ['Михайлович', 'Михайловна'],
  ['Иванович', 'Ивановна'], ['Владимирович', 'Владимировна'], ['Николаевич', 'Николаевна'],
  ['Евгеньевич', 'Евгеньевна'], ['Викторович', 'Викторовна'], ['Игоревич', 'Игоревна'],
  ['Олегович', 'Олеговна'], ['Юрьевич', 'Юрьевна'], ['Павлович', 'Павловна'],
  ['Петрович', 'Петровна'], ['Васильевич', 'Васильевна'], ['Анатольевич', 'Анатольевна'],
  ['Геннадьевич', 'Геннадьевна'], ['Максимович', 'Максимовна'], ['Романович', 'Романовна'],
  ['Валерьевич', 'Валерьевна'], ['Константинович', 'Константиновна'], ['Борисович', 'Борисовна'],
  ['Григорьевич', 'Григорьевна'], ['Артёмович', 'Артёмовна'], ['Денисович', 'Денисовна'],
  ['Вадимович', 'Вадимовна'], ['Ильич', 'Ильинична'], ['Никитич', 'Никитична'],
];
/** Male forms, most frequent first (the pick is skewed towards the head of the list). */
// prettier-ignore
const SURNAMES = [
  'Иванов', 'Смирнов', 'Кузнецов', 'Попов', 'Васильев', 'Петров', 'Соколов', 'Михайлов',
  'Новиков', 'Фёдоров', 'Морозов', 'Волков', 'Алексеев', 'Лебедев', 'Семёнов', 'Егоров',
  'Павлов', 'Козлов', 'Степанов', 'Николаев', 'Орлов', 'Андреев', 'Макаров', 'Никитин', 'Захаров',
  'Зайцев', 'Соловьёв', 'Борисов', 'Яковлев', 'Григорьев', 'Романов', 'Воробьёв', 'Сергеев',
  'Кузьмин', 'Фролов', 'Александров', 'Дмитриев', 'Королёв', 'Гусев', 'Киселёв', 'Ильин',
  'Максимов', 'Поляков', 'Сорокин', 'Виноградов', 'Ковалёв', 'Белов', 'Медведев', 'Антонов',
  'Тарасов', 'Жуков', 'Баранов', 'Филиппов', 'Комаров', 'Давыдов', 'Беляев', 'Герасимов',
  'Богданов', 'Осипов', 'Сидоров', 'Матвеев', 'Титов', 'Марков', 'Миронов', 'Крылов', 'Куликов',
  'Карпов', 'Власов', 'Мельников', 'Денисов', 'Гаврилов', 'Тихонов', 'Казаков', 'Афанасьев',
  'Данилов', 'Савельев', 'Тимофеев', 'Фомин', 'Чернов', 'Абрамов', 'Мартынов', 'Ефимов',
  'Федотов', 'Щербаков', 'Назаров', 'Калинин', 'Исаев', 'Чернышёв', 'Быков', 'Маслов',
  'Родионов', 'Коновалов', 'Лазарев', 'Воронин', 'Климов', 'Филатов', 'Пономарёв', 'Голубев',
  'Кудрявцев', 'Прохоров', 'Наумов', 'Потапов', 'Журавлёв', 'Овчинников', 'Трофимов', 'Леонов',
  'Соболев', 'Ермаков', 'Колесников', 'Гончаров', 'Емельянов', 'Никифоров', 'Грачёв', 'Котов',
  'Гришин', 'Ефремов', 'Архипов', 'Громов', 'Кириллов', 'Малышев', 'Панов', 'Моисеев',
  'Румянцев', 'Акимов', 'Кондратьев', 'Бирюков', 'Горбунов', 'Анисимов', 'Ерёмин', 'Тихомиров',
  'Галкин', 'Лукьянов', 'Скворцов', 'Юдин', 'Белоусов', 'Нестеров', 'Симонов', 'Харитонов',
  'Князев', 'Цветков', 'Левин', 'Покровский', 'Никольский', 'Островский', 'Успенский',
  'Шевченко', 'Коваленко', 'Бондаренко', 'Черных', 'Седых', 'Толстой', 'Трубецкой',
];
// prettier-ignore
const LATIN_MALE: [string, string][] = [
  ['Ivanov', 'Ivan'], ['Petrov', 'Alexey'], ['Smirnov', 'Dmitry'], ['Kuznetsov', 'Sergey'],
  ['Popov', 'Andrey'], ['Sokolov', 'Mikhail'], ['Volkov', 'Nikita'], ['Orlov', 'Maxim'],
];
// prettier-ignore
const LATIN_FEMALE: [string, string][] = [
  ['Ivanova', 'Anna'], ['Smirnova', 'Maria'], ['Kuznetsova', 'Elena'], ['Petrova', 'Olga'],
  ['Novikova', 'Daria'], ['Morozova', 'Ekaterina'], ['Volkova', 'Anastasia'], ['Orlova', 'Irina'],
];
/** Moscow and St Petersburg weigh more, as in any Russian base. */
// prettier-ignore
const CITIES = [
  ...Array<string>(8).fill('Москва'), ...Array<string>(3).fill('Санкт-Петербург'),
  'Новосибирск', 'Екатеринбург', 'Казань', 'Нижний Новгород', 'Челябинск', 'Самара', 'Омск',
  'Ростов-на-Дону', 'Уфа', 'Красноярск', 'Воронеж', 'Пермь', 'Волгоград', 'Краснодар',
  'Саратов', 'Тюмень', 'Ижевск', 'Барнаул', 'Иркутск', 'Хабаровск', 'Ярославль', 'Владивосток',
  'Томск', 'Калининград', 'Тула', 'Сочи',
];
// prettier-ignore
const COMPANIES = [
  'Сбер', 'Яндекс', 'Ozon', 'Wildberries', 'X5 Group', 'Магнит', 'ВкусВилл', 'Лента',
  'Северсталь', 'МТС', 'Т-Банк', 'ВТБ', 'Альфа-Банк', 'Ростелеком', 'РЖД', 'Аэрофлот', 'Лукойл',
  'Газпром нефть', 'Росатом', 'ПИК', 'Самолёт', 'МегаФон', 'Билайн', 'Авито', '2ГИС',
  'Лаборатория Касперского', '1С-Битрикс', 'Леруа Мерлен', 'DNS', 'М.Видео', 'ООО «Ромашка»',
  'ООО «Вектор»', 'ООО «СтройИнвест»', 'ИП Сидоров', 'ГК «Спектр»', 'АО «Техномаш»',
];
// prettier-ignore
const UNIVERSITIES = [
  'МГУ им. М. В. Ломоносова', 'СПбГУ', 'НИУ ВШЭ', 'МГТУ им. Н. Э. Баумана', 'Финансовый университет',
  'РЭУ им. Г. В. Плеханова', 'УрФУ', 'Казанский федеральный университет', 'НГУ', 'ТГУ', 'МФТИ',
  'ННГУ им. Н. И. Лобачевского', 'РГГУ', 'СГЭУ', 'Колледж экономики и права',
];
const ABOUT = [
  'Ответственный, быстро обучаюсь, умею работать в команде.',
  'Готов к переезду и командировкам.',
  'Рассматриваю удалённую работу или гибридный график.',
  'Ищу работу рядом с домом, полный день.',
  'Есть опыт наставничества новых сотрудников.',
  'Хочу расти в профессии, интересны крупные проекты.',
  'Не курю, есть водительские права категории B.',
  'Английский на уровне B1, читаю документацию.',
];
const EMAIL_DOMAINS = [
  'mail.ru',
  'yandex.ru',
  'gmail.com',
  'bk.ru',
  'inbox.ru',
  'list.ru',
  'rambler.ru',
];

type Profile = {
  position: string;
  skills: string[];
  texts: string[];
  speciality: string;
  salary: [number, number];
  /** Share of the base, in parts of the total weight. */
  weight: number;
};
// prettier-ignore
const PROFILES: Profile[] = [
  { position: 'Бухгалтер', skills: ['1С: Бухгалтерия', 'РСБУ', 'Excel', 'Первичная документация'], texts: ['Ведение бухгалтерского учёта по РСБУ, 1С', 'Первичная документация, сверка с контрагентами, авансовые отчёты в 1С: Бухгалтерия'], speciality: 'Бухгалтерский учёт, анализ и аудит', salary: [60_000, 130_000], weight: 8 },
  { position: 'Главный бухгалтер', skills: ['РСБУ', 'МСФО', 'Налоговый учёт', '1С: ЗУП'], texts: ['Руководство бухгалтерией из пяти человек, сдача отчётности в ФНС и СФР', 'Постановка бухгалтерского и налогового учёта, прохождение выездных проверок'], speciality: 'Бухгалтерский учёт, анализ и аудит', salary: [150_000, 300_000], weight: 3 },
  { position: 'Бухгалтер по расчёту заработной платы', skills: ['1С: ЗУП', 'Кадровый учёт', 'НДФЛ'], texts: ['Расчёт заработной платы на 800 сотрудников в 1С: ЗУП, больничные и отпускные', 'Начисление зарплаты, отчётность 6-НДФЛ и РСВ'], speciality: 'Экономика и бухгалтерский учёт', salary: [70_000, 120_000], weight: 3 },
  { position: 'Экономист', skills: ['Финансовый анализ', 'Бюджетирование', 'Excel'], texts: ['Бюджетирование и план-факт анализ, подготовка отчётов для бухгалтерии', 'Расчёт себестоимости, анализ затрат, управленческая отчётность'], speciality: 'Экономика', salary: [70_000, 140_000], weight: 3 },
  { position: 'Frontend-разработчик', skills: ['React', 'TypeScript', 'Redux', 'CSS'], texts: ['Разработка интерфейсов на React', 'Вёрстка адаптивных страниц, перевод проекта на TypeScript, код-ревью'], speciality: 'Программная инженерия', salary: [150_000, 350_000], weight: 7 },
  { position: 'Backend-разработчик', skills: ['Node.js', 'PostgreSQL', 'Docker', 'Go'], texts: ['Проектирование REST API, оптимизация запросов PostgreSQL', 'Разработка сервисов на Go, очереди задач, мониторинг'], speciality: 'Прикладная математика и информатика', salary: [180_000, 380_000], weight: 6 },
  { position: 'Java-разработчик', skills: ['Java', 'Spring Boot', 'Kafka', 'PostgreSQL'], texts: ['Разработка микросервисов на Spring Boot, интеграция через Kafka', 'Поддержка банковского процессинга, покрытие кода тестами'], speciality: 'Информатика и вычислительная техника', salary: [200_000, 400_000], weight: 4 },
  { position: 'Тестировщик', skills: ['Ручное тестирование', 'Postman', 'SQL', 'Jira'], texts: ['Ручное и автоматизированное тестирование веб-приложений, заведение дефектов в Jira', 'Тестирование API в Postman, написание тест-кейсов'], speciality: 'Информационные системы и технологии', salary: [80_000, 180_000], weight: 4 },
  { position: 'Аналитик данных', skills: ['SQL', 'Python', 'Power BI', 'Excel'], texts: ['Построение отчётов в Power BI, A/B-тесты, выгрузки на SQL', 'Анализ продаж и прогнозирование спроса на Python'], speciality: 'Прикладная математика', salary: [120_000, 250_000], weight: 3 },
  { position: 'Менеджер по продажам', skills: ['B2B-продажи', 'CRM', 'Ведение переговоров', 'Холодные звонки'], texts: ['Активные продажи B2B, холодные звонки, ведение клиентской базы в amoCRM', 'Выполнение плана продаж на 120%, заключение договоров с дилерами'], speciality: 'Маркетинг', salary: [60_000, 180_000], weight: 9 },
  { position: 'Менеджер по работе с клиентами', skills: ['CRM', 'Деловая переписка', 'Работа с возражениями'], texts: ['Сопровождение ключевых клиентов, допродажи, работа с возражениями', 'Консультирование клиентов, оформление заказов и возвратов'], speciality: 'Менеджмент', salary: [60_000, 120_000], weight: 4 },
  { position: 'Менеджер по персоналу', skills: ['Подбор персонала', 'Кадровое делопроизводство', 'HeadHunter'], texts: ['Подбор персонала на массовые и офисные вакансии, проведение собеседований', 'Кадровое делопроизводство, адаптация новых сотрудников'], speciality: 'Управление персоналом', salary: [60_000, 130_000], weight: 4 },
  { position: 'Водитель категории C', skills: ['Категория C', 'Знание города'], texts: ['Грузоперевозки по Москве и области, ведение путевых листов', 'Доставка товара по магазинам сети, приёмка груза по накладным'], speciality: 'Эксплуатация транспортных средств', salary: [70_000, 120_000], weight: 5 },
  { position: 'Кладовщик', skills: ['Складской учёт', 'WMS', '1С: Склад'], texts: ['Приёмка и отгрузка товара, инвентаризация, работа с ТСД', 'Комплектация заказов, учёт остатков в WMS'], speciality: 'Логистика', salary: [45_000, 80_000], weight: 5 },
  { position: 'Продавец-консультант', skills: ['Работа с кассой', 'Мерчандайзинг'], texts: ['Консультирование покупателей, выкладка товара, работа на кассе', 'Продажа бытовой техники, оформление кредитов и доставки'], speciality: 'Коммерция', salary: [40_000, 70_000], weight: 6 },
  { position: 'Администратор', skills: ['Работа с клиентами', '1С', 'Касса'], texts: ['Встреча гостей, запись клиентов, ведение кассы', 'Администрирование салона, контроль графика мастеров'], speciality: 'Сервис', salary: [45_000, 75_000], weight: 4 },
  { position: 'Инженер ПТО', skills: ['AutoCAD', 'Гранд-Смета', 'Сметное дело'], texts: ['Составление смет в Гранд-Смете, проверка исполнительной документации', 'Ведение технического надзора на объектах жилого строительства'], speciality: 'Промышленное и гражданское строительство', salary: [90_000, 170_000], weight: 3 },
  { position: 'Юрист', skills: ['Договорная работа', 'Арбитражные споры', 'Корпоративное право'], texts: ['Договорная работа, представление интересов в арбитражном суде', 'Правовая экспертиза сделок, корпоративные процедуры'], speciality: 'Юриспруденция', salary: [90_000, 200_000], weight: 3 },
  { position: 'Маркетолог', skills: ['Яндекс Директ', 'SMM', 'Яндекс Метрика'], texts: ['Настройка контекстной рекламы в Яндекс Директ, ведение соцсетей, аналитика', 'Запуск продуктовых акций, работа с блогерами'], speciality: 'Реклама и связи с общественностью', salary: [80_000, 180_000], weight: 3 },
  { position: 'Системный администратор', skills: ['Linux', 'Windows Server', 'Сети', 'Active Directory'], texts: ['Администрирование серверов Linux и Windows, поддержка пользователей, настройка сетей', 'Обслуживание парка из 300 ПК, резервное копирование'], speciality: 'Информационная безопасность', salary: [70_000, 160_000], weight: 3 },
  { position: 'Менеджер проектов', skills: ['Agile', 'Scrum', 'Jira', 'Управление командой'], texts: ['Управление проектами внедрения, планирование спринтов, отчётность перед заказчиком', 'Запуск мобильного приложения с командой из 12 человек'], speciality: 'Менеджмент', salary: [150_000, 300_000], weight: 3 },
  { position: 'Офис-менеджер', skills: ['Делопроизводство', 'Документооборот'], texts: ['Организация работы офиса, документооборот, закупка канцелярии', 'Приём звонков, бронирование командировок'], speciality: 'Документоведение', salary: [45_000, 80_000], weight: 3 },
  { position: 'Повар', skills: ['Горячий цех', 'Санитарные нормы'], texts: ['Приготовление блюд горячего цеха, соблюдение технологических карт', 'Заготовки, контроль сроков годности продуктов'], speciality: 'Технология продукции общественного питания', salary: [50_000, 90_000], weight: 3 },
  { position: 'Оператор call-центра', skills: ['Работа с возражениями', 'Грамотная речь'], texts: ['Обработка входящих звонков, консультирование клиентов по продуктам банка', 'Исходящие звонки по базе, запись на встречи'], speciality: 'Связи с общественностью', salary: [40_000, 65_000], weight: 4 },
  { position: 'Медицинская сестра', skills: ['Сестринское дело', 'Первая помощь'], texts: ['Выполнение назначений врача, ведение медицинской документации', 'Работа в процедурном кабинете, забор анализов'], speciality: 'Сестринское дело', salary: [45_000, 90_000], weight: 2 },
];
const TAGS = [
  { name: 'Сильный кандидат', color: '#16A34A' },
  { name: 'Резерв', color: '#6366F1' },
  { name: 'Переезд', color: '#F59E0B' },
  { name: 'Удалёнка', color: '#0EA5E9' },
  { name: 'Не звонить', color: '#DC2626' },
];

/** Иванов → Иванова, Покровский → Покровская, Толстой → Толстая; Шевченко, Черных stay. */
export function feminineSurname(male: string): string {
  if (/(ов|ев|ёв|ин|ын)$/.test(male)) return `${male}а`;
  if (/(ский|цкий)$/.test(male)) return male.replace(/ий$/, 'ая');
  if (/ой$/.test(male)) return male.replace(/ой$/, 'ая');
  return male;
}

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
const textArray = (values: readonly string[]) => `array[${values.map(literal).join(',')}]::text[]`;
const intArray = (values: readonly number[]) => `array[${values.join(',')}]::int[]`;

/** The dictionaries as one row, so each batch statement carries them once. */
function dictionaries(): string {
  const slots = PROFILES.flatMap((p, i) => Array<number>(p.weight).fill(i + 1));
  return `select
    ${textArray(MALE_FIRST)} as male_first,
    ${textArray(FEMALE_FIRST)} as female_first,
    ${textArray(PATRONYMICS.map((p) => p[0]))} as male_middle,
    ${textArray(PATRONYMICS.map((p) => p[1]))} as female_middle,
    ${textArray(SURNAMES)} as male_last,
    ${textArray(SURNAMES.map(feminineSurname))} as female_last,
    ${textArray(LATIN_MALE.map((p) => p[0]))} as latin_male_last,
    ${textArray(LATIN_MALE.map((p) => p[1]))} as latin_male_first,
    ${textArray(LATIN_FEMALE.map((p) => p[0]))} as latin_female_last,
    ${textArray(LATIN_FEMALE.map((p) => p[1]))} as latin_female_first,
    ${textArray(CITIES)} as cities,
    ${textArray(COMPANIES)} as companies,
    ${textArray(UNIVERSITIES)} as universities,
    ${textArray(ABOUT)} as about,
    ${textArray(EMAIL_DOMAINS)} as domains,
    ${intArray(slots)} as profile_slots,
    ${textArray(PROFILES.map((p) => p.position))} as positions,
    ${textArray(PROFILES.map((p) => p.skills.join('|')))} as skills,
    ${textArray(PROFILES.map((p) => p.texts[0]!))} as text_a,
    ${textArray(PROFILES.map((p) => p.texts[1] ?? p.texts[0]!))} as text_b,
    ${textArray(PROFILES.map((p) => p.speciality))} as specialities,
    ${intArray(PROFILES.map((p) => p.salary[0]))} as salary_min,
    ${intArray(PROFILES.map((p) => p.salary[1]))} as salary_max`;
}

/**
 * One batch: rows lo..hi of the series. Every random choice is a hash of (row, choice, seed), so a
 * seed always gives the same people. `h(k)` is a non-negative int4, `u(k)` uniform in [0, 1).
 */
export function batchSql(
  o: { accountId: number; seed: number; adminUserId: number | null; sourceIds: number[] },
  lo: number,
  hi: number,
): string {
  const h = (k: number) =>
    `(hashint8((r.g::bigint << 8) + ${k} + ${o.seed}::bigint * 1099511627776) & 2147483647)`;
  const u = (k: number) => `(${h(k)}::float8 / 2147483648.0)`;
  const pick = (array: string, k: number) => `d.${array}[1 + ${h(k)} % cardinality(d.${array})]`;
  const month = (months: string) => `make_date(2000 + (${months}) / 12, 1 + (${months}) % 12, 1)`;
  const day = (months: string) => `to_char(${month(months)}, 'YYYY-MM-DD')`;
  const sources = o.sourceIds.length ? intArray(o.sourceIds) : 'array[]::int[]';
  // Months since 2000-01: the current job began m1, the previous one ran m2..m1-1, and so on.
  const period = (profile: string, company: string, start: string, end: string | null, k: number) =>
    `jsonb_build_object('position', d.positions[${profile}], 'company', ${company},
       'date_start', ${day(start)}, 'date_end', ${end === null ? 'null' : day(end)},
       'is_now', ${end === null ? 'true' : 'false'},
       'description', case when ${h(k)} % 2 = 0 then d.text_a[${profile}] else d.text_b[${profile}] end
         || case when ${h(k + 1)} % 3 = 0 then '. ' || d.about[1 + ${h(k + 2)} % cardinality(d.about)] else '' end,
       'skills', to_jsonb(string_to_array(d.skills[${profile}], '|')))`;
  return `with d as (${dictionaries()})
insert into applicants (account_id, first_name, last_name, middle_name, lead_type, birthday, gender,
  email, phone, tg, contacts, money, salary_amount, currency, about_me, country_id, citizenship,
  total_experience, experience, education, skills, position, company, city, admin_user_id,
  account_source_id, created_via, created_by, created_at, updated_at, archived_at)
select ${o.accountId}, x.first_name, x.last_name, x.middle_name, 'resume', x.birthday,
  case when x.female then 'female' else 'male' end,
  lower(ats_translit(x.first_name)) || '.' || lower(ats_translit(x.last_name)) || (x.g % 997)::text
    || '@' || x.domain,
  x.phone,
  case when x.tg then '@' || lower(ats_translit(x.first_name)) || '_' || (x.g % 9973)::text end,
  jsonb_build_array(jsonb_build_object('contact_type', 'phone', 'value', x.phone, 'is_prefered', true)),
  x.salary::text, x.salary, x.currency,
  'г. ' || x.city || '. ' || x.about,
  1, array['Россия']::text[],
  311 - case x.periods when 1 then x.m1 when 2 then x.m2 else x.m3 end,
  case x.periods when 1 then jsonb_build_array(x.e1)
                 when 2 then jsonb_build_array(x.e1, x.e2)
                 else jsonb_build_array(x.e1, x.e2, x.e3) end,
  jsonb_build_array(jsonb_build_object('level', x.edu_level, 'name', x.university,
    'speciality', x.speciality, 'date_start', x.edu_start, 'date_end', x.edu_end)),
  x.skills, x.position, x.company, x.city, ${o.adminUserId ?? 'null'}, x.source_id, 'import',
  ${o.adminUserId ?? 'null'}, x.created_at, x.created_at + x.touched,
  case when x.archived then x.created_at + x.touched end
from (
  select r.g,
    r.female,
    case when r.latin then (case when r.female then ${pick('latin_female_last', 3)} else ${pick('latin_male_last', 3)} end)
         when r.rare then (case when r.female then ${literal(RARE_SURNAME.female)} else ${literal(RARE_SURNAME.male)} end)
         when r.female then d.female_last[1 + floor(cardinality(d.female_last) * power(${u(4)}, 1.5))::int]
         else d.male_last[1 + floor(cardinality(d.male_last) * power(${u(4)}, 1.5))::int] end as last_name,
    case when r.latin then (case when r.female then ${pick('latin_female_first', 3)} else ${pick('latin_male_first', 3)} end)
         when r.female then ${pick('female_first', 5)} else ${pick('male_first', 5)} end as first_name,
    case when r.latin or ${h(6)} % 100 < 4 then null
         when r.female then ${pick('female_middle', 7)} else ${pick('male_middle', 7)} end as middle_name,
    (date '1966-01-01' + (${h(8)} % (365 * 38))::int) as birthday,
    '+7 (9' || lpad((${h(9)} % 100)::text, 2, '0') || ') ' || lpad((${h(10)} % 1000)::text, 3, '0')
      || '-' || lpad((${h(11)} % 100)::text, 2, '0') || '-' || lpad((${h(12)} % 100)::text, 2, '0') as phone,
    ${h(13)} % 100 < 40 as tg,
    ${pick('domains', 14)} as domain,
    ${pick('cities', 15)} as city,
    ${pick('about', 16)} as about,
    (round((d.salary_min[r.p] + ${u(17)} * (d.salary_max[r.p] - d.salary_min[r.p])) / 5000) * 5000)::int as salary,
    case when ${h(18)} % 100 < 2 then 'USD' else 'RUB' end as currency,
    d.positions[r.p] as position,
    r.c1 as company,
    (string_to_array(d.skills[r.p], '|'))[1:2 + ${h(19)} % 3] as skills,
    1 + ${h(20)} % 3 as periods,
    r.m1, r.m2, r.m3,
    ${period('r.p', 'r.c1', 'r.m1', null, 21)} as e1,
    ${period('r.q', pick('companies', 24), 'r.m2', 'r.m1 - 1', 25)} as e2,
    ${period('r.q', pick('companies', 28), 'r.m3', 'r.m2 - 1', 29)} as e3,
    case when ${h(32)} % 100 < 75 then 'Высшее' else 'Среднее специальное' end as edu_level,
    ${pick('universities', 33)} as university,
    d.specialities[r.p] as speciality,
    ${day('r.m3 - 60')} as edu_start,
    ${day('r.m3 - 12')} as edu_end,
    coalesce((${sources})[1 + ${h(34)} % greatest(1, cardinality(${sources}))], null) as source_id,
    now() - make_interval(secs => (${h(35)} % (3 * 365 * 86400))::float8) as created_at,
    make_interval(secs => (${h(36)} % (30 * 86400))::float8) as touched,
    ${h(37)} % 100 < 3 as archived
  from (
    select r.g, r.female, r.latin, r.rare, r.p, r.m1,
      case when ${h(22)} % 10 < 7 then r.p else d.profile_slots[1 + ${h(23)} % cardinality(d.profile_slots)] end as q,
      r.c1,
      r.m1 - 12 - ${h(26)} % 48 as m2,
      r.m1 - 24 - ${h(26)} % 48 - ${h(27)} % 60 as m3
    from (
      select r.g,
        ${h(1)} % 100 < 52 as female,
        ${h(2)} % 1000 < 30 as latin,
        ${h(31)} % 1000 < 3 as rare,
        d.profile_slots[1 + ${h(38)} % cardinality(d.profile_slots)] as p,
        ${pick('companies', 39)} as c1,
        311 - ${h(40)} % 72 as m1
      from generate_series(${lo}, ${hi}) r(g), d
    ) r, d
  ) r, d
) x`;
}

async function one(runner: SqlRunner, text: string) {
  return (await runner.query(text)).rows;
}

/** Fills `accountId` with `applicants` rows; see the file header. */
export async function generateApplicants(
  runner: SqlRunner,
  options: GenerateOptions,
): Promise<GenerateResult> {
  const log = options.log ?? (() => {});
  const seed = options.seed ?? 1;
  const batch = Math.max(1, options.batch ?? 50_000);
  const started = performance.now();
  const [account] = await one(
    runner,
    `select id from accounts where id = ${Number(options.accountId)}`,
  );
  if (!account) throw new Error(`account ${options.accountId} does not exist — sign up first`);
  const [admin] = await one(
    runner,
    `select id from users where account_id = ${options.accountId} order by id limit 1`,
  );
  const sources = await one(
    runner,
    `select id from account_sources where account_id = ${options.accountId} order by id`,
  );
  const [before] = await one(
    runner,
    `select count(*)::int as n from applicants where account_id = ${options.accountId}`,
  );
  // Rows already there shift the series, so a second call adds other people, not the same again.
  const offset = Number(before?.n ?? 0);
  const context = {
    accountId: options.accountId,
    seed,
    adminUserId: admin ? Number(admin.id) : null,
    sourceIds: sources.map((s) => Number(s.id)),
  };

  const rebuild = options.rebuildIndexes ?? options.applicants >= 100_000;
  const indexes = rebuild
    ? await one(
        runner,
        `select indexname, indexdef from pg_indexes
         where schemaname = 'public' and tablename in ('applicants', 'applicant_contact_keys', 'applicant_name_keys')
           and indexname not in (select conname from pg_constraint where conrelid = to_regclass('public.' || tablename))`,
      )
    : [];
  for (const index of indexes) await one(runner, `drop index ${String(index.indexname)}`);
  if (indexes.length) log(`dropped ${indexes.length} secondary indexes for the load`);

  const insertStarted = performance.now();
  const ranges: [number, number][] = [];
  for (let lo = 1; lo <= options.applicants; lo += batch) {
    ranges.push([offset + lo, offset + Math.min(options.applicants, lo + batch - 1)]);
  }
  let done = 0;
  const worker = async () => {
    for (let range = ranges.shift(); range; range = ranges.shift()) {
      await runner.query(batchSql(context, range[0], range[1]));
      done += range[1] - range[0] + 1;
      const seconds = (performance.now() - insertStarted) / 1000;
      log(
        `${done.toLocaleString('en-US')} rows, ${Math.round(done / seconds).toLocaleString('en-US')} rows/s`,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, runner.jobs) }, worker));
  const insertSeconds = (performance.now() - insertStarted) / 1000;

  // Tags: five per account, on about 20% of the applicants (a quarter of those carry two).
  for (const tag of TAGS) {
    await one(
      runner,
      `insert into tags (account_id, name, color) values (${options.accountId}, ${literal(tag.name)}, ${literal(tag.color)})
       on conflict do nothing`,
    );
  }
  const tagRows = await one(
    runner,
    `select id from tags where account_id = ${options.accountId}
       and name in (${TAGS.map((t) => literal(t.name)).join(', ')}) order by id`,
  );
  const tagIds = intArray(tagRows.map((t) => Number(t.id)));
  const hash = (k: number) => `(hashint4(a.id * 16 + ${k}) & 2147483647)`;
  const [tagged] = await one(
    runner,
    `with t as (
       insert into applicant_tags (account_id, applicant_id, tag_id)
       select a.account_id, a.id, (${tagIds})[1 + (${hash(1)} + k) % cardinality(${tagIds})]
       from applicants a, generate_series(0, 1) k
       where a.account_id = ${options.accountId} and a.id > (select coalesce(max(applicant_id), 0) from applicant_tags where account_id = ${options.accountId})
         and ${hash(2)} % 100 < 20 and (k = 0 or ${hash(3)} % 4 = 0)
       on conflict do nothing returning 1)
     select count(*)::int as n from t`,
  );

  const indexStarted = performance.now();
  if (indexes.length) {
    await one(runner, `set maintenance_work_mem = '256MB'`).catch(() => []);
    for (const index of indexes) {
      const t0 = performance.now();
      await one(runner, String(index.indexdef));
      log(`index ${String(index.indexname)}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
  }
  const indexSeconds = (performance.now() - indexStarted) / 1000;
  const vacuumStarted = performance.now();
  if (options.vacuum ?? true) {
    await one(runner, 'vacuum (analyze) applicants');
    await one(runner, 'vacuum (analyze) applicant_contact_keys');
    await one(runner, 'vacuum (analyze) applicant_name_keys');
    await one(runner, 'analyze applicant_tags');
  }
  const vacuumSeconds = (performance.now() - vacuumStarted) / 1000;
  const totalSeconds = (performance.now() - started) / 1000;
  return {
    rows: options.applicants,
    tagged: Number(tagged?.n ?? 0),
    insertSeconds,
    indexSeconds,
    vacuumSeconds,
    totalSeconds,
    rowsPerSecond: options.applicants / insertSeconds,
  };
}

function parseArgs(argv: string[]) {
  const args = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) throw new Error(`unexpected argument: ${arg}`);
    const [key, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    if (inline !== undefined) args.set(key, inline);
    else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--')) args.set(key, argv[++i]!);
    else args.set(key, 'true');
  }
  return args;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const number = (key: string, fallback?: number) => {
    const raw = args.get(key);
    if (raw === undefined) {
      if (fallback === undefined) throw new Error(`--${key} is required`);
      return fallback;
    }
    const value = Number(raw.replace(/_/g, ''));
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new Error(`--${key} must be a whole number`);
    }
    return value;
  };
  const applicants = number('applicants');
  const accountId = number('account-id');
  const url = args.get('database-url') ?? process.env.DATABASE_URL;
  const dataDir = args.get('data-dir');
  if (!url && !dataDir) throw new Error('give --database-url (PostgreSQL) or --data-dir (PGlite)');
  const options: GenerateOptions = {
    accountId,
    applicants,
    seed: number('seed', 1),
    vacuum: !args.has('no-vacuum'),
    log: (line) => console.log(line),
    ...(args.has('keep-indexes') ? { rebuildIndexes: false } : {}),
  };
  let result: GenerateResult;
  if (url) {
    const { default: pg } = await import('pg');
    const jobs = number('jobs', 2);
    const pool = new pg.Pool({ connectionString: url, max: jobs });
    try {
      result = await generateApplicants(
        { query: (text) => pool.query(text), jobs },
        { ...options, batch: number('batch', 50_000) },
      );
    } finally {
      await pool.end();
    }
  } else {
    const path = await import('node:path');
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
    const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
    // The API keeps its PGlite files in DATA_DIR/pglite (packages/db/src/connection.ts).
    const db = await PGlite.create({
      dataDir: path.join(dataDir!, 'pglite'),
      extensions: { btree_gin, pg_trgm, unaccent },
    });
    try {
      result = await generateApplicants(
        { query: (text) => db.query(text), jobs: 1 },
        { ...options, batch: number('batch', 10_000) },
      );
    } finally {
      await db.close();
    }
  }
  console.log(
    `${result.rows.toLocaleString('en-US')} applicants in ${result.insertSeconds.toFixed(1)} s ` +
      `(${Math.round(result.rowsPerSecond).toLocaleString('en-US')} rows/s), ${result.tagged} tag links; ` +
      `indexes ${result.indexSeconds.toFixed(1)} s, vacuum analyze ${result.vacuumSeconds.toFixed(1)} s, ` +
      `total ${result.totalSeconds.toFixed(1)} s`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
