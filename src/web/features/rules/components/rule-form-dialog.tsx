import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { RuleView } from '@/shared/schemas/rules';
import { Dialog } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { FormActions } from '@/web/components/ui/form-actions';
import { FormAlert } from '@/web/components/ui/form-alert';
import { SelectField, TextAreaField } from '@/web/components/ui/form-controls';
import { LimitTagPicker } from '@/web/components/ui/limit-tag-picker';
import { WriteFailed } from '@/web/components/ui/write-failed';
import { ApiError, errorMessage } from '@/web/lib/api';
import { placeServerErrors, toastFirstError } from '@/web/lib/form-errors';
import { useCustomLimitItems } from '@/web/lib/limits';
import { toast } from '@/web/lib/toast';
import { isUnreachable, useWriteKey } from '@/web/lib/writes';
import { useCreateRule, useUpdateRule } from '../api/rules';
import {
  RULE_CATEGORY_NAMES,
  RULE_CATEGORY_OPTIONS,
  RULE_LIMITS,
  RULE_TOASTS,
  RULES_PAGE_TEXT,
} from '../rules-text';
import {
  RULE_FORM_ERROR_ORDER,
  type RuleFormOutput,
  type RuleFormValues,
  ruleFormDefaults,
  ruleFormField,
  ruleFormSchema,
} from './rule-form-schema';

const showInvalid = toastFirstError(RULE_FORM_ERROR_ORDER);
const TAGS_HINT = "Tag what this rule involves. Anything either of you said No to can't be made a rule.";

/** The dominant's "New rule" and "Edit rule" dialog (decision 064): an edit is a new version. */
export function RuleFormDialog({
  open,
  onOpenChange,
  partnerId,
  rule,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  partnerId: string;
  /** The rule to edit, as it read when the editor opened; null for a new rule. */
  rule: RuleView | null;
}) {
  const title = rule ? RULES_PAGE_TEXT.editRuleTitle : RULES_PAGE_TEXT.newRuleTitle;
  return open ? (
    <Dialog open onOpenChange={onOpenChange} title={title}>
      <RuleForm partnerId={partnerId} rule={rule} title={title} onDone={() => onOpenChange(false)} />
    </Dialog>
  ) : null;
}

function RuleForm({
  partnerId,
  rule,
  title,
  onDone,
}: {
  partnerId: string;
  rule: RuleView | null;
  title: string;
  onDone: () => void;
}) {
  const create = useCreateRule(partnerId);
  const update = useUpdateRule(partnerId);
  // The version the editor started from: a change made meanwhile is refused (409), never overwritten.
  const [version] = useState(rule?.version ?? 1);
  const [unreachable, setUnreachable] = useState(false);
  // The server's refusal (a limit crossed, Red, a rule changed meanwhile), shown in the form.
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<RuleFormValues, unknown, RuleFormOutput>({
    resolver: zodResolver(ruleFormSchema(partnerId)),
    defaultValues: ruleFormDefaults(rule),
  });
  const { register, setValue, watch, formState } = form;
  const { errors } = formState;
  const [text, consequence, limitTags] = watch(['text', 'consequence', 'limitTags']);
  const customItems = useCustomLimitItems(partnerId);
  const busy = create.isPending || update.isPending || formState.isSubmitting;
  // One key per rule being written: a retry after a lost answer makes no second rule.
  const key = useWriteKey();

  const save = async (input: RuleFormOutput) => {
    setUnreachable(false);
    setRefusal(null);
    try {
      if (rule) {
        const { partnerId: _partner, ...json } = input;
        await update.mutateAsync({ id: rule.id, json: { ...json, version } });
        toast.success(RULE_TOASTS.updated);
      } else {
        await create.mutateAsync({ ...input, key: key.current });
        toast.success(RULE_TOASTS.created);
      }
      onDone();
    } catch (error) {
      // Not reached: the form stays as it is, says so, and its button sends it again.
      if (isUnreachable(error)) return setUnreachable(true);
      if (error instanceof ApiError) {
        const placed = Object.entries(placeServerErrors(error.fields, ruleFormField));
        for (const [field, message] of placed) form.setError(field as keyof RuleFormValues, { message });
        if (placed.length === 0) setRefusal(error.message);
      }
      toast.error(rule ? RULES_PAGE_TEXT.updateFailed : RULES_PAGE_TEXT.addFailed, {
        description: errorMessage(error),
      });
    }
  };

  const errorOf = (message: string | undefined) =>
    message ? <span className="text-sm text-destructive">{message}</span> : null;

  return (
    <form
      onSubmit={form.handleSubmit(save, showInvalid)}
      noValidate
      className="max-h-[70dvh] space-y-4 overflow-y-auto pr-1"
      aria-label={title}
    >
      <Field
        label="Title"
        maxLength={RULE_LIMITS.title}
        placeholder="What is the rule?"
        error={errors.title?.message}
        {...register('title')}
      />
      <TextAreaField
        label="Rule text (optional)"
        maxLength={RULE_LIMITS.text}
        rows={4}
        value={text}
        error={errors.text?.message}
        {...register('text')}
      />
      <SelectField
        label="Category"
        aria-invalid={errors.category ? true : undefined}
        hint={errorOf(errors.category?.message)}
        {...register('category')}
      >
        <option value="">No category</option>
        {RULE_CATEGORY_OPTIONS.map((c) => (
          <option key={c} value={c}>
            {RULE_CATEGORY_NAMES[c]}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label="Guideline consequence (optional)"
        maxLength={RULE_LIMITS.consequence}
        rows={2}
        value={consequence}
        hint="What may follow if the rule is broken: a guideline only, never applied by itself."
        error={errors.consequence?.message}
        {...register('consequence')}
      />
      <LimitTagPicker
        value={limitTags}
        onChange={(tags) => {
          setRefusal(null);
          setValue('limitTags', tags);
        }}
        custom={customItems}
        disabled={busy}
        hint={TAGS_HINT}
      />
      {errorOf(errors.limitTags?.message)}

      <FormAlert>{refusal}</FormAlert>
      <WriteFailed show={unreachable && !busy} />
      <FormActions
        onCancel={onDone}
        busy={busy}
        label={unreachable ? 'Retry' : rule ? 'Save rule' : 'Add rule'}
        busyLabel="Saving…"
      />
    </form>
  );
}
