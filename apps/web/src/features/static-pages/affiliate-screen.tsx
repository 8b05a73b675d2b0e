import { useState } from 'react';
import { Button } from '@ats/ui/button';
import { PageHeader } from '@ats/ui/page-header';
import { useDocumentTitle } from '../../shared/use-document-title';
import { FeedbackDialog } from '../../shared/feedback/feedback-dialog';
import { AffiliateLink } from './affiliate-link';

const STEPS = [
  {
    title: 'Рекомендуйте',
    text: 'Расскажите о сервисе коллегам и клиентам по своей партнёрской ссылке.',
  },
  { title: 'Клиент оплачивает', text: 'Компания регистрируется и оплачивает любой тариф.' },
  {
    title: 'Получайте 20 %',
    text: 'Вы получаете 20 % от всех оплат клиента в течение первого года.',
  },
];

export function AffiliateScreen() {
  useDocumentTitle('Партнёрская программа');
  const [open, setOpen] = useState(false);
  return (
    <section className="max-w-3xl">
      <PageHeader
        title="Партнёрская программа"
        description="Для кадровых агентств, HR-консультантов и интеграторов."
        actions={<Button onClick={() => setOpen(true)}>Стать партнёром</Button>}
      />
      <ol className="grid gap-4 sm:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.title} className="rounded-xl bg-white p-5 ring-1 ring-zinc-200">
            <span className="text-sm font-semibold text-indigo-600">{index + 1}</span>
            <h2 className="mt-1 font-semibold text-zinc-900">{step.title}</h2>
            <p className="mt-1 text-sm text-zinc-600">{step.text}</p>
          </li>
        ))}
      </ol>
      <p className="mt-6 text-sm text-zinc-600">
        Выплаты — ежемесячно по договору, для юридических лиц и самозанятых. Оставьте заявку, и
        менеджер пришлёт условия и партнёрскую ссылку.
      </p>
      <AffiliateLink />
      <FeedbackDialog open={open} onClose={() => setOpen(false)} />
    </section>
  );
}
