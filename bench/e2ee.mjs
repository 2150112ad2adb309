// End-to-end encryption's cost in the browser (decision 101), measured in Chromium with Pact's own library
// (src/web/lib/e2ee/content.ts, bundled by esbuild into the page), on a desktop CPU and on a phone profile
// (the CPU slowed 4x through the DevTools protocol, as Lighthouse's mobile preset does). Each figure is
// printed beside its baseline from the same run: what the page does today without encryption.
// - A conversation of 1,000 messages (about 120 characters each): its first page (50) and all 1,000 opened,
//   against the same texts decoded from bytes (what the page does with a plain page's JSON strings).
// - A 10 MB photo sealed (one AES-256-GCM pass), against copying its bytes once.
// Usage: node bench/e2ee.mjs   (E2EE_RUNS=7: runs per figure, the median and the spread printed)
import { createServer } from 'node:http';
import { build } from 'esbuild';
import { chromium } from 'playwright';

const RUNS = Math.max(3, Number(process.env.E2EE_RUNS ?? 7));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const bundled = await build({
  stdin: {
    contents: `
      import { openText, sealBytes, sealText } from './src/web/lib/e2ee/content.ts';
      import { newPairKey } from './src/web/lib/e2ee/pair-wraps.ts';
      window.pact = { openText, sealBytes, sealText, newPairKey };
    `,
    resolveDir: process.cwd(),
    loader: 'ts',
  },
  bundle: true,
  format: 'iife',
  write: false,
  alias: { '@': './src' },
});
const script = bundled.outputFiles[0].text;

// A page on 127.0.0.1: a secure context, where WebCrypto is available as on Pact's own origin.
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end(`<!doctype html><meta charset="utf-8"><title>e2ee bench</title><script>${script}</script>`);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
const page = await browser.newPage();
await page.goto(url);
const cdp = await page.context().newCDPSession(page);

/** Runs `work` (in the page) RUNS times; answers the median and the spread in ms. */
async function measure(work, arg) {
  const times = [];
  for (let i = 0; i < RUNS; i++) times.push(await page.evaluate(work, arg));
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], low: times[0], high: times.at(-1) };
}

const fmt = (m) => `${m.median.toFixed(1)} ms (${m.low.toFixed(1)}-${m.high.toFixed(1)})`;

// Set-up in the page: a pair key, 1,000 messages sealed, a 10 MB photo's bytes.
await page.evaluate(async () => {
  const { newPairKey, sealText } = window.pact;
  const key = newPairKey();
  const input = { keyId: 1, pairId: '5a5a5a5a-1111-4222-8333-444455556666', kind: 'journal.text' };
  const texts = Array.from(
    { length: 1000 },
    (_, i) => `Message ${i}: kneel by the door at nine, and tell me how the day went. Then the blue ribbon.`,
  );
  const sealed = [];
  for (const t of texts) sealed.push(await sealText(key, input, t));
  const photo = new Uint8Array(10 * 1024 * 1024);
  for (let i = 0; i < photo.length; i += 65536) crypto.getRandomValues(photo.subarray(i, i + 65536));
  window.fixture = {
    key,
    input,
    texts,
    sealed,
    plainBytes: texts.map((t) => new TextEncoder().encode(t)),
    photo,
  };
});

const openPage = async (count) => {
  const { key, input, sealed } = window.fixture;
  const start = performance.now();
  for (let i = 0; i < count; i++) await window.pact.openText(key, input, sealed[i]);
  return performance.now() - start;
};
const decodePage = async (count) => {
  const start = performance.now();
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) decoder.decode(window.fixture.plainBytes[i]);
  return performance.now() - start;
};
const sealPhoto = async () => {
  const { key, photo } = window.fixture;
  const start = performance.now();
  await window.pact.sealBytes(
    key,
    { keyId: 1, pairId: window.fixture.input.pairId, kind: 'proof.photo' },
    photo,
  );
  return performance.now() - start;
};
const copyPhoto = async () => {
  const start = performance.now();
  window.fixture.photo.slice();
  return performance.now() - start;
};

console.info(`e2ee in Chromium (${RUNS} runs each; median, low-high)`);
for (const [label, rate] of [
  ['desktop CPU', 1],
  ['phone profile (CPU 4x slower)', 4],
]) {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  console.info(`\n${label}`);
  console.info(
    `  journal, first page of 50 opened:  ${fmt(await measure(openPage, 50))}   baseline, 50 plain decoded: ${fmt(await measure(decodePage, 50))}`,
  );
  console.info(
    `  journal, all 1,000 opened:         ${fmt(await measure(openPage, 1000))}   baseline, 1,000 plain decoded: ${fmt(await measure(decodePage, 1000))}`,
  );
  console.info(
    `  a 10 MB photo sealed:              ${fmt(await measure(sealPhoto))}   baseline, its bytes copied: ${fmt(await measure(copyPhoto))}`,
  );
}

await browser.close();
server.close();
