import { useId, useRef, useState } from 'react';
import { PhotoIcon } from '@heroicons/react/24/outline';
import { MAX_LOGO_BYTES, type TAccount } from '@ats/contracts/account';
import { Button } from '@ats/ui/button';
import { ConfirmDialog } from '@ats/ui/confirm-dialog';
import { imageAtDensities } from '../../shared/images/image-densities';
import { fileOversize } from '../../shared/format/upload-size';
import { useRemoveLogo, useUploadLogo } from './settings-account.queries';

const ACCEPTED = 'image/png,image/jpeg,image/webp,image/gif';

/** The logo: shown, replaced by a chosen image, or removed after a question. */
export function LogoCard({ account, canEdit }: { account: TAccount; canEdit: boolean }) {
  const inputId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    // The server decides by the bytes; the size is checked here too, to spare the upload.
    const tooLarge = fileOversize('Логотип', file, MAX_LOGO_BYTES);
    if (tooLarge) {
      setError(tooLarge);
      return;
    }
    setError(null);
    const result = await upload.mutateAsync(file);
    if (!result.ok) setError(result.errors?.file ?? result.message);
  };

  return (
    <div className="flex flex-wrap items-center gap-5">
      <div className="flex size-24 items-center justify-center overflow-hidden rounded-xl bg-zinc-50 ring-1 ring-zinc-200">
        {account.logo_url ? (
          <img
            {...imageAtDensities(account.logo_url, '96')}
            alt="Текущий логотип"
            className="size-full object-contain"
          />
        ) : (
          <PhotoIcon className="size-10 text-zinc-300" aria-label="Логотипа нет" />
        )}
      </div>
      <div className="flex flex-col gap-2">
        <p className="text-sm text-zinc-600">
          JPEG, PNG, WebP или GIF до 2 МБ. Логотип виден в шапке у всех сотрудников.
        </p>
        {canEdit && (
          <div className="flex flex-wrap gap-2">
            <input
              ref={input}
              id={inputId}
              type="file"
              accept={ACCEPTED}
              aria-label="Файл логотипа"
              className="sr-only"
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => void onFile(event.target.files?.[0])}
            />
            <Button
              variant="secondary"
              loading={upload.isPending}
              onClick={() => input.current?.click()}
            >
              {account.logo_url ? 'Заменить логотип' : 'Загрузить логотип'}
            </Button>
            {account.logo_url && (
              <Button variant="ghost" onClick={() => setConfirming(true)}>
                Убрать логотип
              </Button>
            )}
          </div>
        )}
        {error && (
          <p id={errorId} role="alert" className="text-xs text-red-600">
            {error}
          </p>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          const result = await remove.mutateAsync();
          if (result.ok) setConfirming(false);
        }}
        title="Убрать логотип?"
        description="В шапке снова будет только название компании."
        confirmLabel="Убрать"
        destructive
        pending={remove.isPending}
      />
    </div>
  );
}
