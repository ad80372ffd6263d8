import type { ListenHandlers } from '../../infra/db/listen';

/** The channel a new inbox item is announced on (migration 0039's trigger): user ids, or '*'. */
export const INBOX_CHANNEL = 'earn_inbox';

/**
 * This instance's open notification streams, woken when PostgreSQL announces new items for their user
 * (from any instance: NOTIFY reaches every listener), instead of each stream asking the database every
 * few seconds. While not live (no listener, or its connection lost) streams fall back to polling; when
 * it comes back every stream looks once, for what was announced meanwhile.
 */
export class InboxWakeup implements ListenHandlers {
  private readonly streams = new Map<number, Set<() => void>>();
  private isLive = false;

  /** Whether announcements arrive now; streams poll while they do not. */
  get listening(): boolean {
    return this.isLive;
  }

  /** Calls `wake` whenever items may have arrived for the user; answers the unsubscribe. */
  subscribe(userId: number, wake: () => void): () => void {
    let set = this.streams.get(userId);
    if (!set) {
      set = new Set();
      this.streams.set(userId, set);
    }
    set.add(wake);
    return () => {
      set.delete(wake);
      if (set.size === 0 && this.streams.get(userId) === set) this.streams.delete(userId);
    };
  }

  message(payload: string): void {
    if (payload === '*') {
      this.wakeAll();
      return;
    }
    for (const id of payload.split(',')) {
      for (const wake of this.streams.get(Number(id)) ?? []) wake();
    }
  }

  live(live: boolean): void {
    const cameBack = live && !this.isLive;
    this.isLive = live;
    if (cameBack) this.wakeAll();
  }

  private wakeAll(): void {
    for (const set of this.streams.values()) for (const wake of set) wake();
  }
}

declare module '../../kernel/deps' {
  interface AppDeps {
    /** Wakes open notification streams when PostgreSQL announces new items; absent: streams poll. */
    inboxWakeup?: InboxWakeup;
  }
}
