import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { type ArchiverError, ZipArchive } from 'archiver';
import type { AppDeps } from '../../deps';
import type { FileEntry, JsonEntry, RowsEntry } from './export.collect';

const README = `This archive holds what Pact keeps about your account (decisions 029 and 053 of Pact's documentation):

account.json            your account (no password hash), account.avatar names your profile picture
partners.json           the people you are connected with (name and role)
partner-requests.json   connection requests you sent or received
blocked-users.json      the users you have blocked
sessions.json           your signed-in devices (no session tokens)
notifications.json      your notifications
security-events.json    your security log
pairs.json              every pair you belong or belonged to
pairs/<pair id>/        for each pair you are or were in: record.json (the pair's hash-chained record);
                        tasks, task history, punishments, journal messages, the contract (versions,
                        signatures, history) and media (with the files in media/); of a pair that has
                        ended, what you wrote and what was asked of you: your own journal messages and files

Times are in UTC (ISO 8601). Photos were stored without their metadata.
`;

/** What may wait for the reader before the next file is read: about two of the output's buffers. */
const BACKLOG_BYTES = 64 * 1024;

/**
 * A JSON array written as its rows arrive, a page at a time, in the text `JSON.stringify(rows, null, 2)`
 * gives (and a new line): the archive pulls the next page only when it has taken this one, which it does
 * at the reader's pace.
 */
async function* arrayText(pages: AsyncIterable<unknown[]>): AsyncIterable<Buffer> {
  let first = true;
  for await (const page of pages) {
    if (page.length === 0) continue;
    const rows = page.map((row) => `  ${JSON.stringify(row, null, 2).replaceAll('\n', '\n  ')}`);
    yield Buffer.from(`${first ? '[\n' : ',\n'}${rows.join(',\n')}`);
    first = false;
  }
  yield Buffer.from(first ? '[]\n' : '\n]\n');
}

/**
 * A zip of the JSON files and the stored files, as a stream that goes at the reader's pace: the JSON is
 * written first (the tables' rows a page at a time as the archive takes them, decision 044), then the
 * files one at a time; each is read from the media storage only once the one
 * before it has left the archive and what waits for the reader is under BACKLOG_BYTES (the output's
 * `drain`). A slow client therefore holds at most one file in memory (decision 038). JPEG and audio are
 * stored as they are (compressing them again gains nothing).
 */
export function exportArchive(
  deps: Pick<AppDeps, 'storage' | 'log'>,
  userId: string,
  entries: {
    json: (JsonEntry | RowsEntry)[];
    files: Iterable<FileEntry> | AsyncIterable<FileEntry>;
  },
) {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const out = new PassThrough();
  let closed = false;
  archive.on('warning', (error: ArchiverError) => deps.log.warn({ err: error, userId }, 'export warning'));
  archive.on('error', (error: ArchiverError) => {
    deps.log.error({ err: error, userId }, 'export failed');
    out.destroy(error);
  });
  archive.pipe(out);
  const gone = new Promise<void>((resolve) =>
    out.once('close', () => {
      closed = true;
      // The browser went away (closed the tab, lost the network): stop reading files for nobody.
      if (!out.writableFinished) archive.abort();
      resolve();
    }),
  );
  const backlog = () => archive.readableLength + out.writableLength + out.readableLength;
  /** Until the reader took what waits beyond BACKLOG_BYTES (or went away). */
  const reader = async () => {
    while (!closed && backlog() > BACKLOG_BYTES) await Promise.race([once(out, 'drain'), gone]);
  };
  /** Appends one entry and waits until the archive has written it. */
  const write = (data: Buffer | string | Readable, options: { name: string; store?: boolean }) =>
    Promise.race([
      new Promise<void>((resolve) => {
        archive.once('entry', () => resolve());
        archive.append(data, options);
      }),
      gone,
    ]);

  void (async () => {
    await write(README, { name: 'README.txt' });
    for (const entry of entries.json) {
      if (closed) return;
      if ('pages' in entry) {
        const text = Readable.from(arrayText(entry.pages()), { objectMode: false });
        // A failed read (the database gone) fails the archive: the reader gets a cut zip, never a short one.
        text.once('error', (error) => archive.emit('error', error as ArchiverError));
        await write(text, { name: entry.name });
      } else {
        await write(`${JSON.stringify(entry.data, null, 2)}\n`, { name: entry.name });
      }
      await reader();
    }
    let count = 0;
    for await (const file of entries.files) {
      count++;
      await reader();
      if (closed) return;
      // A file removed since the list was read (a task deleted meanwhile) is left out, empty.
      const data = (await deps.storage.get(file.storageKey)) ?? Buffer.alloc(0);
      if (closed) return;
      await write(data, { name: file.name, store: true });
    }
    if (closed) return;
    await archive.finalize();
    deps.log.info({ userId, files: count }, 'data export written');
  })().catch((error: unknown) => {
    deps.log.error({ err: error, userId }, 'export failed');
    out.destroy(error instanceof Error ? error : new Error('export failed'));
  });
  return out;
}
