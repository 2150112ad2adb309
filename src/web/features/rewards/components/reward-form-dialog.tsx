import { type FormEvent, useState } from 'react';
import type { RewardView } from '@/shared/schemas/points';
import {
  POINTS_TEXT,
  REWARD_DESCRIPTION_MAX,
  REWARD_PRICE_MAX,
  REWARD_TITLE_MAX,
  REWARDS_PAGE_TEXT as TEXT,
} from '@/shared/texts/points';
import { Dialog } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { FormActions } from '@/web/components/ui/form-actions';
import { FormAlert } from '@/web/components/ui/form-alert';
import { TextAreaField } from '@/web/components/ui/form-controls';
import { WriteFailed } from '@/web/components/ui/write-failed';
import { ApiError, errorMessage } from '@/web/lib/api';
import { byFirstSegment, placeServerErrors } from '@/web/lib/form-errors';
import { toast } from '@/web/lib/toast';
import { isUnreachable, useWriteKey } from '@/web/lib/writes';
import { useSaveReward } from '../api/points';

type Errors = Partial<Record<'title' | 'description' | 'price', string>>;

/** The dominant's "New reward" / "Edit reward": a title, a description and a price (decision 068). */
export function RewardFormDialog({
  open,
  onOpenChange,
  partnerId,
  reward,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  partnerId: string;
  /** The reward to edit; null for a new one. */
  reward: RewardView | null;
}) {
  const title = reward ? TEXT.editRewardTitle : TEXT.addRewardTitle;
  return open ? (
    <Dialog open onOpenChange={onOpenChange} title={title}>
      <RewardForm title={title} partnerId={partnerId} reward={reward} onDone={() => onOpenChange(false)} />
    </Dialog>
  ) : null;
}

function RewardForm({
  title: formTitle,
  partnerId,
  reward,
  onDone,
}: {
  title: string;
  partnerId: string;
  reward: RewardView | null;
  onDone: () => void;
}) {
  const save = useSaveReward();
  const key = useWriteKey();
  const [title, setTitle] = useState(reward?.title ?? '');
  const [description, setDescription] = useState(reward?.description ?? '');
  const [price, setPrice] = useState(reward ? String(reward.price) : '');
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [unreachable, setUnreachable] = useState(false);
  const busy = save.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setUnreachable(false);
    setRefusal(null);
    const n = Number(price);
    const found: Errors = {};
    if (!title.trim()) found.title = POINTS_TEXT.titleRequired;
    else if (title.trim().length > REWARD_TITLE_MAX) found.title = POINTS_TEXT.titleTooLong;
    if (description.trim().length > REWARD_DESCRIPTION_MAX)
      found.description = POINTS_TEXT.descriptionTooLong;
    if (!(price.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= REWARD_PRICE_MAX))
      found.price = POINTS_TEXT.priceRequired;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const fields = { title: title.trim(), description: description.trim(), price: n };
    try {
      await save.mutateAsync({
        id: reward?.id ?? null,
        key: key.current,
        input: reward ? fields : { ...fields, partnerId },
      });
      key.renew();
      toast.success(reward ? POINTS_TEXT.rewardUpdated : POINTS_TEXT.rewardAdded);
      onDone();
    } catch (error) {
      if (isUnreachable(error)) return setUnreachable(true);
      if (error instanceof ApiError) {
        const placed: Errors = placeServerErrors(
          error.fields,
          byFirstSegment(['title', 'description', 'price']),
        );
        setErrors(placed);
        if (Object.keys(placed).length === 0) setRefusal(error.message);
      }
      toast.error(TEXT.rewardFailed, { description: errorMessage(error) });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={formTitle}>
      <Field
        label={TEXT.title}
        value={title}
        maxLength={REWARD_TITLE_MAX}
        onChange={(e) => setTitle(e.target.value)}
        error={errors.title}
        required
      />
      <TextAreaField
        label={TEXT.description}
        value={description}
        rows={3}
        maxLength={REWARD_DESCRIPTION_MAX}
        onChange={(e) => setDescription(e.target.value)}
        error={errors.description}
      />
      <Field
        label={TEXT.price}
        type="number"
        inputMode="numeric"
        step={1}
        min={1}
        max={REWARD_PRICE_MAX}
        value={price}
        onChange={(e) => setPrice(e.target.value)}
        error={errors.price}
        required
      />
      <FormAlert>{refusal}</FormAlert>
      <WriteFailed show={unreachable && !busy} />
      <FormActions
        onCancel={onDone}
        busy={busy}
        label={unreachable ? 'Retry' : reward ? TEXT.saveReward : TEXT.addReward}
        busyLabel={TEXT.saving}
      />
    </form>
  );
}
