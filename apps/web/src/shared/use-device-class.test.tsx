// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BREAKPOINTS, deviceClassOf } from './breakpoints';
import { DEVICE_REFRESH_MS, useDeviceClass } from './use-device-class';
import { useViewportSize, VIEWPORT_DEBOUNCE_MS } from './use-viewport-size';

const resizeTo = (width: number) =>
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });

beforeEach(() => {
  vi.useFakeTimers();
  window.innerWidth = 1280;
});
afterEach(() => vi.useRealTimers());

describe('device class (SPEC.md §9 breakpoints)', () => {
  it('is a phone below md, a tablet below lg and a desktop from lg on', () => {
    expect(deviceClassOf(BREAKPOINTS.xs)).toBe('phone');
    expect(deviceClassOf(BREAKPOINTS.md - 1)).toBe('phone');
    expect(deviceClassOf(BREAKPOINTS.md)).toBe('tablet');
    expect(deviceClassOf(BREAKPOINTS.lg - 1)).toBe('tablet');
    expect(deviceClassOf(BREAKPOINTS.lg)).toBe('desktop');
    expect(deviceClassOf(BREAKPOINTS['2xl'])).toBe('desktop');
  });
});

describe('refresh on resize (SPEC.md §9)', () => {
  it('updates the device class once, 50 ms after the resizing stops', () => {
    const renders = vi.fn();
    const { result } = renderHook(() => {
      const device = useDeviceClass();
      renders(device);
      return device;
    });
    expect(result.current).toBe('desktop');
    renders.mockClear();

    resizeTo(900);
    act(() => vi.advanceTimersByTime(30));
    resizeTo(600);
    act(() => vi.advanceTimersByTime(DEVICE_REFRESH_MS - 1));
    expect(result.current).toBe('desktop');
    expect(renders).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('phone');
    expect(renders).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1000));
    expect(renders).toHaveBeenCalledTimes(1);
  });

  it('refreshes the device class before the viewport size settles at 100 ms', () => {
    const { result } = renderHook(() => ({ device: useDeviceClass(), size: useViewportSize() }));
    resizeTo(800);
    act(() => vi.advanceTimersByTime(DEVICE_REFRESH_MS));
    expect(result.current.device).toBe('tablet');
    expect(result.current.size).toMatchObject({ width: 1280, isResizing: true });
    act(() => vi.advanceTimersByTime(VIEWPORT_DEBOUNCE_MS - DEVICE_REFRESH_MS - 1));
    expect(result.current.size.isResizing).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.size).toMatchObject({ width: 800, isResizing: false });
  });
});
