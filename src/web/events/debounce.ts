/**
 * One debounce per key: the last value pushed for a key is sent once the key has been quiet for `waitMs`.
 * flush() sends everything pending at once, for when the page is going away.
 */
export interface KeyedDebounce<T> {
  push(key: string, value: T): void;
  flush(): void;
}

export function keyedDebounce<T>(waitMs: number, send: (key: string, value: T) => void): KeyedDebounce<T> {
  const pending = new Map<string, { value: T; timer: ReturnType<typeof setTimeout> }>();
  const fire = (key: string) => {
    const entry = pending.get(key);
    if (!entry) return;
    clearTimeout(entry.timer);
    pending.delete(key);
    send(key, entry.value);
  };
  return {
    push(key, value) {
      const previous = pending.get(key);
      if (previous) clearTimeout(previous.timer);
      pending.set(key, { value, timer: setTimeout(() => fire(key), waitMs) });
    },
    flush() {
      for (const key of [...pending.keys()]) fire(key);
    },
  };
}
