import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { type ArchiverError, ZipArchive } from 'archiver';
import type { AppDeps } from '../../deps';
import type { FileEntry, JsonEntry } from './export.collect';

const README = `This archive holds what Pact keeps about your account (decision 029 of Pact's documentation):

account.json            your account (no password hash), account.avatar names your profile picture
partners.json           the people you are connected with (name and role)
partner-requests.json   connection requests you sent or received
blocked-users.json      the users you have blocked
sessions.json           your signed-in devices (no session tokens)
notifications.json      your notifications
security-events.json    your security log
pairs.json              every pair you belong or belonged to
pairs/<pair id>/        for each active pair: tasks, task history, punishments, journal notes, the
                        contract (versions, signatures, history) and media (with the files in media/)

Times are in UTC (ISO 8601). Photos were stored without their metadata.
`;

/** What may wait for the reader before the next file is read: about two of the output's buffers. */
const BACKLOG_BYTES = 64 * 1024;

/**
 * A zip of the JSON files and the stored files, as a stream that goes at the reader's pace: the JSON is
 * written first, then the files one at a time; each is read from the media storage only once the one
 * before it has left the archive and what waits for the reader is under BACKLOG_BYTES (the output's
 * `drain`). A slow client therefore holds at most one file in memory (decision 038). JPEG and audio are
 * stored as they are (compressing them again gains nothing).
 */
export function exportArchive(
  deps: Pick<AppDeps, 'storage' | 'log'>,
  userId: string,
  entries: {
    json: JsonEntry[];
    files: FileEntry[];
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
  const write = (data: Buffer | string, options: { name: string; store?: boolean }) =>
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
      await write(`${JSON.stringify(entry.data, null, 2)}\n`, { name: entry.name });
      await reader();
    }
    for (const file of entries.files) {
      await reader();
      if (closed) return;
      // A file removed since the list was read (a task deleted meanwhile) is left out, empty.
      const data = (await deps.storage.get(file.storageKey)) ?? Buffer.alloc(0);
      if (closed) return;
      await write(data, { name: file.name, store: true });
    }
    if (!closed) await archive.finalize();
  })().catch((error: unknown) => {
    deps.log.error({ err: error, userId }, 'export failed');
    out.destroy(error instanceof Error ? error : new Error('export failed'));
  });
  return out;
}
