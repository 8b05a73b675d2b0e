import type { Socket } from 'node:net';
import type { Server } from 'node:http';
import { API_CODES, MESSAGES, type TErrorEnvelope } from '@ats/contracts/envelope';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

// Requests that never reach a route: Node's HTTP parser refuses them (bad bytes, headers over
// the limit, a timeout) or Fastify's router does (a bad percent escape, a path parameter over
// its length). Left to their defaults they are answered in Node's or Fastify's own words; here
// they get the envelope with a Russian message like every other answer.

export const CLIENT_ERROR_MESSAGES = {
  badRequest: 'Некорректный HTTP-запрос',
  badUrl: 'Некорректный адрес запроса',
  uriTooLong: 'Слишком длинный адрес запроса',
  headersTooLarge: 'Слишком большие заголовки запроса',
  timeout: 'Запрос не получен целиком вовремя',
  expectation: 'Заголовок Expect не поддерживается',
} as const;

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  414: 'URI Too Long',
  417: 'Expectation Failed',
  431: 'Request Header Fields Too Large',
};

type ParserError = Error & { code?: string; rawPacket?: unknown };

/** The request line alone went over the limit when the bytes read hold no line break yet. */
const requestLineTooLong = (error: ParserError) =>
  Buffer.isBuffer(error.rawPacket) && !error.rawPacket.includes('\r\n');

const envelopeFor = (error: ParserError): TErrorEnvelope => {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { code: 408, status: 'error', message: CLIENT_ERROR_MESSAGES.timeout };
    case 'HPE_HEADER_OVERFLOW':
      return requestLineTooLong(error)
        ? { code: 414, status: 'error', message: CLIENT_ERROR_MESSAGES.uriTooLong }
        : { code: 431, status: 'error', message: CLIENT_ERROR_MESSAGES.headersTooLarge };
    default:
      return { code: 400, status: 'error', message: CLIENT_ERROR_MESSAGES.badRequest };
  }
};

const rawResponse = (body: TErrorEnvelope) => {
  const json = JSON.stringify(body);
  return (
    `HTTP/1.1 ${body.code} ${STATUS_TEXT[body.code] ?? 'Error'}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(json)}\r\n` +
    'Connection: close\r\n\r\n' +
    json
  );
};

/** Fastify's `clientErrorHandler`: what Node's parser refused, answered before closing. */
export function answerClientError(error: ParserError, socket: Socket) {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) socket.end(rawResponse(envelopeFor(error)));
  socket.destroySoon();
}

/** Fastify's `frameworkErrors`: the router's refusals (FST_ERR_BAD_URL, FST_ERR_MAX_PARAM_LENGTH). */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const body: TErrorEnvelope =
    error.code === 'FST_ERR_BAD_URL'
      ? { code: 400, status: 'error', message: CLIENT_ERROR_MESSAGES.badUrl }
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? { code: 414, status: 'error', message: CLIENT_ERROR_MESSAGES.uriTooLong }
        : { code: API_CODES.internal, status: 'error', message: MESSAGES.somethingWentWrong };
  return reply.code(body.code).send(body);
}

/**
 * Node answers an `Expect` other than 100-continue with a bare 417 itself unless someone
 * listens for it; a listener answers in the envelope instead.
 */
export function answerUnsupportedExpectations(server: Server) {
  server.on('checkExpectation', (_request, response) => {
    const body: TErrorEnvelope = {
      code: 417,
      status: 'error',
      message: CLIENT_ERROR_MESSAGES.expectation,
    };
    const json = JSON.stringify(body);
    response.writeHead(417, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(json),
      connection: 'close',
    });
    response.end(json);
  });
}
