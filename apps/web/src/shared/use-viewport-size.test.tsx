// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useViewportSize } from './use-viewport-size';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('viewport size', () => {
  it('reports resizing at once and the new size 100 ms after the last resize', () => {
    const { result } = renderHook(() => useViewportSize());
    act(() => {
      window.innerWidth = 700;
      window.dispatchEvent(new Event('resize'));
    });
    expect(result.current.isResizing).toBe(true);
    act(() => vi.advanceTimersByTime(99));
    expect(result.current.isResizing).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toMatchObject({ width: 700, isResizing: false });
  });
});
