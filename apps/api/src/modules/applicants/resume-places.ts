// What a line of a résumé is about: a city, a company, a job title. Word lists and fixed
// alternations only, each tried once per line: no pattern here can backtrack on a long line.

/** Cities a Russian résumé names most often (and the capitals next door), folded (ё → е). */
const CITIES = new Set([
  'москва',
  'санкт-петербург',
  'новосибирск',
  'екатеринбург',
  'казань',
  'нижний новгород',
  'челябинск',
  'красноярск',
  'самара',
  'уфа',
  'ростов-на-дону',
  'омск',
  'краснодар',
  'воронеж',
  'пермь',
  'волгоград',
  'саратов',
  'тюмень',
  'тольятти',
  'ижевск',
  'барнаул',
  'ульяновск',
  'иркутск',
  'хабаровск',
  'махачкала',
  'ярославль',
  'владивосток',
  'оренбург',
  'томск',
  'кемерово',
  'новокузнецк',
  'рязань',
  'набережные челны',
  'астрахань',
  'пенза',
  'киров',
  'липецк',
  'балашиха',
  'чебоксары',
  'калининград',
  'тула',
  'курск',
  'ставрополь',
  'севастополь',
  'симферополь',
  'сочи',
  'улан-удэ',
  'тверь',
  'магнитогорск',
  'иваново',
  'брянск',
  'белгород',
  'сургут',
  'владимир',
  'архангельск',
  'чита',
  'калуга',
  'смоленск',
  'волжский',
  'курган',
  'череповец',
  'орел',
  'вологда',
  'саранск',
  'мурманск',
  'якутск',
  'тамбов',
  'грозный',
  'стерлитамак',
  'кострома',
  'петрозаводск',
  'нижневартовск',
  'йошкар-ола',
  'новороссийск',
  'химки',
  'подольск',
  'зеленоград',
  'мытищи',
  'королев',
  'люберцы',
  'красногорск',
  'одинцово',
  'сыктывкар',
  'нальчик',
  'благовещенск',
  'великий новгород',
  'псков',
  'новый уренгой',
  'южно-сахалинск',
  'петропавловск-камчатский',
  'минск',
  'алматы',
  'астана',
  'ташкент',
  'бишкек',
  'ереван',
  'тбилиси',
  'баку',
]);

const fold = (text: string) => text.toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();

/** «г. Самара», «город Самара» → «Самара». */
export const withoutCityPrefix = (text: string) =>
  text.replace(/^(?:г\.\s*|гор\.\s*|город\s+)/i, '').trim();

/** Whether the text is one of the known cities («г. Москва» too). */
export const isKnownCity = (text: string) => CITIES.has(fold(withoutCityPrefix(text)));

/**
 * A line that opens with a known city («Москва, м. Сокол, готов к переезду»): the city and what
 * follows it; null when the line opens otherwise.
 */
export function leadingCity(line: string): { city: string; rest: string } | null {
  const comma = line.indexOf(',');
  const head = comma < 0 ? line : line.slice(0, comma);
  if (!isKnownCity(head)) return null;
  return {
    city: withoutCityPrefix(head.trim()),
    rest: comma < 0 ? '' : line.slice(comma + 1).trim(),
  };
}

/** «Москва», «Казань, site.ru», «Россия»: where the job was, printed under the company. */
export function isPlaceLine(line: string): boolean {
  const head = line.split(',')[0]!;
  return isKnownCity(head) || /^(?:россия|беларусь|казахстан)$/i.test(head.trim());
}

/** «ООО «Волга-Логистик», Нижний Новгород» → «ООО «Волга-Логистик»». */
export function withoutTrailingCity(text: string): string {
  const comma = text.lastIndexOf(',');
  if (comma < 0 || !isKnownCity(text.slice(comma + 1))) return text;
  return text.slice(0, comma).trim();
}

const LEGAL_FORM =
  /(?<![\p{L}])(?:ООО|ОАО|ЗАО|ПАО|НАО|АО|ИП|ГК|НКО|АНО|ФГУП|ГУП|МУП|ГБУ|ГАУ|МБУ|МАУ|МБОУ|МАОУ|ГБОУ|ФГБОУ|ФГАОУ|ГБУЗ|ФГБУ|LLC|Ltd|Inc|GmbH|JSC)(?![\p{L}])|[«"]/u;
const COMPANY_WORD =
  /(?<![\p{L}])(?:группа компаний|компания|банк|завод|фабрика|холдинг|корпорация|агентство|студия|фирма)(?![\p{L}])/iu;

/** «ООО «Ромашка»», «ИП Сидоров В. А.», «Сбербанк»: a name of an employer. */
export const looksLikeCompany = (text: string) => LEGAL_FORM.test(text) || COMPANY_WORD.test(text);

const TITLE_STEMS = [
  'менеджер',
  'бухгалтер',
  'директор',
  'руководител',
  'специалист',
  'инженер',
  'разработчик',
  'программист',
  'аналитик',
  'администратор',
  'дизайнер',
  'юрист',
  'юрисконсульт',
  'экономист',
  'продав',
  'кассир',
  'водител',
  'оператор',
  'консультант',
  'секретар',
  'ассистент',
  'помощник',
  'маркетолог',
  'рекрутер',
  'начальник',
  'заместител',
  'главный',
  'ведущий',
  'старший',
  'младший',
  'тестировщик',
  'логист',
  'кладовщик',
  'технолог',
  'врач',
  'медсестр',
  'учител',
  'преподавател',
  'воспитател',
  'курьер',
  'электрик',
  'слесар',
  'механик',
  'мастер',
  'товаровед',
  'супервайзер',
  'агент',
  'представител',
  'эксперт',
  'координатор',
  'переводчик',
  'архитектор',
  'сметчик',
  'снабженец',
  'закупщик',
  'стажер',
  'стажёр',
  'официант',
  'повар',
  'бариста',
  'охранник',
  'сотрудник',
  'редактор',
  'копирайтер',
  'журналист',
  'психолог',
  'кадровик',
  'экспедитор',
  'диспетчер',
  'делопроизводител',
  'комплектовщик',
  'грузчик',
  'hr',
  'developer',
  'engineer',
  'manager',
  'designer',
  'analyst',
  'lead',
  'head',
  'director',
  'officer',
  'accountant',
  'qa',
  'devops',
  'intern',
];
const TITLE = new RegExp(`(?<![\\p{L}])(?:${TITLE_STEMS.join('|')})`, 'iu');

/** «Старший менеджер по продажам», «Frontend-разработчик»: a job title, not a sentence. */
export const looksLikeTitle = (text: string) =>
  text.length <= 100 && !/[:;.]$|^[-–—•*·]/.test(text.trim()) && TITLE.test(text);

export const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * «ООО «Ромашка», менеджер по закупкам» (or the other way round, or with a dash): the company and
 * the position of one line; null when the line is not both.
 */
export function splitCompanyAndTitle(line: string): { company: string; position: string } | null {
  const parts = line.split(/,\s*|\s+[—–]\s+/);
  if (parts.length < 2 || parts.length > 12) return null;
  for (let k = parts.length - 1; k >= 1; k--) {
    const left = parts.slice(0, k).join(', ').trim();
    const right = parts.slice(k).join(', ').trim();
    if (!left || !right || isKnownCity(right)) continue;
    if (looksLikeCompany(left) && looksLikeTitle(right) && !looksLikeCompany(right)) {
      return { company: left, position: capitalized(right) };
    }
    if (looksLikeTitle(left) && looksLikeCompany(right) && !looksLikeCompany(left)) {
      return { company: withoutTrailingCity(right), position: capitalized(left) };
    }
  }
  return null;
}
