import { SunMoon } from 'lucide-react';
import { useId } from 'react';
import { APPEARANCE_TEXT as T, THEMES } from '@/shared/texts/appearance';
import { useRendered } from '@/web/lib/rendered';
import { setTheme, useTheme } from '@/web/lib/theme';
import { SettingsSection } from './settings-section';

/**
 * The theme of this device (decision 089): the system's, light or dark. It applies at once to this page, and
 * the server renders every page after it in the theme chosen.
 */
export function AppearanceSection() {
  const id = useId();
  const theme = useTheme(useRendered().theme ?? 'system');
  return (
    <SettingsSection title={T.sectionTitle} Icon={SunMoon} description={T.sectionDescription}>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{T.legend}</legend>
        <div className="grid gap-1 sm:grid-cols-3">
          {THEMES.map((option) => (
            <label key={option} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-theme`}
                value={option}
                className="h-5 w-5 shrink-0 accent-[var(--primary)]"
                checked={theme === option}
                aria-describedby={`${id}-${option}-hint`}
                onChange={() => setTheme(option)}
              />
              <span>
                {T.options[option].label}
                <span id={`${id}-${option}-hint`} className="block text-xs text-muted-foreground">
                  {T.options[option].hint}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </SettingsSection>
  );
}
