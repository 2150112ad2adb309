import {
  EXIT_PRESS_WINDOW_MS,
  EXIT_PRESSES,
  EXIT_SITE_KEY,
  type ExitSite,
  exitSiteOf,
} from '@/shared/texts/device-privacy';

/** The neutral site this device chose (decision 080), the default when none or storage is closed. */
export function exitSite(): ExitSite {
  try {
    return exitSiteOf(localStorage.getItem(EXIT_SITE_KEY));
  } catch {
    return exitSiteOf(null);
  }
}

export function chooseExitSite(id: string) {
  try {
    localStorage.setItem(EXIT_SITE_KEY, exitSiteOf(id).id);
  } catch {
    // Storage closed (a private window's quota): the default stays.
  }
}

interface NavigationEntry {
  key: string;
  index: number;
  sameDocument: boolean;
}
interface NavigationLike {
  currentEntry: NavigationEntry | null;
  entries(): NavigationEntry[];
  traverseTo(key: string): { committed: Promise<unknown> };
}

/** How long the step back to this page's first entry may take before the page is replaced anyway. */
const TRAVERSE_LIMIT_MS = 400;

/**
 * Quick exit (decision 080): nothing of Pact stays on screen, then the tab's entry is replaced by the neutral
 * site (location.replace: no new entry, Back does not return to it). Pact's own earlier entries of this page
 * (its in-app navigations) are first stepped back over when the browser's Navigation API can, so that the
 * one replaced is the first of them: Back then leads to whatever was before Pact. Entries of earlier page
 * loads cannot be erased by a page.
 */
export function quickExit(url = exitSite().url) {
  document.documentElement.style.display = 'none';
  document.title = '';
  let gone = false;
  const leave = () => {
    if (gone) return;
    gone = true;
    window.location.replace(url);
  };
  const navigation = (window as Window & { navigation?: NavigationLike }).navigation;
  const current = navigation?.currentEntry;
  if (!navigation || !current) return leave();
  const entries = navigation.entries();
  let first = current.index;
  while (first > 0 && entries[first - 1]?.sameDocument) first--;
  const target = entries[first];
  if (first === current.index || !target) return leave();
  try {
    navigation.traverseTo(target.key).committed.then(leave, leave);
    setTimeout(leave, TRAVERSE_LIMIT_MS);
  } catch {
    leave();
  }
}

/**
 * Escape three times within 1.5 s leaves, wherever focus is (a field, a dialog). Listened to on the window in
 * the capture phase, before anything can stop it; nothing is prevented, so one Escape still closes a dialog.
 */
export function listenForExitKey(exit: () => void = quickExit): () => void {
  let presses: number[] = [];
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.repeat) return;
    const now = event.timeStamp;
    presses = presses.filter((at) => now - at < EXIT_PRESS_WINDOW_MS);
    presses.push(now);
    if (presses.length >= EXIT_PRESSES) {
      presses = [];
      exit();
    }
  };
  window.addEventListener('keydown', onKey, { capture: true });
  return () => window.removeEventListener('keydown', onKey, { capture: true });
}
