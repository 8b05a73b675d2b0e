import { useEffect, useState } from 'react';
import { deviceClassOf, type DeviceClass } from './breakpoints';

/** SPEC.md §9: what depends on the device class is refreshed 50 ms after a resize stops. */
export const DEVICE_REFRESH_MS = 50;

// Without a window (a test outside jsdom) the layout is the desktop one.
const current = (): DeviceClass =>
  typeof window === 'undefined' ? 'desktop' : deviceClassOf(window.innerWidth);

/**
 * Phone, tablet or desktop for the window's width, refreshed once resizing has been quiet for
 * 50 ms: a drag across a breakpoint does not flip the layout back and forth on every event.
 */
export function useDeviceClass(): DeviceClass {
  const [device, setDevice] = useState(current);
  useEffect(() => {
    let timer: number | undefined;
    const onResize = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setDevice(current()), DEVICE_REFRESH_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      window.clearTimeout(timer);
    };
  }, []);
  return device;
}
