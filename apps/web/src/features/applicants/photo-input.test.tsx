// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_PHOTO_BYTES } from '@ats/contracts/applicants';
import { PhotoInput, photoFileProblem } from './photo-input';

// The crop itself needs a real canvas; here it hands back whatever blob the test prepared.
let cropped: Blob = new Blob();
vi.mock('./photo-crop', () => ({
  PhotoCropDialog: ({ src, onSave }: { src: string | null; onSave: (b: Blob) => void }) =>
    src ? (
      <button type="button" onClick={() => onSave(cropped)}>
        Сохранить кадр
      </button>
    ) : null,
}));

const MB = 1024 * 1024;
const image = (bytes: number) =>
  new File([new Uint8Array(bytes)], 'me.jpg', { type: 'image/jpeg' });
const pick = (file: File) =>
  fireEvent.change(screen.getByLabelText('Загрузить фото'), { target: { files: [file] } });

globalThis.URL.createObjectURL ??= () => 'blob:picked';
globalThis.URL.revokeObjectURL ??= () => undefined;
afterEach(() => vi.clearAllMocks());

describe('photo size (SPEC.md §9 Base64 size)', () => {
  it('names the size and the limit of a picked photo that is too large', () => {
    expect(photoFileProblem({ type: 'image/png', size: 6.1 * MB })).toBe(
      'Фото 6,1 МБ больше допустимых 5 МБ',
    );
    expect(photoFileProblem({ type: 'image/png', size: MAX_PHOTO_BYTES })).toBeUndefined();
  });

  it('refuses an oversize pick before the crop opens, and passes nothing on', () => {
    const onChange = vi.fn();
    render(<PhotoInput value={null} onChange={onChange} />);
    pick(image(6 * MB));
    expect(screen.getByRole('alert').textContent).toBe('Фото 6 МБ больше допустимых 5 МБ');
    expect(screen.queryByText('Сохранить кадр')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('measures the cropped photo as the data URL it will send, and sends none over the limit', async () => {
    const onChange = vi.fn();
    render(<PhotoInput value={null} onChange={onChange} />);
    cropped = new Blob([new Uint8Array(5.5 * MB)], { type: 'image/jpeg' });
    pick(image(MB));
    fireEvent.click(await screen.findByText('Сохранить кадр'));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Фото 5,5 МБ больше допустимых 5 МБ'),
    );
    expect(onChange).not.toHaveBeenCalled();

    cropped = new Blob([new Uint8Array(3000)], { type: 'image/jpeg' });
    pick(image(MB));
    fireEvent.click(await screen.findByText('Сохранить кадр'));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange.mock.calls[0]![0]).toMatch(/^data:image\/jpeg;base64,/);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('checks the card’s cropped upload by its bytes the same way', async () => {
    const onUpload = vi.fn();
    render(<PhotoInput value={null} onChange={vi.fn()} onUpload={onUpload} />);
    cropped = new Blob([new Uint8Array(5.5 * MB)], { type: 'image/jpeg' });
    pick(image(MB));
    fireEvent.click(await screen.findByText('Сохранить кадр'));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(onUpload).not.toHaveBeenCalled();
  });
});
