import { type FormEvent, useId, useState } from 'react';
import { RITUAL_MARKS, type RitualMark } from '@/shared/domain/rituals';
import {
  RITUAL_MARK_LABELS,
  RITUAL_MARK_NOTE_MAX,
  RITUALS_TEXT,
  RITUALS_PAGE_TEXT as TEXT,
} from '@/shared/texts/rituals';
import { Dialog } from '@/web/components/ui/dialog';
import { FormActions } from '@/web/components/ui/form-actions';
import { TextAreaField } from '@/web/components/ui/form-controls';

/** The day the submissive is marking: which ritual, which date, how it is named, and what it says now. */
export interface Marking {
  ritualId: string;
  name: string;
  date: string;
  dayLabel: string;
  mark: RitualMark | null;
  note: string | null;
}

/**
 * The submissive's word on one day (decision 072): done, partly done, skipped, excused, or "the app or my
 * device failed", with a note. Saved at once on the screen, sent behind it; a refusal puts it back.
 */
export function MarkDayDialog({
  marking,
  onClose,
  onSave,
}: {
  marking: Marking | null;
  onClose: () => void;
  /** Sends the mark; the panel that stays on the page hears the answer. */
  onSave: (marking: Marking, mark: RitualMark, note: string) => void;
}) {
  return marking ? (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={TEXT.markTitle(marking.name, marking.dayLabel)}
    >
      <MarkForm marking={marking} onDone={onClose} onSave={onSave} />
    </Dialog>
  ) : null;
}

function MarkForm({
  marking,
  onDone,
  onSave,
}: {
  marking: Marking;
  onDone: () => void;
  onSave: (marking: Marking, mark: RitualMark, note: string) => void;
}) {
  const id = useId();
  const [mark, setMark] = useState<RitualMark>(marking.mark ?? 'done');
  const [note, setNote] = useState(marking.note ?? '');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (note.trim().length > RITUAL_MARK_NOTE_MAX) return setError(RITUALS_TEXT.noteTooLong);
    onSave(marking, mark, note.trim());
    onDone();
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={TEXT.markLegend}>
      <fieldset className="space-y-1">
        <legend className="mb-1 text-sm font-medium">{TEXT.markLegend}</legend>
        {RITUAL_MARKS.map((m) => (
          <label key={m} className="flex min-h-11 items-center gap-3 text-sm">
            <input
              type="radio"
              name={`${id}-mark`}
              value={m}
              className="h-5 w-5 accent-[var(--primary)]"
              checked={mark === m}
              onChange={() => setMark(m)}
            />
            {RITUAL_MARK_LABELS[m]}
          </label>
        ))}
      </fieldset>
      <TextAreaField
        label={TEXT.note}
        value={note}
        rows={2}
        maxLength={RITUAL_MARK_NOTE_MAX}
        onChange={(e) => setNote(e.target.value)}
        error={error}
      />
      <FormActions onCancel={onDone} busy={false} label={TEXT.markSave} busyLabel={TEXT.saving} />
    </form>
  );
}
