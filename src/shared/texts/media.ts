/**
 * How long a proof is kept (decision 076): the sender chooses, when sending a task's proof, a punishment's
 * voice note or a journal voice message, one of these; the select starts at the default of their Settings.
 * `forever`: until the sender deletes it (the default of a user who chose nothing: today's behaviour).
 */
export const PROOF_KEEPS = ['7', '14', '30', '90', 'forever'] as const;
export type ProofKeep = (typeof PROOF_KEEPS)[number];

/** The default of a user who has not chosen one. */
export const DEFAULT_PROOF_KEEP: ProofKeep = 'forever';

export const PROOF_KEEP_LABELS: Record<ProofKeep, string> = {
  '7': '7 days',
  '14': '14 days',
  '30': '30 days',
  '90': '90 days',
  forever: 'Until I delete it',
};

/** The days a keep-time stands for; null: kept until deleted. */
export const proofKeepDays = (keep: ProofKeep): number | null => (keep === 'forever' ? null : Number(keep));

/** Why a proof's file is gone while its item stays: it expired, or its sender deleted it. */
export const PROOF_GONE = ['expired', 'deleted'] as const;
export type ProofGone = (typeof PROOF_GONE)[number];

export const PROOF_GONE_LABELS: Record<ProofGone, string> = {
  expired: 'Proof expired',
  deleted: 'Proof deleted',
};

export const PROOF_TEXT = {
  badKeep: 'Choose how long the proof is kept: 7, 14, 30 or 90 days, or until you delete it',
  notFound: 'File not found',
} as const;
