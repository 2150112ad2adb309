import { Camera, CheckCircle2, Hand, Mic } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * Three of Pact's screens drawn small for the landing page (decision 098): a task with its proof, the
 * journal, and Red. Drawn in the page's own markup and colours (no image to fetch, both schemes, any text
 * size); the drawing is decoration for a sighted reader, so it is hidden from screen readers and each
 * figure's caption says what it shows.
 */
export function ProductPreview() {
  return (
    <div className="grid gap-6 sm:grid-cols-3">
      <Screen
        title="Tasks"
        caption="Tasks with a due time and photo or voice proof; feedback when they are done."
      >
        <div className="space-y-2 rounded-control bg-muted p-3">
          <p className="font-semibold">Morning check-in</p>
          <p className="text-muted-foreground">Due today, 8:00</p>
          <p className="inline-flex items-center gap-1 text-muted-foreground">
            <Camera className="h-3.5 w-3.5" aria-hidden /> Photo proof
          </p>
        </div>
        <div className="space-y-1 rounded-control bg-muted p-3">
          <p className="font-semibold line-through">Write three lines</p>
          <p className="inline-flex items-center gap-1 text-success">
            <CheckCircle2 className="h-3.5 w-3.5" aria-hidden /> Completed, on time
          </p>
          <p className="text-muted-foreground">“Beautifully done.”</p>
        </div>
      </Screen>
      <Screen title="Journal" caption="A journal of text and voice messages, for the two of you only.">
        <p className="ml-auto w-fit max-w-[85%] rounded-bubble border-l-4 border-l-green-500 bg-primary px-3 py-2 text-primary-foreground">
          Thank you for tonight.
        </p>
        <p className="w-fit max-w-[85%] rounded-bubble border-l-4 border-l-yellow-400 bg-muted px-3 py-2">
          Can we talk about Friday first?
        </p>
        <p className="inline-flex w-fit items-center gap-2 rounded-bubble bg-muted px-3 py-2 text-muted-foreground">
          <Mic className="h-3.5 w-3.5" aria-hidden /> Voice message, 0:12
        </p>
      </Screen>
      <Screen
        title="Red"
        caption="Red stops everything for both of you, at once, with no reason asked and nothing owed."
      >
        <p className="inline-flex w-fit items-center gap-1.5 rounded-full bg-destructive px-3 py-1.5 font-semibold text-destructive-foreground">
          <Hand className="h-3.5 w-3.5" aria-hidden /> Red
        </p>
        <div className="space-y-1 rounded-control bg-destructive/10 p-3">
          <p className="font-semibold text-destructive">Red was called</p>
          <p>Every task and timer is paused. Nothing is late while it lasts.</p>
        </div>
        <p className="text-muted-foreground">Only the one who called it lifts it.</p>
      </Screen>
    </div>
  );
}

function Screen({ title, caption, children }: { title: string; caption: string; children: ReactNode }) {
  return (
    <figure className="flex flex-col gap-3">
      <div
        aria-hidden
        className="flex flex-col sm:min-h-72 gap-2 rounded-[1.75rem] border-4 border-border bg-card p-3 text-xs shadow-sm"
      >
        <p className="pb-1 text-center font-display text-sm font-semibold">{title}</p>
        {children}
      </div>
      <figcaption className="text-sm text-muted-foreground">{caption}</figcaption>
    </figure>
  );
}
