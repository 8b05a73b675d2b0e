import { skeletonsOf } from './name-skeleton.ts';

// City and company compared the way recruiters read them: «г. Москва» = «Moscow»,
// «ООО «Ромашка»» = «Romashka LLC».

const CITY_ALIASES: Record<string, string[]> = {
  moskva: ['москва', 'мск', 'moscow', 'moskva', 'msk'],
  'sankt-peterburg': [
    'санкт-петербург',
    'спб',
    'питер',
    'петербург',
    'ленинград',
    'saint petersburg',
    'saint-petersburg',
    'st. petersburg',
    'st petersburg',
    'st.petersburg',
    'sankt-peterburg',
    'spb',
    'petersburg',
  ],
  ekaterinburg: ['екатеринбург', 'екб', 'ekaterinburg', 'yekaterinburg'],
  'nizhni-novgorod': ['нижний новгород', 'nizhny novgorod', 'nizhniy novgorod', 'н. новгород'],
};
const CITY_BY_ALIAS = new Map<string, string>(
  Object.entries(CITY_ALIASES).flatMap(([city, aliases]) =>
    aliases.map((alias) => [alias, city] as [string, string]),
  ),
);

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .split(/[^\p{L}\p{N}]+/u);

/** Letters folded to their skeleton, digits kept: «Х5» → H5, «1С» → 1s. */
const joinedSkeleton = (parts: string[]) =>
  parts.map((part) => part.replace(/\p{L}+/gu, (run) => skeletonsOf(run)[0] ?? run)).join('');

/** Cities and companies repeat across an account: each spelling is folded once. */
function memoised(compute: (raw: string) => string | null) {
  const cache = new Map<string, string | null>();
  return (raw: string | null): string | null => {
    if (!raw) return null;
    let found = cache.get(raw);
    if (found === undefined) {
      if (cache.size >= 50_000) cache.clear();
      found = compute(raw);
      cache.set(raw, found);
    }
    return found;
  };
}

/** A comparable form of a city: «г. Москва, Россия» → moskva. */
export const cityKey = memoised((raw) => {
  const first = raw.split(/[,(]/)[0]!.toLowerCase().replace(/ё/g, 'е').trim();
  const bare = first.replace(/^(г\.|город|гор\.|city of)\s*/, '').trim();
  const alias = CITY_BY_ALIAS.get(bare);
  if (alias) return alias;
  const key = joinedSkeleton(words(bare).filter(Boolean));
  return key.length >= 2 ? key : null;
});

const LEGAL_FORMS = new Set([
  'ооо',
  'оао',
  'зао',
  'пао',
  'ао',
  'ип',
  'нко',
  'ано',
  'фгуп',
  'муп',
  'гуп',
  'гк',
  'llc',
  'ltd',
  'inc',
  'gmbh',
  'jsc',
  'pjsc',
  'corp',
  'co',
  'company',
  'компания',
  'группа',
  'компаний',
  'group',
]);

/** A comparable form of a company: legal form and quotes dropped, any script. */
export const companyKey = memoised((raw) => {
  const key = joinedSkeleton(words(raw).filter((word) => word && !LEGAL_FORMS.has(word)));
  return key.length >= 2 ? key : null;
});

/** An ISO date (YYYY-MM-DD), or null for anything else. */
export function birthdayKey(raw: string | null): string | null {
  const date = raw?.trim().slice(0, 10) ?? '';
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null;
}
