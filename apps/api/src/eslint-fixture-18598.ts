import type { FastifyReply } from 'fastify';
const save = async () => {};
export function handler(reply: FastifyReply) {
  save();
  reply.header('x-test', '1');
  // Fire and forget: the test says so.
  void save();
}
