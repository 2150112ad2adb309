import { preparePgliteTemplate, preparePostgresTemplate, templateKey } from './templates';

/**
 * Vitest's global set-up: the migrated templates each test file's database is copied from, made once per
 * run (and kept between runs while the migrations stay the same).
 */
export default async function setup(): Promise<void> {
  const key = templateKey();
  const url = process.env.TEST_DATABASE_URL;
  await Promise.all([
    preparePgliteTemplate(key),
    url ? preparePostgresTemplate(url, key) : Promise.resolve(),
  ]);
}
