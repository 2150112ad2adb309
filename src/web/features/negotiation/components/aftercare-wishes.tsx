import { type FormEvent, useState } from 'react';
import { AFTERCARE_WISHES_MAX, type NegotiationPairView } from '@/shared/schemas/negotiation';
import { Button } from '@/web/components/ui/button';
import { TextAreaField } from '@/web/components/ui/form-controls';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { useSaveAftercareWishes } from '../api/negotiation';
import { AFTERCARE_WISHES_TEXT, NEGOTIATION_PAGE_TEXT } from './negotiation-text';

/** The user's own aftercare wishes for the pair, and the partner's (decision 058). */
export function AftercareWishes({ pair, partnerName }: { pair: NegotiationPairView; partnerName: string }) {
  const [wishes, setWishes] = useState(pair.myAftercare);
  const save = useSaveAftercareWishes();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { partnerId: pair.partnerId, wishes },
      {
        onSuccess: () => toast.success(AFTERCARE_WISHES_TEXT.saved),
        onError: (error) => toast.error(errorMessage(error, NEGOTIATION_PAGE_TEXT.failed)),
      },
    );
  };
  return (
    <div className="space-y-4">
      <form onSubmit={submit} className="space-y-3">
        <TextAreaField
          label={AFTERCARE_WISHES_TEXT.label}
          hint={AFTERCARE_WISHES_TEXT.hint}
          value={wishes}
          maxLength={AFTERCARE_WISHES_MAX}
          onChange={(e) => setWishes(e.target.value)}
        />
        <Button type="submit" variant="outline" disabled={save.isPending || wishes === pair.myAftercare}>
          {save.isPending ? AFTERCARE_WISHES_TEXT.saving : AFTERCARE_WISHES_TEXT.save}
        </Button>
      </form>
      <div className="text-sm" data-testid="partner-aftercare">
        <p className="font-medium">{AFTERCARE_WISHES_TEXT.partner(partnerName)}</p>
        {pair.partnerAftercare ? (
          <p className="mt-1 whitespace-pre-wrap break-words">{pair.partnerAftercare}</p>
        ) : (
          <p className="mt-1 text-muted-foreground">{AFTERCARE_WISHES_TEXT.partnerNone(partnerName)}</p>
        )}
      </div>
    </div>
  );
}
