import { describe, expect, it } from 'vitest';
import { isNewerBuild } from './build-version';

describe('new build detection', () => {
  it('sees a different build id as newer', () => {
    expect(isNewerBuild({ buildId: 'b2' }, 'b1')).toBe(true);
  });
  it('ignores the same id and broken answers', () => {
    expect(isNewerBuild({ buildId: 'b1' }, 'b1')).toBe(false);
    expect(isNewerBuild(null, 'b1')).toBe(false);
    expect(isNewerBuild({ buildId: '' }, 'b1')).toBe(false);
    expect(isNewerBuild('<html>', 'b1')).toBe(false);
  });
  it('never nags under the dev server', () => {
    expect(isNewerBuild({ buildId: 'b2' }, 'dev')).toBe(false);
  });
});
