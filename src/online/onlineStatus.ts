import { type Accessor, createSignal, onCleanup } from 'solid-js';

/** Whether the browser says it is online, following its online/offline events (Solid-reactive). */
export function createOnlineStatus(): Accessor<boolean> {
  const [online, setOnline] = createSignal(typeof navigator === 'undefined' ? true : navigator.onLine);
  const up = (): void => void setOnline(true);
  const down = (): void => void setOnline(false);
  globalThis.addEventListener?.('online', up);
  globalThis.addEventListener?.('offline', down);
  onCleanup(() => {
    globalThis.removeEventListener?.('online', up);
    globalThis.removeEventListener?.('offline', down);
  });
  return online;
}
