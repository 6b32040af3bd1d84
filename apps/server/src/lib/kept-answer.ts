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

/**
 * One route's answers kept by the object they were made from (a list a change-watched cache keeps): while the cache
 * hands out the same object, the route sends the JSON made from it the first time. A new object (a change, or a
 * database without change signals, which reads again at every call) is answered afresh.
 */
export function keptAnswers<K extends object>(): (reply: FastifyReply, kept: K, make: (kept: K) => unknown) => SerializedAnswer {
  const answers = new WeakMap<K, SerializedAnswer>();
  return (reply, kept, make) => {
    let answer = answers.get(kept);
    if (!answer) {
      answer = serializeAnswer(reply, make(kept));
      answers.set(kept, answer);
    }
    return answer;
  };
}
