import * as outline from '@heroicons/react/24/outline';
import { describe, expect, it } from 'vitest';
import { heroiconExportName, ICON_NAMES, ICONS, isIconName } from './icon-list';

const REQUIRED = [
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

describe('icon list', () => {
  it('has exactly 98 unique kebab-case names', () => {
    expect(ICON_NAMES).toHaveLength(98);
    expect(new Set(ICON_NAMES).size).toBe(98);
    for (const name of ICON_NAMES) expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
  it('contains the named icons of the product', () => {
    for (const name of REQUIRED) expect(isIconName(name)).toBe(true);
  });
  it('maps every name to its outline heroicon', () => {
    const exports = outline as Record<string, unknown>;
    for (const name of ICON_NAMES) {
      expect(exports[heroiconExportName(name)]).toBeDefined();
      expect(ICONS[name]).toBe(exports[heroiconExportName(name)]);
    }
  });
});
