// The seams between the broker, the ingest and the command channel (Step 2b). The embedded broker and
// the external-broker consumer both hand uplink messages to an UplinkHandler; commands go out through a
// Downlink whichever broker is in use.

export interface UplinkMessage {
  /** Logger SN: the authenticated client (embedded broker) or the topic's SN level (external broker,
   *  whose ACL guarantees a logger only publishes under its own prefix). */
  sn: string;
  topic: string;
  payload: Buffer;
}

/**
 * Handles one uplink message. Resolves once the message is durably handled — its rows committed, or it
 * is stored as a dead letter — and only then may the broker send the PUBACK. Rejects when the message
 * must be redelivered (database unavailable): the broker then withholds the PUBACK.
 */
export type UplinkHandler = (message: UplinkMessage) => Promise<void>;

/** Publishes a cloud → logger message (QoS 1). Rejects when no broker is reachable. */
export interface Downlink {
  publish(topic: string, payload: Buffer): Promise<void>;
}
