import { CheckCircle2, Circle } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import {
  CONTRACT_TEXT_MAX,
  type ContractRole,
  contractAbilities,
  sanitizeContractText,
} from '@/shared/domain/contracts';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { useCurrentUser } from '@/web/lib/current-user';
import { format, formatMoment } from '@/web/lib/dates';
import { toast } from '@/web/lib/toast';
import {
  editLocalRules,
  ensureLocalRules,
  type LocalRules,
  requestLocalEdit,
  reviewLocalEdit,
  signLocalRules,
  storeLocalRules,
} from '../lib/local-rules';
import { ContractText } from './contract-text';

const TOAST = { duration: 3000 };
const ROLE_LABEL: Record<ContractRole, string> = { dominant: 'Dominant', submissive: 'Submissive' };
const other = (role: ContractRole): ContractRole => (role === 'dominant' ? 'submissive' : 'dominant');

/**
 * The local starter (spec 2 §2–§4): connected with a partner, but the roles of this session give no
 * pair, so no shared contract can exist. The rules are kept in this browser only, with the contract's
 * signatures, edit request, approval and denial; the partner's side is given on this device, by the
 * partner in person. Once a pair exists the contract page offers the text as the shared contract's
 * (decisions 026, 041); nothing of it leaves the browser.
 */
export function LocalStarter({
  userId,
  partnerId,
  partnerName,
}: {
  userId: string;
  partnerId: string;
  partnerName: string;
}) {
  const id = useId();
  const user = useCurrentUser();
  const sessionRole: ContractRole = user.sessionRole === 'submissive' ? 'submissive' : 'dominant';
  const [rules, setRules] = useState<LocalRules | null>(null);
  const [draft, setDraft] = useState<string | null>(null);
  useEffect(() => {
    const { rules: found, created } = ensureLocalRules(userId, partnerId, sessionRole);
    setRules(found);
    if (created) toast.success('Rules document created', TOAST);
  }, [userId, partnerId, sessionRole]);
  if (!rules) return null;

  const own = rules.ownRole;
  const sides = [
    { role: own, name: user.displayName, who: 'You' },
    { role: other(own), name: partnerName, who: `${partnerName}, on this device` },
  ];
  const signedAt = (role: ContractRole) =>
    role === 'dominant' ? rules.isDominantSigned : rules.isSubmissiveSigned;
  const editable = contractAbilities(rules, own).edit;
  const change = (next: LocalRules, message: string) => {
    setRules(storeLocalRules(userId, next));
    toast.success(message, TOAST);
  };

  const save = () => {
    const content = sanitizeContractText(draft ?? '');
    if (!content.trim()) {
      toast.error('Please enter the contract text', TOAST);
      return;
    }
    change(editLocalRules(rules, content), 'Contract updated');
    setDraft(null);
  };

  return (
    <Card className="space-y-4" aria-labelledby="starter-title" data-testid="local-starter">
      <div>
        <h2 id="starter-title" className="text-lg font-semibold">
          Rules document (this device only)
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          You and {partnerName} cannot share a contract in the roles of this session. Draft your rules here:
          they stay in this browser, and once you share a partnership in these roles they can become your
          shared contract (signed again there).
        </p>
        <p className="mt-1 text-xs text-muted-foreground">
          Last updated {format(rules.updatedAt, 'MMM d, yyyy')}
        </p>
      </div>
      {draft === null ? (
        <>
          <div className="rounded-control border border-border p-4">
            <ContractText content={rules.content} />
          </div>
          <ul className="grid gap-2 sm:grid-cols-2" aria-label="Signatures">
            {sides.map(({ role, name }) => (
              <li
                key={role}
                className="flex items-center gap-2 rounded-control border border-border p-3 text-sm"
                data-testid={`signature-${role}`}
              >
                {signedAt(role) ? (
                  <CheckCircle2 className="h-5 w-5 shrink-0 text-success" aria-hidden />
                ) : (
                  <Circle className="h-5 w-5 shrink-0 text-muted-foreground" aria-hidden />
                )}
                <span className="min-w-0">
                  <span className="block truncate font-medium">
                    {name} <span className="text-muted-foreground">({ROLE_LABEL[role]})</span>
                  </span>
                  <span className="block text-xs text-muted-foreground">
                    {signedAt(role) ? 'Signed' : 'Not signed'}
                    {signedAt(role) && rules.signedAt
                      ? ` · fully signed ${formatMoment(rules.signedAt)}`
                      : ''}
                  </span>
                </span>
              </li>
            ))}
          </ul>
          {rules.editRequestStatus !== 'none' ? (
            <p className="text-sm" data-testid="local-edit-status">
              {rules.editRequestStatus === 'pending'
                ? `Edit requested by the ${ROLE_LABEL[rules.editRequestedBy ?? own]}`
                : 'Edit approved: the rules can be changed'}
            </p>
          ) : null}
          {sides.map(({ role, who }) => {
            const can = contractAbilities(rules, role);
            if (!can.sign && !can.requestEdit && !can.reviewEdit) return null;
            return (
              <fieldset key={role} className="space-y-1">
                <legend className="text-xs font-medium text-muted-foreground">
                  {who} ({ROLE_LABEL[role]})
                </legend>
                <div className="flex flex-wrap gap-2">
                  {can.sign ? (
                    <Button onClick={() => change(signLocalRules(rules, role), 'Document signed')}>
                      Sign as {ROLE_LABEL[role]}
                    </Button>
                  ) : null}
                  {can.requestEdit ? (
                    <Button
                      variant="outline"
                      onClick={() => change(requestLocalEdit(rules, role), 'Edit requested')}
                    >
                      Request Edit
                    </Button>
                  ) : null}
                  {can.reviewEdit ? (
                    <>
                      <Button onClick={() => change(reviewLocalEdit(rules, true), 'Edit approved')}>
                        Approve Edit
                      </Button>
                      <Button
                        variant="outline"
                        onClick={() => change(reviewLocalEdit(rules, false), 'Edit denied')}
                      >
                        Deny Edit
                      </Button>
                    </>
                  ) : null}
                </div>
              </fieldset>
            );
          })}
          {editable ? (
            <Button variant="outline" onClick={() => setDraft(rules.content)}>
              Edit
            </Button>
          ) : null}
        </>
      ) : (
        <div className="space-y-3">
          <label htmlFor={id} className="block text-sm font-medium">
            Rules text
          </label>
          <textarea
            id={id}
            value={draft}
            maxLength={CONTRACT_TEXT_MAX}
            onChange={(e) => setDraft(e.target.value)}
            className="min-h-[50dvh] w-full rounded-control border border-input bg-card p-3 font-mono text-sm"
          />
          <p className="text-xs text-muted-foreground">Saving removes both signatures.</p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={save}>Save</Button>
            <Button variant="outline" onClick={() => setDraft(null)}>
              Cancel
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}
