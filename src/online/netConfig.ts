import { buildNetConfig, loadRuntimeNetConfig, type NetConfig, pageNetConfig } from '../net/index.js';

let cached: Promise<NetConfig> | undefined;

/**
 * Where this page finds its signaling and ICE servers (docs/hosting.md): bfe-config.json beside
 * the page, over the build's variables, over the page's own origin with no ICE server (a LAN).
 */
export function pageConfig(): Promise<NetConfig> {
  cached ??= (async () => {
    const page = location.href;
    const runtime = await loadRuntimeNetConfig(page, async (url) => {
      const answer = await fetch(url, { cache: 'no-store' });
      return { status: answer.status, text: await answer.text() };
    });
    const build = buildNetConfig();
    return pageNetConfig(page, runtime.ok ? runtime.value : null, build.ok ? build.value : null);
  })();
  return cached;
}
