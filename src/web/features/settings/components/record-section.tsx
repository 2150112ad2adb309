import { ScrollText } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/shared/routes';
import { buttonClasses } from '@/web/components/ui/button';
import { SettingsSection } from './settings-section';

/** The way to the pair's record (decision 053): both partners read it, also after a pair ends. */
export function RecordSection() {
  return (
    <SettingsSection
      title="Pair record"
      Icon={ScrollText}
      description="What either of you did in each pair, in order, in a record nobody can change. It stays yours to read after a pair ends."
    >
      <Link to={paths.record} className={buttonClasses('outline')}>
        Open the record
      </Link>
    </SettingsSection>
  );
}
