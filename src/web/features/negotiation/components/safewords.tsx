import { SAFEWORDS_TEXT } from './negotiation-text';

/** What Red and Yellow do in Pact, in plain words (decision 049). */
export function Safewords() {
  return (
    <div className="space-y-3 text-sm">
      <p>
        <span className="font-semibold">{SAFEWORDS_TEXT.red}</span> {SAFEWORDS_TEXT.redMore}
      </p>
      <p>
        <span className="font-semibold">{SAFEWORDS_TEXT.yellow}</span> {SAFEWORDS_TEXT.yellowMore}
      </p>
      <p className="text-muted-foreground">{SAFEWORDS_TEXT.always}</p>
    </div>
  );
}
