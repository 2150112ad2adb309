import { PassThrough, Readable } from 'node:stream';
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

/**
 * A zip of the JSON files and the stored files, as a stream: the JSON is written first, then each file is
 * read from the media storage only when the archive reaches it, so a large export holds one file in
 * memory at a time. JPEG and audio are stored as they are (compressing them again gains nothing).
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
  archive.on('warning', (error: ArchiverError) => deps.log.warn({ err: error, userId }, 'export warning'));
  archive.on('error', (error: ArchiverError) => {
    deps.log.error({ err: error, userId }, 'export failed');
    out.destroy(error);
  });
  archive.pipe(out);
  // The browser went away (closed the tab, lost the network): stop reading files for nobody.
  out.on('close', () => {
    if (!out.writableFinished) archive.abort();
  });
  archive.append(README, { name: 'README.txt' });
  for (const entry of entries.json) {
    archive.append(`${JSON.stringify(entry.data, null, 2)}\n`, { name: entry.name });
  }
  for (const file of entries.files) {
    const bytes = Readable.from(
      (async function* () {
        const data = await deps.storage.get(file.storageKey);
        // A file removed since the list was read (a task deleted meanwhile) is left out, empty.
        if (data) yield data;
      })(),
    );
    archive.append(bytes, { name: file.name, store: true });
  }
  void archive.finalize();
  return out;
}
