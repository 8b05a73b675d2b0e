import * as outline from '@heroicons/react/24/outline';
import { describe, expect, it } from 'vitest';
import { heroiconExportName, ICON_NAMES, ICONS } from './icon-list';

// The names themselves (98, unique, the spec's examples) are tested with the list in
// packages/contracts/src/icons.test.ts; here, that each has its drawing.
describe('icon list', () => {
  it('maps every name to its outline heroicon', () => {
    const exports = outline as Record<string, unknown>;
    for (const name of ICON_NAMES) {
      expect(exports[heroiconExportName(name)]).toBeDefined();
      expect(ICONS[name]).toBe(exports[heroiconExportName(name)]);
    }
  });
});
