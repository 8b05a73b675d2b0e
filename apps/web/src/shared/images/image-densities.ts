import type { IMAGE_SIZES } from '@ats/contracts/files';

/** A box (CSS pixels) the interface shows a photo or a logo in; the server knows each one. */
export type ImageBox = (typeof IMAGE_SIZES)[number];

const STORED_FILE = /^\/api\/files\/\d+$/;

/**
 * The `src` and `srcSet` of a stored photo or logo shown in a `box`×`box` square: the browser
 * takes the 1x copy on an ordinary screen and the 2x one on a retina screen, each scaled by the
 * server (`?size=…&density=…`), so neither gets more pixels than it shows. Any other address (a
 * data URL of a photo not saved yet) is used as it is.
 */
export function imageAtDensities(url: string, box: ImageBox): { src: string; srcSet?: string } {
  if (!STORED_FILE.test(url)) return { src: url };
  const at = (density: 1 | 2) => `${url}?size=${box}&density=${density}`;
  return { src: at(1), srcSet: `${at(1)} 1x, ${at(2)} 2x` };
}
