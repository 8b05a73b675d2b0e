import { describe, expect, it } from 'vitest';
import { ICON_NAMES, isIconName, UNKNOWN_ICON, ZIconField } from './icons.ts';

// SPEC.md §3 «Icon choice» names these among the 98.
const SPEC_EXAMPLES = [
  'academic-cap',
  'banknotes',
  'bell',
  'briefcase',
  'calendar',
  'chart-bar',
  'credit-card',
  'envelope',
  'folder',
  'heart',
  'inbox',
  'megaphone',
  'rocket-launch',
  'shopping-bag',
  'star',
  'tag',
  'trophy',
  'user',
  'users',
  'wallet',
  'wrench',
];

describe('the icon list', () => {
  it('has exactly 98 unique kebab-case names', () => {
    expect(ICON_NAMES).toHaveLength(98);
    expect(new Set(ICON_NAMES).size).toBe(98);
    for (const name of ICON_NAMES) expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('includes every example the spec names', () => {
    for (const name of SPEC_EXAMPLES) expect(isIconName(name), name).toBe(true);
  });

  it('takes a name of the list or null, and refuses any other name in Russian', () => {
    expect(ZIconField.parse('rocket-launch')).toBe('rocket-launch');
    expect(ZIconField.parse(null)).toBeNull();
    expect(ZIconField.parse(undefined)).toBeUndefined();
    for (const bad of ['Rocket-Launch', 'rocket', '', 42, 'x'.repeat(10_000)]) {
      const result = ZIconField.safeParse(bad);
      expect(result.success, String(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(UNKNOWN_ICON);
    }
    expect(isIconName('constructor')).toBe(false);
  });
});
