import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { downloadExport, type ExportProgress } from '../api/export';

/** Texts the spec does not have (decision 029). */
export const EXPORT_TEXT = {
  done: 'Export ready',
  failed: 'Export failed',
} as const;

const formatBytes = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * "Export my data": one zip of everything Pact keeps about the user, streamed with its progress (bytes
 * received, and a percentage when the length is known), then saved by the browser.
 */
export function ExportDataSection() {
  const titleId = useId();
  const [progress, setProgress] = useState<ExportProgress | null>(null);

  const run = async () => {
    setProgress({ received: 0, total: null });
    try {
      const name = await downloadExport(setProgress);
      toast.success(EXPORT_TEXT.done, { description: `Saved as ${name}` });
    } catch (e) {
      toast.error(EXPORT_TEXT.failed, { description: errorMessage(e) });
    } finally {
      setProgress(null);
    }
  };

  const percent = progress?.total
    ? Math.min(100, Math.round((progress.received / progress.total) * 100))
    : null;

  return (
    <Card aria-labelledby={titleId} data-testid="export-data-section">
      <h2 id={titleId} className="text-lg font-semibold">
        Export my data
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">
        One archive (.zip) of everything Pact keeps about you: your account, connections, tasks, punishments,
        journal, contract, notifications and security log, with the photos and voice notes you share with your
        partners.
      </p>
      <Button className="mt-4" onClick={run} disabled={progress !== null}>
        <Download className="h-4 w-4" aria-hidden />
        Export my data
      </Button>
      {progress ? (
        <div role="status" className="mt-4 rounded-control border border-border p-3 text-sm">
          <p>
            Preparing your archive… {formatBytes(progress.received)} received
            {percent !== null ? ` (${percent}%)` : ''}
          </p>
          <progress
            className="mt-2 w-full"
            aria-label="Export progress"
            {...(percent !== null ? { value: percent, max: 100 } : {})}
          />
        </div>
      ) : null}
    </Card>
  );
}
