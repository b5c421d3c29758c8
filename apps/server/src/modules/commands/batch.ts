// A batch of commands (a register test, an IV scan, a fault recording): one command per device carrying
// the batch's id, stored in one transaction with the batch's own row, sent at once and waited for with one
// shared deadline. The batch's view is read again from its commands afterwards (commands.batch_id).
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { BatchCaller, CommandWaiter } from './command-waiter.js';
import { CommandsService } from './commands.service.js';
import { wakeCommandDispatchers } from './dispatcher.js';

export interface BatchCommands {
  /** The batch's id: commands.batch_id, and part of each command's idempotency key. */
  batchId: string;
  /** The idempotency keys' prefix (`<kind>:<batchId>:<deviceId>`). */
  kind: string;
  name: string;
  params: Record<string, unknown>;
  ttlSeconds: number;
  devices: readonly { id: number; gatewayId: number }[];
}

/**
 * Stores one command per device and the batch (`storeBatch` writes its own row in the same transaction,
 * knowing the commands' ids in device order), wakes the dispatchers, and waits at most `answerWaitMs` for
 * the devices' answers.
 */
export async function sendBatch(
  deps: { db: Db; clock: Clock; waiter: CommandWaiter; answerWaitMs: number },
  caller: BatchCaller,
  batch: BatchCommands,
  storeBatch: (tx: Db, commandIds: readonly string[]) => Promise<void>,
): Promise<void> {
  const commandIds = await deps.db.transaction(async (tx) => {
    const commands = new CommandsService({ db: tx, clock: deps.clock, onEnqueued: () => undefined });
    const ids: string[] = [];
    for (const device of batch.devices) {
      const { command } = await commands.enqueue({
        gatewayId: device.gatewayId,
        deviceId: device.id,
        name: batch.name,
        params: batch.params,
        ttlSeconds: batch.ttlSeconds,
        idempotencyKey: `${batch.kind}:${batch.batchId}:${device.id}`,
        userId: caller.userId,
        batchId: batch.batchId,
      });
      ids.push(command.id);
    }
    await storeBatch(tx, ids);
    return ids;
  });
  wakeCommandDispatchers();
  await deps.waiter.settleAll(commandIds, deps.answerWaitMs, caller.signal);
}
