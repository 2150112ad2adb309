import { RotateCcw, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { CONTRACT_MESSAGES } from '@/shared/texts/contracts';
import { Button } from '@/web/components/ui/button';
import { Dialog } from '@/web/components/ui/dialog';
import { toast } from '@/web/lib/toast';

const TOAST = { duration: 3000 };

/** Spec 2 §5: only text/plain .txt files. */
const isTextFile = (file: File) => /\.txt$/i.test(file.name) && /^text\/plain\b/i.test(file.type);

/**
 * "Upload Custom Template" (a .txt file replaces the text, as an edit) and "Reset to default" (Pact's
 * template), each clearing both signatures.
 */
export function TemplateLoader({
  busy,
  onLoad,
  onReset,
}: {
  busy: boolean;
  onLoad: (file: { fileName: string; type: string; text: string }) => Promise<unknown>;
  onReset: () => Promise<unknown>;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [confirmReset, setConfirmReset] = useState(false);

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!isTextFile(file)) {
      toast.error(CONTRACT_MESSAGES.invalidFormat, {
        ...TOAST,
        description: CONTRACT_MESSAGES.invalidFormatDetail,
      });
      return;
    }
    let text: string;
    try {
      text = await file.text();
    } catch {
      toast.error(CONTRACT_MESSAGES.readError, { ...TOAST, description: CONTRACT_MESSAGES.readErrorDetail });
      return;
    }
    await onLoad({ fileName: file.name, type: file.type, text }).catch(() => undefined);
  };

  return (
    <div className="flex flex-wrap gap-2">
      <input
        ref={input}
        type="file"
        accept=".txt,text/plain"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="template-input"
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      <Button variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()}>
        <Upload className="h-4 w-4" aria-hidden /> Upload Custom Template
      </Button>
      <Button variant="outline" size="sm" disabled={busy} onClick={() => setConfirmReset(true)}>
        <RotateCcw className="h-4 w-4" aria-hidden /> Reset to default
      </Button>
      <Dialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title="Reset the contract?"
        description="The text goes back to Pact's default template and both signatures are removed. Earlier versions stay in the history."
      >
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirmReset(false)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={busy}
            onClick={() => {
              setConfirmReset(false);
              void onReset().catch(() => undefined);
            }}
          >
            Reset contract
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
