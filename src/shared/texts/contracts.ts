// Without zod: the contract's page shows these, and zod stays with its forms and the server's checks
// (decision 059).
import { CONTRACT_TEXT_MAX } from '../domain/contracts';

/** Spec 2 §5 and §8: the contract's messages. */
export const CONTRACT_MESSAGES = {
  noPartner: 'Could not find partner connection',
  partnerRequired: 'Please choose a partner',
  notFound: 'Contract not found',
  versionNotFound: 'Version not found',
  tooLong: `Contract text must be at most ${CONTRACT_TEXT_MAX.toLocaleString('en-US')} characters`,
  textRequired: 'Please enter the contract text',
  invalidFormat: 'Invalid file format',
  invalidFormatDetail: 'Please upload a .txt file',
  readError: 'Error reading file',
  readErrorDetail: 'Please try a different file',
  stale: 'The contract changed since you opened it. Review the new text and try again.',
  editLocked: 'The contract is fully signed. Request an edit and wait for your partner to approve it.',
  alreadySigned: 'You have already signed this contract',
  notFullySigned: 'An edit can only be requested once both of you have signed',
  requestPending: 'An edit request is already pending',
  noPendingRequest: 'There is no pending edit request',
  ownRequest: 'Your partner reviews your edit request',
  wrongRole: 'Choose the role you hold in this partnership to act on the contract',
  pdfNotSigned: 'The contract can be downloaded once both of you have signed it',
  pdfUnverified:
    "The contract's history does not verify, so it cannot be downloaded. Please contact support.",
  pdfTimeout: 'The PDF took too long to prepare. Please try again in a few minutes.',
} as const;
