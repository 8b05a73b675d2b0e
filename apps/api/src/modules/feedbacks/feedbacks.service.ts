import { MESSAGES } from '@ats/contracts/envelope';
import type { ZFeedbackRequest } from '@ats/contracts/feedbacks';
import type { z } from 'zod';
import type { AppDeps } from '../../platform/deps.ts';
import * as repo from './feedbacks.repository.ts';

type Feedback = z.output<typeof ZFeedbackRequest>;

/** Stored first, then mailed to support: a message is never lost to a mail outage. */
export async function submitFeedback(
  deps: AppDeps,
  input: Feedback,
  author: { accountId: number; userId: number } | null,
) {
  const id = await repo.insertFeedbackAcrossAccounts(deps.database.system, {
    accountId: author?.accountId ?? null,
    userId: author?.userId ?? null,
    name: input.name,
    phone: input.phone,
    email: input.email,
    comment: input.comment,
    feedbackType: input.feedback_type,
    company: input.company ?? null,
    extraFields: input.extra_fields ?? null,
  });
  await deps.mailer.send({
    to: deps.config.SUPPORT_EMAIL,
    subject: `Обратная связь (${input.feedback_type}) №${id}: ${input.name}`,
    text:
      `Имя: ${input.name}\nТелефон: ${input.phone}\nEmail: ${input.email}\n` +
      (input.company ? `Компания: ${input.company}\n` : '') +
      (author ? `Аккаунт: ${author.accountId}, пользователь ${author.userId}\n` : '') +
      `\n${input.comment}\n`,
    kind: 'feedback',
    accountId: author?.accountId ?? null,
  });
  return MESSAGES.feedbackSent;
}
