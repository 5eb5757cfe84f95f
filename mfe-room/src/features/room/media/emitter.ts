// Each event has its own signature; the hub only relays arguments.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- listeners of every signature are stored together
type Listener = (...args: any[]) => void;

/**
 * A typed event hub: `on` answers its own unsubscribe, so subscribing and unsubscribing come in
 * matched pairs. A listener that throws does not starve the others (nor the library whose event
 * is being relayed): its error is rethrown on its own, outside the loop.
 */
export class Emitter<Events extends { [E in keyof Events]: Listener }> {
  private readonly listeners = new Map<keyof Events, Set<Listener>>();

  on<E extends keyof Events>(event: E, listener: Events[E]): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  emit<E extends keyof Events>(event: E, ...args: Parameters<Events[E]>): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      try {
        listener(...args);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}
