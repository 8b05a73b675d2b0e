import { skeletonsOf } from './name-skeleton.ts';

// Frequent first names of Russia (with names common among its Tatar, Bashkir, Caucasian and
// Central Asian citizens). Knowing them tells which word of a name is the first name, the
// person's gender, and that «Мария» and «Марина» are two names, not a typo.

const MALE = `Александр Алексей Анатолий Андрей Антон Аркадий Арсений Артём Артур Борис Вадим Валентин
Валерий Василий Вениамин Виктор Виталий Владимир Владислав Всеволод Вячеслав Геннадий Георгий
Герман Глеб Григорий Давид Даниил Данила Денис Дмитрий Евгений Егор Иван Игнат Игорь Илья
Иннокентий Иосиф Кирилл Константин Лев Леонид Макар Максим Марк Матвей Михаил Назар Никита
Николай Олег Павел Пётр Платон Родион Роман Ростислав Руслан Савелий Святослав Семён Сергей
Станислав Степан Тарас Тимофей Тимур Фёдор Филипп Эдуард Эмиль Юрий Яков Ян Ярослав Рустам
Ренат Ринат Марат Азат Айдар Ильдар Ильнур Ильшат Рамиль Рафаэль Ринат Дамир Эльдар Рашид
Шамиль Магомед Ахмед Али Алишер Бахтияр Бекзод Джамшид Фарид Фаррух Шерзод Тигран Армен Гурген
Зураб Давид Нодар Вахтанг Карен Самвел Арсен Эрик Альберт Роберт Эрнест Феликс Всеволод Мирон
Лука Елисей Демид Захар Прохор Гордей Ефим Семен Артем Петр Федор Мирослав Владлен
Виталий Ян Добрыня`;

const FEMALE = `Александра Алёна Алина Алиса Алла Анастасия Ангелина Анна Антонина Арина Валентина Валерия
Вера Вероника Виктория Виолетта Галина Дарина Дарья Диана Ева Евгения Екатерина Елена Елизавета
Жанна Зинаида Злата Зоя Инна Ирина Карина Кира Клавдия Кристина Ксения Лариса Лидия Любовь
Людмила Маргарита Марина Мария Милана Мирослава Надежда Наталья Нина Оксана Олеся Ольга Полина
Раиса Регина Светлана Снежана София Софья Стефания Таисия Тамара Татьяна Ульяна Эвелина Элина
Эльвира Юлия Яна Ярослава Василиса Варвара Майя Марьяна Лилия Лиана Роза Римма Эльмира Гульнара
Гульшат Алсу Айгуль Альфия Венера Диляра Зарина Земфира Камила Лейла Лейсан Луиза Амина Асель
Динара Мадина Малика Нигина Нилуфар Сабина Фатима Хадижа Эльнара Камилла Станислава Владислава
Василина Алена Дина Нелли Аида Ариана Элеонора Мила Агата Таисья Серафима Мирра Элеонора
Виталина Владлена Ника Лада Инесса`;

type Gender = 'male' | 'female';

function build(list: string, gender: Gender, into: Map<string, Gender>) {
  for (const word of list.split(/\s+/)) {
    for (const skeleton of skeletonsOf(word)) if (!into.has(skeleton)) into.set(skeleton, gender);
  }
}

const FIRST_NAMES = new Map<string, Gender>();
build(MALE, 'male', FIRST_NAMES);
build(FEMALE, 'female', FIRST_NAMES);

/** The gender of a known first name by its skeleton, undefined for a word we do not know. */
export function firstNameGender(skeleton: string): Gender | undefined {
  return FIRST_NAMES.get(skeleton);
}

// Everyday short forms, as people sign in messengers and some job sites: «Саша» is Александр or
// Александра, «Маша» is Мария. Each line: short forms, then the full names they stand for.
const SHORT_FORMS = `Саша Шура Саня: Александр Александра
Лёша Алёша: Алексей
Толя: Анатолий
Андрюша: Андрей
Тёма: Артём
Боря: Борис
Вадик: Вадим
Валера: Валерий
Вася: Василий
Витя: Виктор
Виталик: Виталий
Вова Володя: Владимир
Влад: Владислав
Слава: Вячеслав Владислав Ярослав Святослав Станислав
Гена: Геннадий
Гоша Жора: Георгий
Гриша: Григорий
Даня: Даниил Данила
Дима Митя: Дмитрий
Женя: Евгений Евгения
Ваня: Иван
Костя: Константин
Лёня: Леонид
Макс: Максим
Миша: Михаил
Коля: Николай
Паша: Павел
Петя: Пётр
Рома: Роман
Серёжа: Сергей
Стас: Станислав
Федя: Фёдор
Юра: Юрий
Яша: Яков
Аня: Анна
Настя: Анастасия
Тоня: Антонина
Валя: Валентина Валентин
Лера: Валерия
Вика: Виктория
Галя: Галина
Даша: Дарья
Катя: Екатерина
Лена: Елена
Лиза: Елизавета
Зина: Зинаида
Ира: Ирина
Ксюша: Ксения
Люба: Любовь
Люда: Людмила
Рита: Маргарита
Маша: Мария
Надя: Надежда
Наташа: Наталья
Оля: Ольга
Поля: Полина
Света: Светлана
Соня: София Софья
Таня: Татьяна
Тома: Тамара
Уля: Ульяна
Юля: Юлия
Лида: Лидия`;

/** Each line of SHORT_FORMS as words: [short forms, full names]. */
const SHORT_FORM_LINES = SHORT_FORMS.split('\n').map((line) => {
  const [shorts, fulls] = line.split(':') as [string, string];
  return [shorts.trim().split(/\s+/), fulls.trim().split(/\s+/)] as const;
});

/** The short forms of a full name as written (Мария → Маша), for the labelled quality set. */
export const shortFormsOf = (name: string): string[] =>
  SHORT_FORM_LINES.filter(([, fulls]) => fulls.includes(name)).flatMap(([shorts]) => shorts);

/** Skeleton of a short form → skeletons of the full names it stands for. */
const FULL_NAMES_OF = new Map<string, Set<string>>();
for (const [shorts, fulls] of SHORT_FORM_LINES) {
  const full = new Set(fulls.flatMap(skeletonsOf));
  for (const short of shorts) {
    for (const skeleton of skeletonsOf(short)) {
      const known = FULL_NAMES_OF.get(skeleton) ?? new Set<string>();
      for (const name of full) known.add(name);
      FULL_NAMES_OF.set(skeleton, known);
    }
  }
}

/** Whether a word (its skeletons) is a short form of a name (its skeletons): Маша of Мария. */
export function isShortFormOf(short: string[], full: string[]): boolean {
  return short.some((skeleton) => {
    const names = FULL_NAMES_OF.get(skeleton);
    return names !== undefined && full.some((name) => names.has(name));
  });
}
