// An open Server-Sent Events stream read with fetch (app.inject cannot read a stream that never ends):
// collects parsed events; `next` waits for one matching a predicate.
export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/** An open stream: collects parsed events; `next` waits for one matching a predicate. */
export class Stream {
  readonly events: SseEvent[] = [];
  readonly comments: string[] = [];
  private buffer = '';
  private waiters: { match: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }[] = [];

  constructor(
    readonly response: Response,
    private readonly abort: AbortController,
  ) {
    void this.read();
  }

  private async read(): Promise<void> {
    const reader: ReadableStreamDefaultReader<Uint8Array> = this.response.body!.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          this.endedAt = Date.now();
          this.notify({ event: 'end', data: {} });
          return;
        }
        this.buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = this.buffer.indexOf('\n\n')) >= 0) {
          const block = this.buffer.slice(0, end);
          this.buffer = this.buffer.slice(end + 2);
          this.parse(block);
        }
      }
    } catch {
      // aborted
    }
  }

  private parse(block: string): void {
    let event = 'message';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
      else if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data += line.slice(5).trim();
    }
    // A heartbeat comment is offered to waiters as a pseudo-event (not kept in `events`).
    if (data === '') {
      if (this.comments.at(-1) === 'heartbeat') this.notify({ event: 'heartbeat', data: {} });
      return;
    }
    const parsed: SseEvent = { event, data: JSON.parse(data) as Record<string, unknown> };
    this.events.push(parsed);
    this.notify(parsed);
  }

  private notify(parsed: SseEvent): void {
    this.waiters = this.waiters.filter((w) => {
      if (!w.match(parsed)) return true;
      w.resolve(parsed);
      return false;
    });
  }

  next(match: (e: SseEvent) => boolean, what: string, timeoutMs = 15_000): Promise<SseEvent> {
    const found = this.events.find(match);
    if (found) return Promise.resolve(found);
    // The end is not kept in `events`, but a stream may have ended before its waiter was set (a loaded
    // machine runs the server's close before the test's next line): offer it again.
    const end: SseEvent = { event: 'end', data: {} };
    if (this.endedAt !== null && match(end)) return Promise.resolve(end);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), timeoutMs);
      this.waiters.push({
        match,
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e);
        },
      });
    });
  }

  closed = false;
  /** When the server ended the stream (null while open). */
  endedAt: number | null = null;

  close(): void {
    this.closed = true;
    this.abort.abort();
  }
}
