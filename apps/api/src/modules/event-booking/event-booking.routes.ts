import {
  ZBookSlotRequest,
  ZBookedEnvelope,
  ZBooking,
  ZBookingListQuery,
  ZCreateBookingRequest,
  ZCreatedBooking,
  ZPublicBooking,
  ZPublicBookingParams,
} from '@ats/contracts/event-booking';
import { successEnvelope } from '@ats/contracts/envelope';
import { ZIdParams } from '@ats/contracts/ids';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../platform/tenancy.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { success } from '../../platform/envelope.ts';
import { publicUrlFor } from '../../platform/public-url.ts';
import { type RateLimit, clientOf, spendAllowance } from '../../platform/throttle.ts';
import {
  bookSlot,
  createBooking,
  listBookings,
  readPublicBooking,
  revokeBooking,
} from './event-booking.service.ts';

/**
 * Anyone holding a link may call the public routes: an applicant opens a page, maybe reloads it,
 * and books once, so a few dozen calls per address in ten minutes are plenty.
 */
export const BOOKING_LIMIT: RateLimit = {
  name: 'event_booking',
  perClient: 60,
  global: 3000,
  windowSeconds: 600,
  message: 'Слишком много обращений по ссылке. Попробуйте позже',
};

export function registerEventBookingRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Самозапись на встречу'];

  r.post(
    '/api/event_bookings',
    {
      schema: {
        tags,
        summary: 'Создать ссылку самозаписи кандидата на встречу',
        body: ZCreateBookingRequest,
        response: { 200: successEnvelope(ZCreatedBooking) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(
        await createBooking(
          deps,
          tenant,
          session,
          request.body,
          publicUrlFor(deps.config, request),
        ),
      );
    },
  );

  r.get(
    '/api/event_bookings',
    {
      schema: {
        tags,
        summary: 'Ссылки самозаписи кандидата (без applicant_id — свои)',
        querystring: ZBookingListQuery,
        response: { 200: successEnvelope(z.array(ZBooking)) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await listBookings(tenant, session, request.query));
    },
  );

  r.delete(
    '/api/event_bookings/:id',
    {
      schema: {
        tags,
        summary: 'Отозвать ссылку самозаписи',
        params: ZIdParams,
        response: { 200: successEnvelope(ZBooking) },
      },
    },
    async (request) => {
      const { tenant, session } = callerOf(request);
      return success(await revokeBooking(tenant, session, request.params.id));
    },
  );

  r.get(
    '/api/public/bookings/:token',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['Публичное'],
        summary: 'Свободное время для записи по ссылке кандидата',
        params: ZPublicBookingParams,
        response: { 200: successEnvelope(ZPublicBooking) },
      },
    },
    async (request) => {
      await spendAllowance(deps, BOOKING_LIMIT, clientOf(request));
      return success(await readPublicBooking(deps, request.params.token));
    },
  );

  r.post(
    '/api/public/bookings/:token/book',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['Публичное'],
        summary: 'Записаться на выбранное время (ссылка срабатывает один раз)',
        params: ZPublicBookingParams,
        body: ZBookSlotRequest,
        response: { 201: ZBookedEnvelope },
      },
    },
    async (request, reply) => {
      await spendAllowance(deps, BOOKING_LIMIT, clientOf(request));
      const booked = await bookSlot(deps, request.params.token, request.body);
      return reply
        .code(201)
        .send({ code: 201 as const, status: 'success' as const, message: booked });
    },
  );
}
