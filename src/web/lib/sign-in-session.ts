/**
 * What the browser remembers about a sign-in (spec 1 §7, local storage): `initialLoadComplete` in session
 * storage, set once the first signed-in page of a sign-in has loaded and cleared at sign-in and sign-out;
 * `seenRequests` in local storage, the connection requests already announced to this browser.
 */
const INITIAL_LOAD = 'initialLoadComplete';
const SEEN_REQUESTS = 'seenRequests';

function read(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null; // storage can be unavailable (private modes, quotas): then nothing is remembered
  }
}

function write(storage: Storage, key: string, value: string | null) {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // as above
  }
}

export const initialLoad = {
  isComplete: () => read(sessionStorage, INITIAL_LOAD) === 'true',
  complete: () => write(sessionStorage, INITIAL_LOAD, 'true'),
  /** A new sign-in (or a sign-out) starts over. */
  reset: () => write(sessionStorage, INITIAL_LOAD, null),
};

function seenMap(): Record<string, boolean> {
  try {
    const parsed: unknown = JSON.parse(read(localStorage, SEEN_REQUESTS) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, boolean>) : {};
  } catch {
    return {};
  }
}

export const seenRequests = {
  has: (id: string) => seenMap()[id] === true,
  add: (ids: string[]) => {
    const map = seenMap();
    for (const id of ids) map[id] = true;
    write(localStorage, SEEN_REQUESTS, JSON.stringify(map));
  },
};

/**
 * Where the signed-in layout sends a page whose user is gone: the login, except just after the account was
 * deleted (spec 2 §8: the page goes home). The account's stream ends with it, and the layout may learn that
 * nobody is signed in before the deletion's own move home; it must not go to the login then.
 */
let accountDeleted = false;
export const signedOutDestination = {
  isHome: () => accountDeleted,
  /** The account was deleted: a page left signed out goes home. */
  home: () => {
    accountDeleted = true;
  },
  /** Back to the login for what comes next (a new sign-in, a new account). */
  reset: () => {
    accountDeleted = false;
  },
};
