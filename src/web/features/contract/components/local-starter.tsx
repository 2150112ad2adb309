import { format } from 'date-fns';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { CONTRACT_TEXT_MAX, sanitizeContractText } from '@/shared/domain/contracts';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ensureLocalRules, type LocalRules, saveLocalRules } from '../lib/local-rules';
import { ContractText } from './contract-text';

/**
 * The local starter (spec 2 §2, §3): connected with a partner, but the roles of this session give no
 * pair, so no shared contract can exist. The user drafts rules kept in this browser only; once a pair
 * exists the contract page offers them as the shared contract's text (decision 026).
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
  const [rules, setRules] = useState<LocalRules | null>(null);
  const [draft, setDraft] = useState<string | null>(null);
  useEffect(() => {
    const { rules: found, created } = ensureLocalRules(userId, partnerId);
    setRules(found);
    if (created) toast.success('Rules document created', { duration: 3000 });
  }, [userId, partnerId]);
  if (!rules) return null;

  const save = () => {
    const content = sanitizeContractText(draft ?? '');
    if (!content.trim()) {
      toast.error('Please enter the contract text', { duration: 3000 });
      return;
    }
    setRules(saveLocalRules(userId, partnerId, content));
    setDraft(null);
    toast.success('Contract updated', { duration: 3000 });
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
          shared contract.
        </p>
        <p className="mt-1 text-xs text-muted-foreground">
          Last updated {format(rules.updatedAt, 'MMM d, yyyy')}
        </p>
      </div>
      {draft === null ? (
        <>
          <div className="rounded-lg border border-border p-4">
            <ContractText content={rules.content} />
          </div>
          <Button variant="outline" onClick={() => setDraft(rules.content)}>
            Edit
          </Button>
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
            className="min-h-[50dvh] w-full rounded-lg border border-input bg-card p-3 font-mono text-sm"
          />
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
