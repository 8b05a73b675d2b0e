import { MagnifyingGlassMinusIcon, MagnifyingGlassPlusIcon } from '@heroicons/react/24/outline';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { Button } from '@ats/ui/button';
import { Dialog } from '@ats/ui/dialog';

/** The saved photo is a square JPEG no larger than this on a side. */
export const PHOTO_MAX_SIDE = 800;
const MIN_ZOOM = 1;
const MAX_ZOOM = 4;
const ZOOM_STEP = 0.25;
const JPEG_QUALITY = 0.9;

/** The side of the saved square: the cropped area's own pixels, at most PHOTO_MAX_SIDE. */
export const croppedSide = (area: Pick<Area, 'width'>) =>
  Math.max(1, Math.min(PHOTO_MAX_SIDE, Math.round(area.width)));

export const clampZoom = (zoom: number) =>
  Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(zoom * 100) / 100));

function loadImage(src: string) {
  return new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('Не удалось открыть изображение'));
    image.src = src;
  });
}

/** Draws `area` (in the image's own pixels) onto a square canvas and encodes it as JPEG. */
export async function cropToJpeg(src: string, area: Area): Promise<Blob> {
  const image = await loadImage(src);
  const side = croppedSide(area);
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Браузер не смог подготовить фото');
  // JPEG has no transparency: a transparent PNG gets a white background, not a black one.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, side, side);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, side, side);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('Браузер не смог подготовить фото'))),
      'image/jpeg',
      JPEG_QUALITY,
    ),
  );
}

type Props = {
  /** The picked image (an object URL); the dialog is open while there is one. */
  src: string | null;
  onCancel: () => void;
  onSave: (photo: Blob) => void;
};

/**
 * A square crop of the picked photo: drag or arrow keys move it, the slider, the wheel or +/−
 * zoom, Enter saves and Escape cancels.
 */
export function PhotoCropDialog({ src, onCancel, onSave }: Props) {
  return (
    <Dialog
      open={src !== null}
      onClose={onCancel}
      title="Кадрирование фото"
      description="Перетащите фото или двигайте его стрелками, масштаб — ползунком или клавишами + и −. Enter — сохранить, Esc — отмена."
    >
      {/* Keyed by the image: a new pick starts from a fresh crop. */}
      {src && <CropEditor key={src} src={src} onCancel={onCancel} onSave={onSave} />}
    </Dialog>
  );
}

function CropEditor({ src, onCancel, onSave }: Props & { src: string }) {
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);
  const area = useRef<Area | null>(null);
  const cropArea = useRef<RefObject<HTMLDivElement | null> | null>(null);
  const [measured, setMeasured] = useState(false);

  // The crop area exists once the image is measured; it then takes the keyboard (after the
  // dialog has focused its first control), so arrows move the photo right away.
  useEffect(() => {
    if (measured) cropArea.current?.current?.focus();
  }, [measured]);

  const onCropComplete = useCallback((_: Area, pixels: Area) => {
    area.current = pixels;
  }, []);

  const save = async () => {
    if (!area.current || saving) return;
    setSaving(true);
    try {
      onSave(await cropToJpeg(src, area.current));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Не удалось подготовить фото');
      setSaving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const key = event.key;
    // Handled here and stopped, so a dialog underneath (the new-applicant form) stays open.
    if (key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    } else if (key === 'Enter' && !(event.target instanceof HTMLButtonElement)) {
      event.preventDefault();
      event.stopPropagation();
      void save();
    } else if (key === '+' || key === '=' || key === '-' || key === '_') {
      event.preventDefault();
      const direction = key === '+' || key === '=' ? 1 : -1;
      setZoom((z) => clampZoom(z + direction * ZOOM_STEP));
    }
  };

  return (
    <div onKeyDown={onKeyDown} className="flex flex-col gap-4">
      <div className="relative h-72 overflow-hidden rounded-xl bg-zinc-900">
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          minZoom={MIN_ZOOM}
          maxZoom={MAX_ZOOM}
          aspect={1}
          cropShape="round"
          showGrid={false}
          onCropChange={setCrop}
          onZoomChange={(z) => setZoom(clampZoom(z))}
          onCropComplete={onCropComplete}
          setCropperRef={(ref) => {
            cropArea.current = ref;
          }}
          onCropSizeChange={() => setMeasured(true)}
          mediaProps={{
            alt: 'Выбранное фото',
            onError: () => setProblem('Не удалось открыть изображение'),
          }}
          cropperProps={{ 'aria-label': 'Область кадрирования' }}
        />
      </div>
      <div className="flex items-center gap-3">
        <Button
          size="sm"
          variant="ghost"
          aria-label="Уменьшить"
          disabled={zoom <= MIN_ZOOM}
          onClick={() => setZoom((z) => clampZoom(z - ZOOM_STEP))}
        >
          <MagnifyingGlassMinusIcon className="size-5" aria-hidden="true" />
        </Button>
        <input
          type="range"
          aria-label="Масштаб"
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={0.01}
          value={zoom}
          onChange={(event) => setZoom(clampZoom(Number(event.target.value)))}
          className="h-2 flex-1 cursor-pointer accent-indigo-600"
        />
        <Button
          size="sm"
          variant="ghost"
          aria-label="Увеличить"
          disabled={zoom >= MAX_ZOOM}
          onClick={() => setZoom((z) => clampZoom(z + ZOOM_STEP))}
        >
          <MagnifyingGlassPlusIcon className="size-5" aria-hidden="true" />
        </Button>
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Отмена
        </Button>
        <Button loading={saving} disabled={Boolean(problem)} onClick={() => void save()}>
          Сохранить
        </Button>
      </div>
    </div>
  );
}
