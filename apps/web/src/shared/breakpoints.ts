/** SPEC.md §9 breakpoints in CSS pixels; styles.css gives Tailwind the same values (in rem). */
export const BREAKPOINTS = {
  xs: 320,
  sm: 640,
  md: 768,
  lg: 1024,
  xl: 1280,
  '2xl': 1536,
} as const;

export type DeviceClass = 'phone' | 'tablet' | 'desktop';

/**
 * The layout a width gets: a phone below md (768), a tablet from md to below lg (1024), a
 * desktop from lg on, where the sidebar stays open beside the page.
 */
export function deviceClassOf(width: number): DeviceClass {
  if (width < BREAKPOINTS.md) return 'phone';
  if (width < BREAKPOINTS.lg) return 'tablet';
  return 'desktop';
}
