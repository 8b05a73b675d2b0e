import { PhotoIcon, TrashIcon } from '@heroicons/react/24/outline';
import { lazy, Suspense, useId, useState, type ChangeEvent } from 'react';
import { MAX_PHOTO_BYTES } from '@ats/contracts/applicants';
import { Button } from '@ats/ui/button';
import { imageAtDensities } from '../../shared/images/image-densities';
import { dataUrlOversize, fileOversize } from '../../shared/format/upload-size';

// The crop (and its library) is loaded once a photo is picked, not with the card or the form.
const PhotoCropDialog = lazy(async () => ({
  default: (await import('./photo-crop')).PhotoCropDialog,
}));

/** Reads a file (or the cropped photo) as a data URL, the form the create request takes photos in. */
export function readFileAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Не удалось прочитать файл'));
    reader.readAsDataURL(file);
  });
}

/** Why a file cannot be a photo, in Russian; undefined when it can. */
export function photoFileProblem(file: Pick<File, 'type' | 'size'>): string | undefined {
  if (!file.type.startsWith('image/')) return 'Выберите изображение: JPG, PNG или WebP';
  return fileOversize('Фото', file, MAX_PHOTO_BYTES);
}

type Props = {
  value: string | null;
  /** The cropped photo as a data URL (what the create form sends), or null when it is removed. */
  onChange: (dataUrl: string | null) => void;
  /** When given, the cropped JPEG goes here instead of `onChange`: the card uploads it as a file. */
  onUpload?: (photo: Blob) => void;
  error?: string;
};

/** The photo with a picker: a picked image opens the square crop before it is used. */
export function PhotoInput({ value, onChange, onUpload, error }: Props) {
  const inputId = useId();
  const [problem, setProblem] = useState<string>();
  // The picked image as an object URL while it is being cropped; released when the crop ends.
  const [picked, setPicked] = useState<string | null>(null);
  const shown = problem ?? error;

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const why = photoFileProblem(file);
    setProblem(why);
    if (!why) setPicked(URL.createObjectURL(file));
  };

  const closeCrop = () => {
    if (picked) URL.revokeObjectURL(picked);
    setPicked(null);
  };

  const save = async (photo: Blob) => {
    closeCrop();
    // The cropped JPEG is what goes out: it is checked against the same limit before it is sent.
    if (onUpload) {
      const tooLarge = fileOversize('Фото', photo, MAX_PHOTO_BYTES);
      setProblem(tooLarge);
      if (!tooLarge) onUpload(photo);
      return;
    }
    let dataUrl: string;
    try {
      dataUrl = await readFileAsDataUrl(photo);
    } catch {
      setProblem('Не удалось прочитать файл');
      return;
    }
    // SPEC.md §9 Base64 size: the data URL the create request carries, measured as the server will.
    const tooLarge = dataUrlOversize('Фото', dataUrl, MAX_PHOTO_BYTES);
    setProblem(tooLarge);
    if (!tooLarge) onChange(dataUrl);
  };

  return (
    <div className="flex items-center gap-4">
      {value ? (
        <img
          {...imageAtDensities(value, '64')}
          alt="Фото кандидата"
          className="size-16 rounded-full object-cover"
        />
      ) : (
        <span className="flex size-16 items-center justify-center rounded-full bg-zinc-100 text-zinc-400">
          <PhotoIcon className="size-7" aria-hidden="true" />
        </span>
      )}
      <div className="flex flex-col gap-1">
        <div className="flex gap-2">
          <label
            htmlFor={inputId}
            className="inline-flex h-8 cursor-pointer items-center rounded-lg px-3 text-sm font-medium text-zinc-800 ring-1 ring-zinc-300 ring-inset focus-within:outline-2 focus-within:outline-indigo-600 hover:bg-zinc-50"
          >
            {value ? 'Заменить фото' : 'Загрузить фото'}
            <input id={inputId} type="file" accept="image/*" className="sr-only" onChange={pick} />
          </label>
          {value && (
            <Button size="sm" variant="ghost" onClick={() => onChange(null)}>
              <TrashIcon className="size-4" aria-hidden="true" />
              Убрать
            </Button>
          )}
        </div>
        {shown ? (
          <p role="alert" className="text-xs text-red-600">
            {shown}
          </p>
        ) : (
          <p className="text-xs text-zinc-500">JPG, PNG или WebP до 5 МБ</p>
        )}
      </div>
      {picked !== null && (
        <Suspense fallback={null}>
          <PhotoCropDialog src={picked} onCancel={closeCrop} onSave={save} />
        </Suspense>
      )}
    </div>
  );
}
