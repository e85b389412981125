import { afterEach, describe, expect, it, vi } from 'vitest';
import { freezesStates, setFreezeStates } from '../../engine/core/freeze.js';
import { freezeStatesInDevelopment } from '../../src/app/freeze.js';

afterEach(() => {
  vi.unstubAllEnvs();
  setFreezeStates(true);
});

describe('the page freezes engine states', () => {
  it('in development builds (import.meta.env.DEV), not in production builds', () => {
    setFreezeStates(false);
    vi.stubEnv('DEV', true);
    freezeStatesInDevelopment();
    expect(freezesStates()).toBe(true);
    vi.stubEnv('DEV', false);
    freezeStatesInDevelopment();
    expect(freezesStates()).toBe(false);
  });
});
