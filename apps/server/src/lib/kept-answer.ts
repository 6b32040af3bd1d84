import type { FastifyReply } from 'fastify';

/**
 * An answer already serialised by its route's contract, to be sent again as it is while the state it was made from
 * lasts (decision 1188): a polling call that many members make on one kept state pays for its JSON once, not at every
 * call. route() sends `json` as the body; under RESPONSE_CHECK=strict it checks `answer` against the contract first,
 * as it checks any other answer.
 */
export class SerializedAnswer {
  constructor(
    readonly answer: unknown,
    readonly json: string,
  ) {}
}

/** Serialises `answer` with the serialiser Fastify would use for this route's 200 (its response contract). */
export function serializeAnswer(reply: FastifyReply, answer: unknown): SerializedAnswer {
  const json = reply.serialize(answer);
  if (typeof json !== 'string') throw new Error("the route's serialiser gave bytes, not JSON text");
  return new SerializedAnswer(answer, json);
}

export const JSON_TYPE = 'application/json; charset=utf-8';
