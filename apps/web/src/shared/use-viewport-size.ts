import { useEffect, useState } from 'react';

export const VIEWPORT_DEBOUNCE_MS = 100;

export type ViewportSize = { width: number; height: number; isResizing: boolean };

const read = (): ViewportSize => ({
  width: typeof window === 'undefined' ? 0 : window.innerWidth,
  height: typeof window === 'undefined' ? 0 : window.innerHeight,
  isResizing: false,
});

/** Viewport size that settles 100 ms after the last resize event; isResizing is true meanwhile. */
export function useViewportSize(): ViewportSize {
  const [size, setSize] = useState(read);
  useEffect(() => {
    let timer: number | undefined;
    const onResize = () => {
      setSize((current) => (current.isResizing ? current : { ...current, isResizing: true }));
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setSize(read()), VIEWPORT_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      window.clearTimeout(timer);
    };
  }, []);
  return size;
}
