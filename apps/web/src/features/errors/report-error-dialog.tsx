import { useState } from 'react';
import { MESSAGES } from '@ats/contracts/envelope';
import { Button } from '@ats/ui/button';
import { Dialog } from '@ats/ui/dialog';
import { Field } from '@ats/ui/field';
import { Textarea } from '@ats/ui/textarea';
import { notify } from '../../shared/toasts';
import { useSendErrorReport } from './error-reports.queries';

export type ReportErrorDialogProps = { open: boolean; onClose: () => void; code: number };

export function ReportErrorDialog({ open, onClose, code }: ReportErrorDialogProps) {
  const [text, setText] = useState('');
  const send = useSendErrorReport();

  const submit = () => {
    if (!text.trim()) {
      notify.info(MESSAGES.errorReportEmpty);
      return;
    }
    send.mutate(
      { message: text.trim(), code, path: window.location.pathname + window.location.search },
      {
        onSuccess: () => {
          notify.success(MESSAGES.errorReportThanks);
          setText('');
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Сообщить об ошибке"
      description="Опишите, что вы делали, когда это случилось."
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        className="flex flex-col gap-4"
      >
        <Field label="Что произошло">
          {(control) => (
            <Textarea
              rows={5}
              value={text}
              onChange={(e) => setText(e.target.value)}
              {...control}
            />
          )}
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Закрыть
          </Button>
          <Button type="submit" loading={send.isPending}>
            Отправить
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
