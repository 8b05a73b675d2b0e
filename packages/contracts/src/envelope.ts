import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/** Russian texts that the API and the web app both show, word for word from SPEC.md. */
export const MESSAGES = {
  somethingWentWrong: 'Что-то пошло не так',
  unknownError: 'Неизвестная ошибка',
  operationSucceeded: 'Операция выполнена успешно',
  accountInactive: 'Ваш аккаунт не активен. Обратитесь к менеджеру для активации.',
  loggedOut: 'Вы вышли из системы',
  wrongCredentials: 'Неверный email или пароль',
  feedbackSent: 'Сообщение успешно отправлено',
  errorReportThanks:
    'Спасибо! Ваше сообщение отправлено, постараемся исправить ошибку как можно быстрее',
  errorReportEmpty: 'Пожалуйста, введите сообщение',
  validationFailed: 'Проверьте правильность заполнения полей',
  notFound: 'Не найдено',
  routeNotFound: 'Такой страницы нет',
  forbidden: 'Недостаточно прав для этого действия',
  sessionMissing: 'Необходимо войти в систему',
  sessionExpired: 'Сессия истекла, войдите снова',
  tooManyAttempts: 'Слишком много попыток. Попробуйте позже',
  payloadTooLarge: 'Слишком большой запрос',
  malformedJson: 'Некорректный JSON в теле запроса',
  foreignOrigin: 'Запрос с чужого сайта отклонён',
} as const;

/** HTTP status equals `code`; 419–421 are the product's own session codes. */
export const API_CODES = {
  ok: 200,
  badRequest: 400,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  accountInactive: 419,
  sessionMissing: 420,
  sessionExpired: 421,
  tooManyRequests: 429,
  internal: 500,
} as const;

export const ZErrorEnvelope = lazySchema(() =>
  z.object({
    code: z.number().int(),
    status: z.literal('error'),
    message: z.string(),
    errors: z.record(z.string(), z.string()).optional(),
  }),
);
export type TErrorEnvelope = z.infer<typeof ZErrorEnvelope>;

export const successEnvelope = <T extends z.ZodType>(payload: T) =>
  z.object({ code: z.literal(200), status: z.literal('success'), message: payload });

/** A success whose payload is a plain Russian sentence (log out, feedback sent, …). */
export const ZTextEnvelope = lazySchema(() => successEnvelope(z.string()));
