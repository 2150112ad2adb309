import { WHO_CAN_READ } from '@/shared/texts/who-can-read';
import { LegalLayout } from './legal-layout';

/**
 * Who can read what (issue 25, decision 082): public and prerendered, so it can be read before signing up;
 * linked from the privacy policy and Settings. Its words live in shared/texts/who-can-read, which a test holds
 * to the database schema.
 */
export function WhoCanReadPage() {
  return (
    <LegalLayout title={WHO_CAN_READ.title} intro={WHO_CAN_READ.lead}>
      {WHO_CAN_READ.sections.map((section) => (
        <section key={section.id} aria-labelledby={`who-${section.id}`}>
          <h2 id={`who-${section.id}`}>{section.heading}</h2>
          <p className="mt-2">{section.intro}</p>
          <ul className="mt-3">
            {section.items.map((item) => (
              <li key={item.title}>
                <strong>{item.title}:</strong> {item.detail}
                {item.stored ? (
                  <span className="mt-1 block text-xs text-muted-foreground">
                    Kept in{' '}
                    {item.stored.map((s, i) => (
                      <span key={s.table}>
                        {i > 0 ? '; ' : ''}
                        <code className="break-words">{s.table}</code> ({s.columns.join(', ')})
                      </span>
                    ))}
                    {item.files ? `; files in ${item.files}` : ''}.
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </LegalLayout>
  );
}
