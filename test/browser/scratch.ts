import { buildAndServe, findChromium, launchChromium } from './support.js';
const app = await buildAndServe();
const browser = await launchChromium(findChromium()!);
for (const [w, h, name] of [[1280, 720, 'desk'], [390, 844, 'phone']] as const) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  await page.goto(`${app.url}#/map?players=6&seed=bench-board&view=3d&full=1`);
  await page.waitForFunction(() => window.bfe?.firstBoardFrame !== undefined);
  await page.waitForTimeout(400);
  await page.screenshot({ path: `/tmp/ui/fit-${name}.png` });
  await page.close();
}
await browser.close();
await app.close();
