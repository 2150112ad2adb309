import { boldRuns } from '@/shared/domain/contracts';
import { cn } from '@/web/lib/cn';

/**
 * The contract as it reads: each line a paragraph, an empty line a gap, `**bold**` as <strong>. Text is
 * only ever rendered as React text nodes, never as HTML.
 */
export function ContractText({ content, className }: { content: string; className?: string }) {
  const lines = content.split('\n').map((text, n) => ({ key: `l${n}`, text }));
  return (
    <div className={cn('text-sm leading-relaxed wrap-anywhere', className)} data-testid="contract-text">
      {lines.map(({ key, text }) =>
        text.trim() === '' ? (
          <div key={key} className="h-3" aria-hidden />
        ) : (
          <p key={key} className="whitespace-pre-wrap">
            {boldRuns(text)
              .map((run, r) => ({ ...run, id: `${key}-${r}` }))
              .map((run) =>
                run.bold ? (
                  <strong key={run.id} className="font-semibold">
                    {run.text}
                  </strong>
                ) : (
                  <span key={run.id}>{run.text}</span>
                ),
              )}
          </p>
        ),
      )}
    </div>
  );
}
