import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Boot } from '@/web/lib/boot';
import { createApp } from '../app';
import { createLogger } from '../logger';
import { SESSION_COOKIE } from '../test/client';
import { openContract } from '../test/contracts';
import { type Couple, createCouple } from '../test/partners';
import { startTestServer, type TestServer } from '../test/server';
import { completeTask, createTask } from '../test/tasks';
import { createUser } from '../test/users';
import { lazyDrawer, type PageDrawer } from './drawn-pages';

const HOSTILE_TITLE = '</script><img src=x onerror=alert(1)>\u2028<!-- &amp;';

/** A build's written signed-in pages: a skeleton in the root, the /api/me preload in the head. */
function fakeBuild(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'pact-web-'));
  const page = (name: string, body: string) =>
    `<!doctype html><html><head><title>Pact</title>\n    <link rel="preload" as="fetch" crossorigin href="/api/me">\n  </head>\n  <body>\n    <div id="root" data-prerendered="${name}">${body}</div>\n  </body>\n</html>`;
  mkdirSync(path.join(root, 'prerendered'), { recursive: true });
  writeFileSync(path.join(root, 'index.html'), page('', ''));
  for (const name of ['dashboard', 'tasks', 'journal']) {
    writeFileSync(path.join(root, 'prerendered', `${name}.html`), page(name, '<div>skeleton</div>'));
  }
  return root;
}

const bootOf = (html: string): Boot | null => {
  const match = /<script type="application\/json" id="pact-boot">([^<]*)<\/script>/.exec(html);
  return match?.[1] ? (JSON.parse(match[1]) as Boot) : null;
};

describe('signed-in pages drawn on the server with their data', () => {
  let server: TestServer;
  let couple: Couple;
  let webRoot: string;
  let app: ReturnType<typeof createApp>;
  const log = createLogger('silent');
  const drawer = lazyDrawer(() => import('@/web/server-render') as Promise<PageDrawer>, log);
  const get = (url: string, cookie?: string) =>
    app.fetch(new Request(`http://localhost${url}`, { headers: cookie ? { cookie } : {} }));
  const cookieOf = (who: { client: { sessionCookie(): string | undefined } }) =>
    `${SESSION_COOKIE}=${who.client.sessionCookie()}`;

  beforeAll(async () => {
    server = await startTestServer({ requireEmailVerification: false });
    couple = await createCouple(server);
    await createTask(server, couple, { title: 'Fold the laundry' });
    await createTask(server, couple, { title: HOSTILE_TITLE });
    webRoot = fakeBuild();
    app = createApp(server.services, { webRoot, drawer });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('draws /tasks with the user and their tasks, never to be stored, and the data to hydrate it', async () => {
    const response = await get('/tasks', cookieOf(couple.submissive));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain('data-drawn="server"');
    expect(html).not.toContain('skeleton');
    expect(html).toContain('Fold the laundry');
    // The answer is in the page: no preload of /api/me is left to go unused.
    expect(html).not.toContain('href="/api/me"');
    const boot = bootOf(html);
    expect(boot?.queries.map(([key]) => key[0])).toEqual(
      expect.arrayContaining(['me', 'tasks', 'task-history', 'notifications', 'partner-requests']),
    );
    const me = boot?.queries.find(([key]) => key[0] === 'me')?.[1] as { id: string };
    expect(me.id).toBe(couple.submissive.id);
    expect(boot?.renderedAt).toBe(server.clock.now().getTime());
  });

  it('a title a partner typed cannot end the boot data or add markup: it arrives as it was typed', async () => {
    const html = await (await get('/tasks', cookieOf(couple.submissive))).text();
    expect(html).not.toContain('<img src=x');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const tasks = bootOf(html)?.queries.find(([key]) => key[0] === 'tasks')?.[1] as { title: string }[];
    expect(tasks.map((task) => task.title)).toContain(HOSTILE_TITLE);
  });

  it('draws dates in the time zone the browser said, else the account’s; a made-up zone is ignored', async () => {
    const cookie = cookieOf(couple.submissive);
    const tokyo = bootOf(await (await get('/tasks', `${cookie}; pact_tz=Asia%2FTokyo`)).text());
    expect(tokyo?.timeZone).toBe('Asia/Tokyo');
    const html = await (await get('/tasks', `${cookie}; pact_tz=Asia%2FTokyo`)).text();
    const due = new Date(server.clock.now().getTime() + 24 * 3_600_000);
    const tokyoTime = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Tokyo',
      hour: 'numeric',
      minute: '2-digit',
    }).format(due);
    expect(html).toContain(tokyoTime.replace(/\u202f/g, ' '));
    const fake = bootOf(await (await get('/tasks', `${cookie}; pact_tz=Not%2FA_Zone`)).text());
    expect(fake?.timeZone).not.toBe('Not/A_Zone');
    expect(process.env.TZ).not.toBe('Asia/Tokyo');
  });

  it('a visitor, an ended session and a page it does not draw get the written page', async () => {
    for (const [url, cookie] of [
      ['/tasks', undefined],
      ['/tasks', `${SESSION_COOKIE}=forged.value`],
      ['/journal', cookieOf(couple.submissive)],
    ] as const) {
      const response = await get(url, cookie);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('skeleton');
      expect(html).not.toContain('data-drawn');
      expect(bootOf(html)).toBeNull();
    }
  });

  it('draws each user only what the API shows them: a stranger sees none of the couple’s tasks', async () => {
    const stranger = await createUser(server, { role: 'submissive' });
    const html = await (await get('/tasks', cookieOf(stranger))).text();
    expect(html).toContain('data-drawn="server"');
    expect(html).not.toContain('Fold the laundry');
    const me = bootOf(html)?.queries.find(([key]) => key[0] === 'me')?.[1] as { id: string };
    expect(me.id).toBe(stranger.id);
  });

  it('draws the dashboard with the user, and after sign-out sends the written page', async () => {
    const user = await createUser(server, { role: 'dominant', displayName: 'Quinn Drawn' });
    const cookie = cookieOf(user);
    const drawn = await (await get('/dashboard', cookie)).text();
    expect(drawn).toContain('data-drawn="server"');
    expect(drawn).toMatch(/Welcome, (<!-- -->)?Quinn Drawn/);
    expect((await user.client.post('/api/auth/logout')).status).toBe(200);
    const after = await (await get('/dashboard', cookie)).text();
    expect(after).not.toContain('Quinn Drawn');
    expect(after).toContain('skeleton');
  });

  it('draws everything the page’s first render reads: the browser asks for nothing more to bring it to life', async () => {
    // /tasks: its history too (a completed task), so that the History tab is there without a read.
    const pair = await createCouple(server);
    const done = await createTask(server, pair, { title: 'Polish the boots' });
    await completeTask(pair.submissive.client, done.id);
    const tasks = bootOf(await (await get('/tasks', cookieOf(pair.submissive))).text());
    const history = tasks?.queries.find(([key]) => key[0] === 'task-history')?.[1] as { taskId: string }[];
    expect(history.map((entry) => entry.taskId)).toEqual([done.id]);

    // /dashboard: the contract with each partner, read once the partners are known; none yet is null.
    const key = (partnerId: string) => JSON.stringify(['contract', 'partner', partnerId]);
    const contractIn = (boot: Boot | null, partnerId: string) =>
      boot?.queries.find(([k]) => JSON.stringify(k) === key(partnerId));
    const before = bootOf(await (await get('/dashboard', cookieOf(pair.submissive))).text());
    expect(contractIn(before, pair.dominant.id)).toEqual([['contract', 'partner', pair.dominant.id], null]);
    const { contract } = await openContract(pair);
    const html = await (await get('/dashboard', cookieOf(pair.submissive))).text();
    const drawn = contractIn(bootOf(html), pair.dominant.id)?.[1] as { id: string };
    expect(drawn.id).toBe(contract.id);
    // Every preview length is in the page, the stylesheet showing the one for the window's width.
    expect(html).toContain('data-testid="contract-preview"');
    expect(html).not.toContain('No contract yet');

    // Only the partners' own contracts: someone with no partner reads none.
    const alone = await createUser(server, { role: 'dominant' });
    const boot = bootOf(await (await get('/dashboard', cookieOf(alone))).text());
    expect(boot?.queries.filter(([k]) => k[0] === 'contract')).toEqual([]);
  });

  it('a Switch who has not chosen a role, drawn first, leaves no later page half drawn', async () => {
    // A fresh renderer, whose pages have not been drawn yet: the chooser does not load a page's code.
    vi.resetModules();
    const fresh = createApp(server.services, {
      webRoot,
      drawer: lazyDrawer(() => import('@/web/server-render') as Promise<PageDrawer>, log),
    });
    const draw = async (who: { client: { sessionCookie(): string | undefined } }) =>
      (
        await fresh.fetch(new Request('http://localhost/dashboard', { headers: { cookie: cookieOf(who) } }))
      ).text();
    const choosing = await draw(await createUser(server, { role: 'switch' }));
    expect(choosing).toContain('Choose Your Role for This Session');
    const html = await draw(await createUser(server, { role: 'dominant', displayName: 'Rhea Later' }));
    expect(html).toMatch(/Welcome, (<!-- -->)?Rhea Later/);
    // No boundary left for the browser to draw (React marks one `<!--$!-->`).
    expect(html).not.toContain('<!--$!-->');
  });

  it('a renderer that cannot load leaves every page as written, and the server up', async () => {
    const broken = createApp(server.services, {
      webRoot,
      drawer: lazyDrawer(() => Promise.reject(new Error('missing build')), log),
    });
    const response = await broken.fetch(
      new Request('http://localhost/tasks', { headers: { cookie: cookieOf(couple.submissive) } }),
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('skeleton');
  });
});
