import { type FormEvent, useState } from 'react';
import type { RuleView } from '@/shared/schemas/rules';
import {
  INFRACTION_FUTURE_GRACE_MS,
  INFRACTION_NOTE_MAX,
  INFRACTIONS_TEXT,
  INFRACTIONS_PAGE_TEXT as TEXT,
} from '@/shared/texts/infractions';
import { Dialog } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { FormActions } from '@/web/components/ui/form-actions';
import { FormAlert } from '@/web/components/ui/form-alert';
import { SelectField, TextAreaField } from '@/web/components/ui/form-controls';
import { WriteFailed } from '@/web/components/ui/write-failed';
import { ApiError, errorMessage } from '@/web/lib/api';
import { format } from '@/web/lib/dates';
import { placeServerErrors } from '@/web/lib/form-errors';
import { toast } from '@/web/lib/toast';
import { isUnreachable, useWriteKey } from '@/web/lib/writes';
import { useLogInfraction } from '../api/infractions';

/** A moment as a datetime-local field holds it, in the zone dates are shown in. */
const asLocal = (at: number) => format(at, "yyyy-MM-dd'T'HH:mm");

type Errors = Partial<Record<'rule' | 'when' | 'note', string>>;

/** Where a refusal of the server belongs: the field its 400 names, or the one its message is about. */
function placeRefusal(error: ApiError): Errors {
  const fields: Record<string, keyof Errors> = { ruleId: 'rule', occurredAt: 'when', note: 'note' };
  const placed: Errors = placeServerErrors(error.fields, (path) => fields[path.split('.')[0] ?? '']);
  const about = [INFRACTIONS_TEXT.inTheFuture, INFRACTIONS_TEXT.beforeTheRule] as string[];
  if (about.includes(error.message)) placed.when ??= error.message;
  return placed;
}

/**
 * The dominant's "Log an infraction" (decisions 065, 066): against a rule in force (the one of the card it
 * was opened from, or one chosen), when it happened (default now) and an optional note. Nothing follows
 * from it by itself; the submissive is told and may contest it.
 */
export function LogInfractionDialog({
  open,
  onOpenChange,
  partnerId,
  rules,
  rule,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  partnerId: string;
  /** The rules in force to choose from, when no rule is given. */
  rules: RuleView[];
  /** The rule of the card it was opened from; null to choose one. */
  rule: RuleView | null;
}) {
  return open ? (
    <Dialog open onOpenChange={onOpenChange} title={TEXT.logTitle} description={rule?.title}>
      <LogForm partnerId={partnerId} rules={rules} rule={rule} onDone={() => onOpenChange(false)} />
    </Dialog>
  ) : null;
}

function LogForm({
  partnerId,
  rules,
  rule,
  onDone,
}: {
  partnerId: string;
  rules: RuleView[];
  rule: RuleView | null;
  onDone: () => void;
}) {
  const log = useLogInfraction(partnerId);
  const key = useWriteKey();
  const [ruleId, setRuleId] = useState(rule?.id ?? (rules.length === 1 ? rules[0]!.id : ''));
  // "When" opens at this minute; left so, it means now (the moment it is sent), not the minute's start.
  const [opened] = useState(() => asLocal(Date.now()));
  const [when, setWhen] = useState(opened);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [unreachable, setUnreachable] = useState(false);
  const busy = log.isPending;

  const check = (occurredAt: number): Errors => {
    const found: Errors = {};
    if (!ruleId) found.rule = INFRACTIONS_TEXT.ruleRequired;
    if (!when || Number.isNaN(occurredAt)) found.when = INFRACTIONS_TEXT.whenRequired;
    else if (occurredAt > Date.now() + INFRACTION_FUTURE_GRACE_MS) found.when = INFRACTIONS_TEXT.inTheFuture;
    if (note.trim().length > INFRACTION_NOTE_MAX) found.note = INFRACTIONS_TEXT.noteTooLong;
    return found;
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setUnreachable(false);
    setRefusal(null);
    const chosen = new Date(when).getTime();
    const found = check(chosen);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const occurredAt = when === opened ? undefined : chosen;
    try {
      await log.mutateAsync({ ruleId, occurredAt, note: note.trim() || undefined, key: key.current });
      key.renew();
      toast.success(INFRACTIONS_TEXT.logged);
      onDone();
    } catch (error) {
      // Not reached: the form stays as it is, says so, and its button sends it again with the same key.
      if (isUnreachable(error)) return setUnreachable(true);
      if (error instanceof ApiError) {
        const placed = placeRefusal(error);
        setErrors(placed);
        if (Object.keys(placed).length === 0) setRefusal(error.message);
      }
      toast.error(TEXT.logFailed, { description: errorMessage(error) });
    }
  };

  return (
    <form onSubmit={save} noValidate className="space-y-4" aria-label={TEXT.logTitle}>
      {rule ? null : (
        <SelectField
          label={TEXT.rule}
          value={ruleId}
          onChange={(e) => setRuleId(e.target.value)}
          aria-invalid={errors.rule ? true : undefined}
          hint={errors.rule ? <span className="text-sm text-destructive">{errors.rule}</span> : undefined}
        >
          <option value="">{TEXT.chooseRule}</option>
          {rules.map((r) => (
            <option key={r.id} value={r.id}>
              {r.title}
            </option>
          ))}
        </SelectField>
      )}
      <Field
        label={TEXT.when}
        type="datetime-local"
        value={when}
        max={asLocal(Date.now() + INFRACTION_FUTURE_GRACE_MS)}
        onChange={(e) => setWhen(e.target.value)}
        error={errors.when}
        required
      />
      <TextAreaField
        label={TEXT.note}
        value={note}
        rows={3}
        maxLength={INFRACTION_NOTE_MAX}
        onChange={(e) => setNote(e.target.value)}
        error={errors.note}
      />
      <FormAlert>{refusal}</FormAlert>
      <WriteFailed show={unreachable && !busy} />
      <FormActions
        onCancel={onDone}
        busy={busy}
        label={unreachable ? 'Retry' : TEXT.logInfraction}
        busyLabel={TEXT.saving}
      />
    </form>
  );
}
