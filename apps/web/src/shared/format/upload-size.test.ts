import { describe, expect, it } from 'vitest';
import { dataUrlOversize, dataUrlSizeKb, fileOversize, formatFileSize } from './upload-size';

const MB = 1024 * 1024;
/** A data URL whose payload decodes to `bytes` bytes (base64: 4 characters per 3 bytes). */
const dataUrlOf = (bytes: number) => `data:image/png;base64,${'A'.repeat((bytes / 3) * 4)}`;

describe('upload sizes (SPEC.md §9 Base64 size)', () => {
  it('measures a data URL by its payload: length × 3 / 4 / 1024 KB', () => {
    expect(dataUrlSizeKb(dataUrlOf(3 * 1024))).toBe(3);
    expect(dataUrlSizeKb('data:image/png;base64,')).toBe(0);
    // Line breaks some encoders insert are not data.
    expect(dataUrlSizeKb('data:image/png;base64,AAAA\nAAAA')).toBeCloseTo(6 / 1024);
  });

  it('reads sizes in Russian, to a tenth of a megabyte', () => {
    expect(formatFileSize(480)).toBe('480 КБ');
    expect(formatFileSize(2 * 1024)).toBe('2 МБ');
    expect(formatFileSize(3.2 * 1024)).toBe('3,2 МБ');
    expect(formatFileSize(3.24 * 1024)).toBe('3,2 МБ');
  });

  it('never says a file just over the limit is the limit', () => {
    expect(fileOversize('Фото', { size: 5 * MB + 1 }, 5 * MB)).toBe(
      'Фото 5,1 МБ больше допустимых 5 МБ',
    );
  });

  it('says the size and the limit when a data URL is over it, and nothing at or under it', () => {
    expect(dataUrlOversize('Файл', dataUrlOf(3.3 * MB - 2), 2 * MB)).toBe(
      'Файл 3,3 МБ больше допустимых 2 МБ',
    );
    expect(dataUrlOversize('Файл', dataUrlOf(2 * MB - 2), 2 * MB)).toBeUndefined();
  });

  it('checks a picked file by its own size the same way', () => {
    expect(fileOversize('Логотип', { size: 3.2 * MB }, 2 * MB)).toBe(
      'Логотип 3,2 МБ больше допустимых 2 МБ',
    );
    expect(fileOversize('Логотип', { size: 2 * MB }, 2 * MB)).toBeUndefined();
  });
});
