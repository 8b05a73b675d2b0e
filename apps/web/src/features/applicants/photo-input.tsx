import { PhotoIcon, TrashIcon } from '@heroicons/react/24/outline';
import { useId, useState, type ChangeEvent } from 'react';
import { MAX_PHOTO_BYTES } from '@ats/contracts/applicants';
import { Button } from '@ats/ui/button';

/** Reads a picked file as a data URL, the form the API takes photos in. */
export function readFileAsDataUrl(file: File): Promise<string> {
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
  if (file.size > MAX_PHOTO_BYTES) return 'Фото больше 5 МБ — выберите файл поменьше';
  return undefined;
}

type Props = {
  value: string | null;
  onChange: (dataUrl: string | null) => void;
  error?: string;
};

export function PhotoInput({ value, onChange, error }: Props) {
  const inputId = useId();
  const [problem, setProblem] = useState<string>();
  const shown = problem ?? error;

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const why = photoFileProblem(file);
    setProblem(why);
    if (why) return;
    try {
      onChange(await readFileAsDataUrl(file));
    } catch {
      setProblem('Не удалось прочитать файл');
    }
  };

  return (
    <div className="flex items-center gap-4">
      {value ? (
        <img src={value} alt="Фото кандидата" className="size-16 rounded-full object-cover" />
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
    </div>
  );
}
