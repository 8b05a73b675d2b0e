import { describe, expect, it } from 'vitest';
import { skeletonsOf, surnameStem } from './name-skeleton.ts';

const sameSkeleton = (words: string[]) => {
  const [first, ...rest] = words.map((word) => skeletonsOf(word));
  for (const [index, skeletons] of rest.entries()) {
    expect(
      skeletons.some((s) => first!.includes(s)),
      `${words[0]} and ${words[index + 1]}`,
    ).toBe(true);
  }
};

describe('a name reads the same in Cyrillic and in every usual Latin scheme', () => {
  it('GOST 7.79-2000 B: x for х, cz for ц, shh for щ, j for й, y` for ы', () => {
    sameSkeleton(['Харитонов', 'Xaritonov']);
    sameSkeleton(['Кузнецов', 'Kuzneczov']);
    sameSkeleton(['Щукин', 'Shhukin']);
    sameSkeleton(['Сергей', 'Sergej']);
    sameSkeleton(['Крылова', 'Kry`lova']);
  });

  it('the passport (ICAO 2013) scheme: iu, ia, kh, ts, shch, i for й', () => {
    sameSkeleton(['Юлия', 'Iuliia']);
    sameSkeleton(['Наталья', 'Natalia']);
    sameSkeleton(['Хабибуллин', 'Khabibullin']);
    sameSkeleton(['Андрей', 'Andrei']);
    sameSkeleton(['Щербаков', 'Shcherbakov']);
  });

  it('BGN/PCGN: ye at the start and after vowels, ë, the soft sign as an apostrophe', () => {
    sameSkeleton(['Евгений', 'Yevgeniy']);
    sameSkeleton(['Андреев', 'Andreyev']);
    sameSkeleton(['Фёдор', 'Fëdor']);
    sameSkeleton(['Васильев', "Vasil'yev"]);
  });

  it('informal spellings recruiters meet', () => {
    sameSkeleton(['Мария', 'Maria', 'Mariya', 'Marija']);
    sameSkeleton(['Юрий', 'Yuri', 'Yury', 'Iurii', 'Jurij']);
    sameSkeleton(['Александр', 'Aleksandr', 'Alexander', 'Alexandr']);
    sameSkeleton(['Евгений', 'Evgeny', 'Evgenii', 'Jevgenij']);
    sameSkeleton(['Ксения', 'Ksenia', 'Kseniya', 'Xenia']);
    sameSkeleton(['Хабибуллин', 'Habibullin']);
    sameSkeleton(['Фёдор', 'Fyodor', 'Fedor', 'Fiodor']);
    sameSkeleton(['Васильев', 'Vasiliev', 'Vasilev']);
  });

  it('ё is е', () => {
    sameSkeleton(['Семёнова', 'Семенова']);
    sameSkeleton(['Артём', 'Артем']);
  });

  it('keeps different names apart', () => {
    expect(skeletonsOf('Мария')).not.toEqual(skeletonsOf('Марина'));
    expect(skeletonsOf('Иванов')).not.toEqual(skeletonsOf('Иванцов'));
  });
});

describe('masculine and feminine surnames share a stem', () => {
  it.each([
    ['Иванов', 'Иванова'],
    ['Прохоров', 'Prokhorova'],
    ['Ильин', 'Ильина'],
    ['Вишневецкий', 'Вишневецкая'],
    ['Толстой', 'Толстая'],
    ['Соловьёв', 'Соловьева'],
  ])('%s / %s', (masculine, feminine) => {
    expect(surnameStem(skeletonsOf(masculine)[0]!)).toBe(surnameStem(skeletonsOf(feminine)[0]!));
  });

  it('leaves surnames without gender as they are', () => {
    expect(surnameStem(skeletonsOf('Лебедь')[0]!)).toBe(skeletonsOf('Лебедь')[0]);
    expect(surnameStem(skeletonsOf('Шевчук')[0]!)).toBe(skeletonsOf('Шевчук')[0]);
  });
});
