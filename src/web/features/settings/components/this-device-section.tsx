import { Smartphone } from 'lucide-react';
import { Label, Switch } from 'radix-ui';
import { useEffect, useId, useState } from 'react';
import { DEFAULT_EXIT_SITE, EXIT_SITES, DEVICE_PRIVACY_TEXT as T } from '@/shared/texts/device-privacy';
import { setDiscreet, useDiscreet } from '@/web/lib/discreet';
import { chooseExitSite, exitSite } from '@/web/lib/quick-exit';
import { SettingsSection } from './settings-section';

/**
 * This device's privacy (decisions 080, 081): the site quick exit opens, and discreet mode. Both are kept on
 * the device only, so each phone or computer chooses for itself.
 */
export function ThisDeviceSection() {
  const id = useId();
  const [site, setSite] = useState(DEFAULT_EXIT_SITE.id);
  // Read once hydrated: the server cannot know this device's storage.
  useEffect(() => setSite(exitSite().id), []);
  const discreet = useDiscreet(false);
  return (
    <SettingsSection
      title={T.sectionTitle}
      Icon={Smartphone}
      description={T.sectionDescription}
      anchor="this-device"
    >
      <fieldset className="space-y-2" aria-describedby={`${id}-exit-help`}>
        <legend className="text-sm font-medium">{T.exitLegend}</legend>
        <p id={`${id}-exit-help`} className="text-xs text-muted-foreground">
          {T.exitHelp}
        </p>
        <div className="grid gap-1 sm:grid-cols-2">
          {EXIT_SITES.map((option) => (
            <label key={option.id} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-exit-site`}
                value={option.id}
                className="h-5 w-5 accent-[var(--primary)]"
                checked={site === option.id}
                onChange={() => {
                  chooseExitSite(option.id);
                  setSite(option.id);
                }}
              />
              {option.label}
              {option.id === DEFAULT_EXIT_SITE.id ? (
                <span className="text-xs text-muted-foreground">(default)</span>
              ) : null}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="flex items-start justify-between gap-4 border-t border-border pt-4">
        <div>
          <Label.Root htmlFor={`${id}-discreet`} className="text-sm font-medium">
            {T.discreetLabel}
          </Label.Root>
          <p id={`${id}-discreet-hint`} className="text-xs text-muted-foreground">
            {T.discreetHelp}
          </p>
          <p role="status" className="mt-1 text-xs font-medium" data-testid="discreet-state">
            {discreet ? T.discreetOn : T.discreetOff}
          </p>
        </div>
        <Switch.Root
          id={`${id}-discreet`}
          aria-describedby={`${id}-discreet-hint`}
          checked={discreet}
          onCheckedChange={setDiscreet}
          className="group relative h-11 w-14 shrink-0 rounded-full"
        >
          {/* The visible switch is 44 by 24; the button around it is a 44 px target. */}
          <span
            aria-hidden
            className="absolute top-2.5 left-1.5 h-6 w-11 rounded-full bg-muted transition group-data-[state=checked]:bg-primary"
          />
          <Switch.Thumb className="absolute top-3 left-2 block h-5 w-5 rounded-full bg-card shadow transition data-[state=checked]:translate-x-5" />
        </Switch.Root>
      </div>
    </SettingsSection>
  );
}
