import { describe, expect, it } from 'vitest';
import { contractAbilities, DEFAULT_CONTRACT_TEMPLATE } from '@/shared/domain/contracts';
import {
  editLocalRules,
  type LocalRules,
  requestLocalEdit,
  reviewLocalEdit,
  signLocalRules,
} from './local-rules';

const fresh: LocalRules = {
  id: 'r1',
  partnerId: 'p1',
  content: DEFAULT_CONTRACT_TEMPLATE,
  createdAt: 1,
  updatedAt: 1,
  ownRole: 'dominant',
  isDominantSigned: false,
  isSubmissiveSigned: false,
  signedAt: null,
  editRequestStatus: 'none',
  editRequestedBy: null,
};

describe('the local starter follows the contract rules of spec 2 §4', () => {
  it('is signed side by side; fully signed when the second signs, then no longer editable', () => {
    const one = signLocalRules(fresh, 'dominant', 10);
    expect(one).toMatchObject({ isDominantSigned: true, isSubmissiveSigned: false, signedAt: null });
    expect(contractAbilities(one, 'dominant')).toMatchObject({ sign: false, edit: true, requestEdit: false });
    const both = signLocalRules(one, 'submissive', 20);
    expect(both).toMatchObject({ isDominantSigned: true, isSubmissiveSigned: true, signedAt: 20 });
    expect(contractAbilities(both, 'submissive')).toMatchObject({
      sign: false,
      edit: false,
      requestEdit: true,
    });
  });

  it('asks for an edit; the other side approves (editable) or denies (back to none)', () => {
    const signed = signLocalRules(signLocalRules(fresh, 'dominant', 10), 'submissive', 20);
    const asked = requestLocalEdit(signed, 'submissive', 30);
    expect(asked).toMatchObject({ editRequestStatus: 'pending', editRequestedBy: 'submissive' });
    expect(contractAbilities(asked, 'submissive').reviewEdit).toBe(false);
    expect(contractAbilities(asked, 'dominant').reviewEdit).toBe(true);
    const approved = reviewLocalEdit(asked, true, 40);
    expect(approved.editRequestStatus).toBe('approved');
    expect(contractAbilities(approved, 'submissive').edit).toBe(true);
    const denied = reviewLocalEdit(asked, false, 40);
    expect(denied).toMatchObject({ editRequestStatus: 'none', editRequestedBy: null });
    expect(contractAbilities(denied, 'dominant').edit).toBe(false);
  });

  it('a new text clears both signatures and the request', () => {
    const signed = signLocalRules(signLocalRules(fresh, 'dominant', 10), 'submissive', 20);
    const edited = editLocalRules(reviewLocalEdit(requestLocalEdit(signed, 'dominant'), true), 'New', 50);
    expect(edited).toMatchObject({
      content: 'New',
      isDominantSigned: false,
      isSubmissiveSigned: false,
      signedAt: null,
      editRequestStatus: 'none',
      editRequestedBy: null,
      updatedAt: 50,
    });
  });
});
