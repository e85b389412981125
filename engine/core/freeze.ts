/**
 * States are values: in tests and development builds every state the engine returns is
 * deep-frozen, so that code which mutates one fails at once instead of corrupting the
 * identity-keyed caches (map indexes, adjacency) and the states others still hold. Off in
 * production and benchmarks, where it would only cost time.
 */
let freezing = false;

/** Turns deep-freezing of returned states on or off (test set-up and development builds turn it on). */
export const setFreezeStates = (on: boolean): void => {
  freezing = on;
};

export const freezesStates = (): boolean => freezing;

/** Freezes `value` and everything it holds, when freezing is on. Shared parts already frozen are skipped. */
export function frozen<T>(value: T): T {
  if (freezing) freezeDeep(value);
  return value;
}

function freezeDeep(x: unknown): void {
  if (typeof x !== 'object' || x === null || Object.isFrozen(x)) return;
  Object.freeze(x);
  for (const v of Object.values(x)) freezeDeep(v);
}
