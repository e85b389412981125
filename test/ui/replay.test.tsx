import { render } from 'solid-js/web';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ReplayScreen from '../../src/replay/ReplayScreen.js';
import { setPendingReplay } from '../../src/replay/pending.js';

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const d of disposers.splice(0)) d();
  vi.unstubAllGlobals();
});

describe('the replay viewer', () => {
  it('offers the opened file for saving under its name (a game just played has no other copy)', async () => {
    // No verification here (the browser test verifies in a real Worker): a Worker that never answers.
    vi.stubGlobal(
      'Worker',
      class {
        postMessage(): void {}
        addEventListener(): void {}
        removeEventListener(): void {}
        terminate(): void {}
      },
    );
    setPendingReplay(new File(['{"format":"battle-for-eden/replay"}'], 'battle-for-eden-local.json', { type: 'application/json' }));
    const host = document.createElement('div');
    document.body.append(host);
    disposers.push(render(() => <ReplayScreen />, host), () => host.remove());
    const save = host.querySelector<HTMLAnchorElement>('#replay-save');
    expect(save).not.toBeNull();
    expect(save!.getAttribute('download')).toBe('battle-for-eden-local.json');
    expect(save!.getAttribute('href')).toMatch(/^blob:/);
    expect(save!.textContent).toBe('Save the file');
  });
});
