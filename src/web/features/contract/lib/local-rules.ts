import {
  type ContractRole,
  type ContractState,
  DEFAULT_CONTRACT_TEMPLATE,
  type EditRequestStatus,
} from '@/shared/domain/contracts';

/**
 * The local starter (spec 2 §2, §3): rules drafted in this browser while no shared contract can exist with a
 * partner (decision 026). Kept in localStorage under one key per signed-in user, one document per partner,
 * until they become the shared contract or are discarded.
 */
export interface LocalRules extends ContractState {
  id: string;
  partnerId: string;
  content: string;
  createdAt: number;
  updatedAt: number;
  /** The side the drafting user signs and asks as (their session role when it was made); the partner has the other. */
  ownRole: ContractRole;
  /** When the second signature was given; null until fully signed. */
  signedAt: number | null;
}

const UNSIGNED = {
  isDominantSigned: false,
  isSubmissiveSigned: false,
  signedAt: null,
  editRequestStatus: 'none' as EditRequestStatus,
  editRequestedBy: null,
};

const STATUSES: readonly EditRequestStatus[] = ['none', 'pending', 'approved'];
const isRole = (v: unknown): v is ContractRole => v === 'dominant' || v === 'submissive';

/** A stored document, with the fields of an older one (no signatures yet) filled in, or null when it is not one. */
function normalise(doc: unknown, role: ContractRole): LocalRules | null {
  if (!doc || typeof doc !== 'object') return null;
  const d = doc as Partial<LocalRules>;
  if (typeof d.content !== 'string' || typeof d.id !== 'string' || typeof d.partnerId !== 'string')
    return null;
  return {
    id: d.id,
    partnerId: d.partnerId,
    content: d.content,
    createdAt: typeof d.createdAt === 'number' ? d.createdAt : Date.now(),
    updatedAt: typeof d.updatedAt === 'number' ? d.updatedAt : Date.now(),
    ownRole: isRole(d.ownRole) ? d.ownRole : role,
    isDominantSigned: d.isDominantSigned === true,
    isSubmissiveSigned: d.isSubmissiveSigned === true,
    signedAt: typeof d.signedAt === 'number' ? d.signedAt : null,
    editRequestStatus: STATUSES.includes(d.editRequestStatus as EditRequestStatus)
      ? (d.editRequestStatus as EditRequestStatus)
      : 'none',
    editRequestedBy: isRole(d.editRequestedBy) ? d.editRequestedBy : null,
  };
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

export function readLocalRules(
  userId: string,
  partnerId: string,
  role: ContractRole = 'dominant',
): LocalRules | null {
  return normalise(readAll(userId)[partnerId], role);
}

/** The draft for this partner; `created` when it was made now, from the default template, unsigned. */
export function ensureLocalRules(userId: string, partnerId: string, role: ContractRole, now = Date.now()) {
  const found = readLocalRules(userId, partnerId, role);
  if (found) return { rules: found, created: false };
  const rules: LocalRules = {
    id: crypto.randomUUID(),
    partnerId,
    content: DEFAULT_CONTRACT_TEMPLATE,
    createdAt: now,
    updatedAt: now,
    ownRole: role,
    ...UNSIGNED,
  };
  writeAll(userId, { ...readAll(userId), [partnerId]: rules });
  return { rules, created: true };
}

/** Keeps a changed document (one of the steps below) on this device; answers it. */
export function storeLocalRules(userId: string, rules: LocalRules) {
  writeAll(userId, { ...readAll(userId), [rules.partnerId]: rules });
  return rules;
}

/** A new text: like the shared contract (spec 2 §4), it clears both signatures and the edit request. */
export const editLocalRules = (rules: LocalRules, content: string, now = Date.now()): LocalRules => ({
  ...rules,
  ...UNSIGNED,
  content,
  updatedAt: now,
});

/** Signs as `role`; when the other side had signed, the document is fully signed now. */
export function signLocalRules(rules: LocalRules, role: ContractRole, now = Date.now()): LocalRules {
  const next = {
    ...rules,
    isDominantSigned: rules.isDominantSigned || role === 'dominant',
    isSubmissiveSigned: rules.isSubmissiveSigned || role === 'submissive',
    updatedAt: now,
  };
  const fully = next.isDominantSigned && next.isSubmissiveSigned;
  return { ...next, signedAt: fully ? (rules.signedAt ?? now) : null };
}

/** A request to edit the fully signed document, by `role` (offered only when none is open). */
export const requestLocalEdit = (rules: LocalRules, role: ContractRole, now = Date.now()): LocalRules => ({
  ...rules,
  editRequestStatus: 'pending',
  editRequestedBy: role,
  updatedAt: now,
});

/** The other side's answer: approval lets the text be edited, denial returns to no request. */
export const reviewLocalEdit = (rules: LocalRules, approve: boolean, now = Date.now()): LocalRules =>
  approve
    ? { ...rules, editRequestStatus: 'approved', updatedAt: now }
    : { ...rules, editRequestStatus: 'none', editRequestedBy: null, updatedAt: now };

export function saveLocalRules(
  userId: string,
  partnerId: string,
  content: string,
  role: ContractRole = 'dominant',
  now = Date.now(),
) {
  const before = readLocalRules(userId, partnerId, role);
  const rules: LocalRules = before
    ? editLocalRules(before, content, now)
    : {
        id: crypto.randomUUID(),
        partnerId,
        content,
        createdAt: now,
        updatedAt: now,
        ownRole: role,
        ...UNSIGNED,
      };
  return storeLocalRules(userId, rules);
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
