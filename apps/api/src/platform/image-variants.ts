import { MAX_IMAGE_PIXELS } from '@ats/contracts/files';
import sharp from 'sharp';
import { PHOTO_TYPES, type PhotoType } from './file-types.ts';
import { runUntrusted, workerTask } from './untrusted-files.ts';

// Photos and logos in the size the interface shows them, for screens of density 1 and 2: scaled
// down (never up) in the worker pool of untrusted files, since the bytes came from strangers.
// Loading sharp here, on the server's thread as well, keeps its native library loaded for as long
// as the process lives (on glibc Linux a worker thread must not be the first to load it).

// One libvips thread a task and no cache of decoded images: the machine has few cores, and a
// variant is made once and kept in storage.
sharp.concurrency(1);
sharp.cache(false);

/**
 * How the picture fills its box: `cover` (a round avatar, `object-cover`) keeps the shorter side at
 * the box and lets the longer one overflow; `contain` (a logo, `object-contain`) fits both sides.
 */
export type ImageFit = 'cover' | 'contain';

/** `type` is the original's, as its bytes showed when it was stored. */
export type ScaleInput = { bytes: Uint8Array; type: PhotoType; box: number; fit: ImageFit };
export type ScaledImage = { bytes: Uint8Array; mimeType: PhotoType; width: number; height: number };

/** The type a variant is written in: GIFs become PNGs (a still frame, transparency kept). */
export const variantType = (original: PhotoType): PhotoType =>
  original === 'image/gif' ? 'image/png' : original;

/**
 * The worker's task: the image scaled so that it fills `box`×`box` pixels as `fit` says, never
 * enlarged, turned as its EXIF orientation says and stripped of its metadata (a camera's place
 * and time stay with the original). A file that declares more than MAX_IMAGE_PIXELS or does not
 * decode is an error.
 */
export async function scaleImage({ bytes, type, box, fit }: ScaleInput): Promise<ScaledImage> {
  const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false })
    .rotate()
    .resize({
      width: box,
      height: box,
      fit: fit === 'cover' ? 'outside' : 'inside',
      withoutEnlargement: true,
    });
  const mimeType = variantType(type);
  const encoded =
    mimeType === 'image/jpeg'
      ? image.jpeg({ quality: 82, mozjpeg: true })
      : mimeType === 'image/webp'
        ? image.webp({ quality: 82 })
        : image.png({ compressionLevel: 9 });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { bytes: data, mimeType, width: info.width, height: info.height };
}

const scaleTask = workerTask<ScaleInput, ScaledImage>(import.meta.url, 'scaleImage');

/** An image variant made in the worker pool (its deadline and the pool's limits apply). */
export const scaledImage = (input: ScaleInput) =>
  runUntrusted(scaleTask, input, { timeoutMs: 10_000 });

export const isPhotoType = (type: string): type is PhotoType => type in PHOTO_TYPES;
