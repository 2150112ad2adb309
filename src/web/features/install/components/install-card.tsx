import { Download } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/shared/routes';
import { INSTALL_TEXT as T } from '@/shared/texts/install';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { useDiscreet } from '@/web/lib/discreet';
import { promptInstall, snoozeInstall, useInstallOffer } from '@/web/lib/install-prompt';
import { toast } from '@/web/lib/toast';

/**
 * The offer to install Pact (decision 093), on the dashboard once a partner is connected, when the browser
 * can install it (or, on an iPhone, how to), until it is installed or put away with "Not now" for 30 days.
 * Before installing, it says how to install it under discreet mode's neutral name.
 */
export function InstallCard() {
  const offer = useInstallOffer();
  const discreet = useDiscreet(false);
  if (!offer) return null;
  const install = async () => {
    if (await promptInstall()) toast.success(T.installed);
  };
  return (
    <Card role="region" aria-labelledby="install-card-title" data-testid="install-card">
      <div className="flex items-start gap-3">
        <Download className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden />
        <div className="min-w-0 space-y-2">
          <h2 id="install-card-title" className="font-semibold">
            {T.title}
          </h2>
          <p className="text-sm text-muted-foreground">{T.body}</p>
          {offer === 'ios' ? <p className="text-sm">{T.iosSteps}</p> : null}
          {discreet ? null : (
            <p className="text-sm text-muted-foreground">
              {T.discreetTip}{' '}
              <Link
                to={`${paths.settings}#this-device`}
                className="text-primary underline underline-offset-4"
              >
                {T.discreetLink}
              </Link>
            </p>
          )}
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-2 pl-8">
        {offer === 'prompt' ? <Button onClick={install}>{T.install}</Button> : null}
        <Button variant="outline" onClick={() => snoozeInstall()}>
          {T.notNow}
        </Button>
      </div>
    </Card>
  );
}
