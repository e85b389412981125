import { render } from 'solid-js/web';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../src/i18n/index.js';
import { WatchLinkButton } from '../../src/online/WatchLinkButton.js';

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const d of disposers.splice(0)) d();
  setLanguage('en');
  vi.unstubAllGlobals();
});

const URL = 'http://192.168.1.20:5173/#/w/room/secret';

function mount(): (sel: string) => HTMLElement {
  const host = document.createElement('div');
  document.body.append(host);
  disposers.push(render(() => <WatchLinkButton url={URL} />, host), () => host.remove());
  return (sel) => host.querySelector(sel) as HTMLElement;
}

describe('the watch link during an online game', () => {
  it('copies the watch link, and says so', async () => {
    const written: string[] = [];
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: async (text: string) => void written.push(text) } });
    const $ = mount();
    expect($('#copy-watch-link').textContent).toBe('Copy the watch link');
    expect($('#watch-link-field').classList.contains('visually-hidden')).toBe(true);
    $('#copy-watch-link').click();
    await vi.waitFor(() => expect($('.toast').textContent).toBe('Link copied.'));
    expect(written).toEqual([URL]);
  });

  it('without a clipboard (a plain-http LAN page), shows the link selected for the player to copy, in French too', async () => {
    setLanguage('fr');
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    const $ = mount();
    expect($('#copy-watch-link').textContent).toBe('Copier le lien spectateur');
    $('#copy-watch-link').click();
    await vi.waitFor(() => expect($('.toast').textContent).toBe('Copiez le lien sélectionné (Ctrl+C).'));
    const field = $('#watch-link-field') as HTMLInputElement;
    expect(field.classList.contains('visually-hidden')).toBe(false);
    expect(field.value).toBe(URL);
  });
});
