import { z } from 'zod';
import type { Caps } from '../domain/caps';
import {
  CONTRACT_TEXT_MAX,
  type ContractRole,
  type EditRequestStatus,
  looksBinary,
} from '../domain/contracts';
import { CONTRACT_MESSAGES } from '../texts/contracts';
import { type ContractCapsView, capsInput } from './caps';
import { uuidField } from './common';

export { CONTRACT_MESSAGES };

const versionField = uuidField('The contract version is missing');

/**
 * The text as sent: its shape only. The server sanitises it (`sanitizeContractText`) once the contract is
 * found in the sender's pairs, and refuses it then if nothing is left (decision 038).
 */
const contractText = z
  .string({ error: CONTRACT_MESSAGES.textRequired })
  .max(CONTRACT_TEXT_MAX, CONTRACT_MESSAGES.tooLong)
  .refine((s) => s.trim().length > 0, CONTRACT_MESSAGES.textRequired);

/** GET /api/contracts?partnerId=… and POST /api/contracts: the contract shared with one partner. */
export const contractPartnerInput = z.object({ partnerId: uuidField(CONTRACT_MESSAGES.partnerRequired) });

/** PUT /api/contracts/:id/content: new text over the version the editor started from. */
export const contractContentInput = z.object({
  baseVersionId: versionField,
  content: contractText,
  /** The caps written into the new version (decision 057); left out, the current version's are kept. */
  caps: capsInput.optional(),
});

/** POST /api/contracts/:id/reset: back to the default template. */
export const contractResetInput = z.object({ baseVersionId: versionField });

/** POST /api/contracts/:id/sign: a signature on the version the signer read. */
export const contractSignInput = z.object({ versionId: versionField });

/**
 * POST /api/contracts/:id/template: "Upload Custom Template" sends the chosen file's name, type and text
 * (spec 2 §5: text/plain only, else "Invalid file format" / "Please upload a .txt file").
 */
export const contractTemplateInput = z
  .object({
    baseVersionId: versionField,
    fileName: z
      .string({ error: CONTRACT_MESSAGES.invalidFormatDetail })
      .max(255, CONTRACT_MESSAGES.invalidFormatDetail)
      .regex(/\.txt$/i, CONTRACT_MESSAGES.invalidFormatDetail),
    type: z
      .string({ error: CONTRACT_MESSAGES.invalidFormatDetail })
      .max(100, CONTRACT_MESSAGES.invalidFormatDetail)
      .regex(/^text\/plain(\s*;.*)?$/i, CONTRACT_MESSAGES.invalidFormatDetail),
    text: z
      .string({ error: CONTRACT_MESSAGES.readError })
      .max(CONTRACT_TEXT_MAX, CONTRACT_MESSAGES.tooLong)
      .refine((s) => !looksBinary(s), CONTRACT_MESSAGES.invalidFormatDetail)
      .refine((s) => s.trim().length > 0, CONTRACT_MESSAGES.textRequired),
  })
  .transform(({ baseVersionId, text }) => ({ baseVersionId, content: text }));

/** GET /api/contracts/:id/versions/:versionId. */
export const contractVersionParam = z.object({ id: uuidField(), versionId: uuidField() });

export interface ContractPartyView {
  id: string;
  name: string;
  role: ContractRole;
}

/** The contract as the API shows it (spec 2 §3's client shape, with the version it shows). */
export interface ContractView {
  id: string;
  pairId: string;
  content: string;
  versionId: string;
  versionNumber: number;
  sha256: string;
  isDominantSigned: boolean;
  isSubmissiveSigned: boolean;
  dominantSignedAt: number | null;
  submissiveSignedAt: number | null;
  signedAt: number | null;
  editRequestStatus: EditRequestStatus;
  editRequestedBy: ContractRole | null;
  lastEditedBy: string | null;
  updatedAt: number;
  createdAt: number;
  dominant: ContractPartyView;
  submissive: ContractPartyView;
  /** The side the session acts on in this pair (null: neither, e.g. a Switch in the other role). */
  myRole: ContractRole | null;
  /** The caps of the version shown and those in force (decision 057). */
  caps: ContractCapsView;
}

export type ContractEventKind =
  | 'created'
  | 'edited'
  | 'template_loaded'
  | 'reset'
  | 'signed'
  | 'edit_requested'
  | 'edit_approved'
  | 'edit_denied'
  | 'caps_lowered';

export interface ContractEventView {
  id: string;
  seq: number;
  kind: ContractEventKind;
  actorId: string | null;
  actorRole: ContractRole | null;
  versionId: string;
  versionSha256: string;
  /** A `caps_lowered` entry's caps in force from then on (decision 057). */
  caps: Caps | null;
  hash: string;
  createdAt: number;
}

export interface ContractVersionSummary {
  id: string;
  number: number;
  sha256: string;
  editedBy: string | null;
  createdAt: number;
}

export interface ContractVersionView extends ContractVersionSummary {
  content: string;
  caps: Caps;
}

/** The result of recomputing a contract's hash chain. */
export type ChainVerdict =
  | { ok: true; entries: number }
  | { ok: false; entries: number; brokenAt: number; reason: string };

export interface ContractHistoryView {
  events: ContractEventView[];
  versions: ContractVersionSummary[];
  verified: ChainVerdict;
}
