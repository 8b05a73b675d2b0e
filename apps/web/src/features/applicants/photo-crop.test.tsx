import { describe, expect, it } from 'vitest';
import { clampZoom, croppedSide, PHOTO_MAX_SIDE } from './photo-crop';

describe('the cropped photo', () => {
  it('keeps the pixels of a small crop and scales a large one down to 800 px', () => {
    expect(croppedSide({ width: 533.33 })).toBe(533);
    expect(croppedSide({ width: 2000 })).toBe(PHOTO_MAX_SIDE);
    expect(PHOTO_MAX_SIDE).toBe(800);
    expect(croppedSide({ width: 0.2 })).toBe(1);
  });

  it('zooms between 1× and 4× in hundredths', () => {
    expect(clampZoom(0.5)).toBe(1);
    expect(clampZoom(1.2549)).toBe(1.25);
    expect(clampZoom(9)).toBe(4);
  });
});
