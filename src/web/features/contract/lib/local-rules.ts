import { DEFAULT_CONTRACT_TEMPLATE } from '@/shared/domain/contracts';

/**
 * The local starter (spec 2 §2, §3): rules drafted in this browser while no shared contract can exist with a
 * partner (decision 026). Kept in localStorage under one key per signed-in user, one document per partner,
 * until they become the shared contract or are discarded.
 */
export interface LocalRules {
  id: string;
  partnerId: string;
  content: string;
  createdAt: number;
  updatedAt: number;
}

const keyOf = (userId: string) => `pact.rules.${userId}`;

function readAll(userId: string): Record<string, LocalRules> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(keyOf(userId)) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, LocalRules>) : {};
  } catch {
    return {};
  }
}

function writeAll(userId: string, all: Record<string, LocalRules>) {
  try {
    if (Object.keys(all).length === 0) localStorage.removeItem(keyOf(userId));
    else localStorage.setItem(keyOf(userId), JSON.stringify(all));
  } catch {
    // Storage full or refused (private mode): the draft lives on screen only.
  }
}

export function readLocalRules(userId: string, partnerId: string): LocalRules | null {
  const doc = readAll(userId)[partnerId];
  return doc && typeof doc.content === 'string' ? doc : null;
}

/** The draft for this partner; `created` when it was made now, from the default template. */
export function ensureLocalRules(userId: string, partnerId: string, now = Date.now()) {
  const found = readLocalRules(userId, partnerId);
  if (found) return { rules: found, created: false };
  const rules: LocalRules = {
    id: crypto.randomUUID(),
    partnerId,
    content: DEFAULT_CONTRACT_TEMPLATE,
    createdAt: now,
    updatedAt: now,
  };
  writeAll(userId, { ...readAll(userId), [partnerId]: rules });
  return { rules, created: true };
}

export function saveLocalRules(userId: string, partnerId: string, content: string, now = Date.now()) {
  const all = readAll(userId);
  const before = all[partnerId];
  const rules: LocalRules = before
    ? { ...before, content, updatedAt: now }
    : { id: crypto.randomUUID(), partnerId, content, createdAt: now, updatedAt: now };
  writeAll(userId, { ...all, [partnerId]: rules });
  return rules;
}

export function discardLocalRules(userId: string, partnerId: string) {
  const all = readAll(userId);
  delete all[partnerId];
  writeAll(userId, all);
}

/** The contracts this user has already been told about on this device ("Contract created" / "found"). */
const SEEN = (userId: string) => `pact.contracts-seen.${userId}`;

/** True the first time this device shows this user this contract; remembers it. */
export function firstSight(userId: string, contractId: string): boolean {
  try {
    const seen: unknown = JSON.parse(localStorage.getItem(SEEN(userId)) ?? '[]');
    const list = Array.isArray(seen) ? (seen as string[]) : [];
    if (list.includes(contractId)) return false;
    localStorage.setItem(SEEN(userId), JSON.stringify([...list, contractId].slice(-50)));
    return true;
  } catch {
    return false;
  }
}
