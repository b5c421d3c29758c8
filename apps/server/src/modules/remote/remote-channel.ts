// How a remote operation talks to a device (docs/remote.md "Waiting, expiry and idempotency"): each command
// goes through the command channel with the remote operations' time to live and an open key (the same
// operation still open answers the open command: a double click sends one), then the call waits for the
// commands' ends until one shared deadline and sums them up as one outcome.
import { createHash, randomUUID } from 'node:crypto';
import {
  RemoteLimits,
  type CommandState,
  type CommandView,
  type RemoteCommandRef,
  type RemoteOutcome,
} from '@sunfleet/contracts';
import type { CommandWaiter } from '../commands/command-waiter.js';
import type { CommandsService } from '../commands/commands.service.js';
import type { RemoteTarget } from './remote.repository.js';

/** Open states from the least advanced on: the outcome of unanswered commands is the first one present. */
const OPEN_ORDER: readonly CommandState[] = ['PENDING', 'SENT', 'ACKNOWLEDGED'];

/**
 * DONE when every command is done; FAILED or EXPIRED as soon as one is (FAILED first: the device said
 * why); otherwise the least advanced open state. No command at all is DONE (nothing to wait for).
 */
export function overallState(states: readonly CommandState[]): CommandState {
  if (states.includes('FAILED')) return 'FAILED';
  if (states.includes('EXPIRED')) return 'EXPIRED';
  return OPEN_ORDER.find((state) => states.includes(state)) ?? 'DONE';
}

export function commandRef(command: CommandView): RemoteCommandRef {
  const detail = command.result?.detail;
  return {
    id: command.id,
    name: command.name,
    state: command.state,
    error: command.error,
    detail: typeof detail === 'string' ? detail : null,
  };
}

export function outcomeOf(commands: readonly CommandView[]): RemoteOutcome {
  return { state: overallState(commands.map((c) => c.state)), commands: commands.map(commandRef) };
}

/**
 * The open key of an operation: the same target, command and parameters (and, for a read-back, the writes
 * it follows) are the same operation.
 */
export function openKeyOf(
  target: Pick<RemoteTarget, 'gatewayId' | 'deviceId'>,
  name: string,
  params: Record<string, unknown>,
  after: readonly string[] = [],
): string {
  const text = JSON.stringify([target.gatewayId, target.deviceId, name, params, after]);
  return createHash('sha256').update(text).digest('hex');
}

export class RemoteChannel {
  constructor(
    private readonly deps: { commands: CommandsService; waiter: CommandWaiter; answerWaitMs: number },
  ) {}

  /** The moment a call started now stops waiting for the device. */
  deadline(): number {
    return Date.now() + this.deps.answerWaitMs;
  }

  /** Enqueues one command (or finds the identical open one); answers it as it stands. */
  async send(
    target: RemoteTarget,
    userId: number,
    name: string,
    params: Record<string, unknown>,
    after: readonly string[] = [],
  ): Promise<CommandView> {
    const { command } = await this.deps.commands.enqueue({
      gatewayId: target.gatewayId,
      ...(target.deviceId === null ? {} : { deviceId: target.deviceId }),
      name,
      params,
      ttlSeconds: RemoteLimits.commandTtlSeconds,
      idempotencyKey: randomUUID(),
      userId,
      openKey: openKeyOf(target, name, params, after),
    });
    return command;
  }

  /** The commands once ended, or as they stand at the deadline (or when the caller went away). */
  async settle(
    commands: readonly CommandView[],
    deadline: number,
    signal?: AbortSignal,
  ): Promise<CommandView[]> {
    return Promise.all(
      commands.map(
        async (command) =>
          (await this.deps.waiter.settle(command.id, Math.max(0, deadline - Date.now()), signal)) ?? command,
      ),
    );
  }
}
