// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ANIMATION_COLUMNS,
  ANIMATION_FRAMES,
  ANIMATION_MIN_WIDTH,
  DeactivatedAnimation,
} from './deactivated-animation';

afterEach(cleanup);

describe('the deactivated animation (SPEC.md §9)', () => {
  it('is 4 columns of 36 frames each, and only above 800 px', () => {
    expect([ANIMATION_COLUMNS, ANIMATION_FRAMES, ANIMATION_MIN_WIDTH]).toEqual([4, 36, 800]);
    window.innerWidth = 800;
    const { unmount } = render(<DeactivatedAnimation />);
    expect(screen.queryByTestId('deactivated-animation')).toBeNull();
    unmount();

    window.innerWidth = 801;
    render(<DeactivatedAnimation />);
    const strips = screen.getByTestId('deactivated-animation').querySelectorAll('svg');
    expect(strips).toHaveLength(4);
    for (const strip of strips) expect(strip.querySelectorAll(':scope > g')).toHaveLength(36);
  });
});
