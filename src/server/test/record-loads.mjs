// Module customization hooks for a child process (module.register): the URL of every module Node
// loads through its ES module loader, packages imported from the bundle included, is appended to the
// file named in the registration's data, one a line.
import { appendFileSync } from 'node:fs';

let file = '';

export function initialize(data) {
  file = data.file;
}

export async function load(url, context, nextLoad) {
  appendFileSync(file, `${url}\n`);
  return nextLoad(url, context);
}
