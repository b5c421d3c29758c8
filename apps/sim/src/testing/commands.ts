// Sends commands to a simulated logger through the test broker, as the cloud does, and collects its
// answers on up/cmd/res.
import { randomUUID } from 'node:crypto';
import { commandTopic } from '@sunfleet/contracts';
import type { TestBroker } from './broker.js';
import { until } from './fixtures.js';

export interface Answer {
  id: string;
  state: string;
  result?: Record<string, unknown>;
  error?: string;
}

export interface CommandInput {
  name: string;
  params?: Record<string, unknown>;
  dev?: string;
  id?: string;
  idempotencyKey?: string;
  expiresAt?: number;
}

export function answersTo(broker: TestBroker, id: string): Answer[] {
  return (broker.of('cmd/res') as unknown as Answer[]).filter((a) => a.id === id);
}

const FINAL = new Set(['DONE', 'FAILED', 'EXPIRED']);

/** Publishes a command and resolves with every answer to it once a final one (DONE/FAILED/EXPIRED) came. */
export async function sendCommand(broker: TestBroker, sn: string, input: CommandInput): Promise<Answer[]> {
  const id = input.id ?? randomUUID();
  const before = answersTo(broker, id).length;
  await broker.publish(commandTopic(sn), {
    v: 1,
    id,
    idempotencyKey: input.idempotencyKey ?? id,
    name: input.name,
    ...(input.dev === undefined ? {} : { dev: input.dev }),
    params: input.params ?? {},
    expiresAt: input.expiresAt ?? Date.now() + 60_000,
  });
  await until(
    () =>
      answersTo(broker, id)
        .slice(before)
        .some((a) => FINAL.has(a.state)),
    `an answer to ${input.name}`,
  );
  return answersTo(broker, id).slice(before);
}

/** The final answer of a command. */
export async function finalAnswer(broker: TestBroker, sn: string, input: CommandInput): Promise<Answer> {
  const answers = await sendCommand(broker, sn, input);
  return answers.at(-1) as Answer;
}
