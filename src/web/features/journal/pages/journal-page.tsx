import { useQueryClient } from '@tanstack/react-query';
import { BookHeart } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/shared/routes';
import { JOURNAL_MESSAGES } from '@/shared/texts/journal';
import { buttonClasses } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { PartnerSelect } from '@/web/components/ui/partner-select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/cn';
import { useCurrentUser } from '@/web/lib/current-user';
import { useRealtimeEvent } from '@/web/lib/realtime';
import { useChosenPartner } from '@/web/lib/use-chosen-partner';
import { useOlderPages } from '@/web/lib/use-older-pages';
import { useVisualHeight } from '@/web/lib/use-visual-height';
import { mergeNewest, messagesOf, useConversation } from '../api/journal';
import { useSealEarlierMessages } from '../api/seal-earlier';
import { Composer } from '../components/composer';
import { ConversationList } from '../components/conversation-list';
import { MessageList } from '../components/message-list';
import { SealedBadge } from '../components/sealed-badge';

function Conversation({ partnerId, partnerName }: { partnerId: string; partnerName: string }) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const conversation = useConversation(partnerId);
  const older = useOlderPages(conversation);
  // Once sealed, what the user wrote here before is sealed too (decision 101).
  useSealEarlierMessages(partnerId);
  // Spec 2 §4: a new message is ignored when the user sent it or it is not with the selected partner.
  useRealtimeEvent('journal_message.created', (event) => {
    if (event.senderId === user.id) return;
    if (event.senderId !== partnerId && event.receiverId !== partnerId) return;
    void mergeNewest(queryClient, partnerId).catch((error) => console.warn('Journal refresh failed', error));
  });

  return (
    <section
      aria-labelledby="conversation-heading"
      className="flex min-h-0 min-w-0 flex-1 flex-col gap-2 sm:gap-3"
    >
      <div className="flex shrink-0 flex-wrap items-center gap-x-3 short:sr-only sm:justify-between">
        <h2 id="conversation-heading" className="text-lg font-semibold">
          Conversation with {partnerName}
        </h2>
        <SealedBadge partnerId={partnerId} partnerName={partnerName} />
      </div>
      {conversation.isPending ? (
        <Skeleton className="min-h-0 w-full flex-1 rounded-card narrow:h-[50dvh] narrow:flex-none" />
      ) : conversation.isError ? (
        <p role="alert" className="flex-1 text-destructive">
          {JOURNAL_MESSAGES.fetchFailed}
        </p>
      ) : (
        <MessageList
          messages={messagesOf(conversation.data)}
          userId={user.id}
          partnerName={partnerName}
          hasOlder={conversation.hasNextPage}
          loadingOlder={older.loadingMore}
          loadOlder={older.showOlder}
        />
      )}
      <Composer partnerId={partnerId} />
    </section>
  );
}

/**
 * A chat: the page is exactly as tall as the window between the app's fixed bars (the top bar, 3.5 rem or
 * 4 rem from md; the bottom nav's 5 rem, none from lg where the navigation is at the side; main's 1.25 rem
 * above and below), the conversation takes what
 * the header and the composer leave, and the window is the visual viewport, so an on-screen keyboard
 * shrinks the conversation, never hides the composer. On a small phone the page title and a lone partner
 * picker step aside (`compact`); on a window as short as an open keyboard leaves, the heading too (`short`).
 */
export function JournalPage() {
  const { partners, partner, choose } = useChosenPartner();
  useVisualHeight();

  return (
    <div className="flex h-[calc(var(--visual-height,100dvh)-11rem)] min-h-0 flex-col gap-3 short:gap-2 sm:gap-4 md:h-[calc(var(--visual-height,100dvh)-11.5rem)] lg:h-[calc(var(--visual-height,100dvh)-6.5rem)] narrow:h-auto">
      <div className="flex shrink-0 flex-col gap-3 short:gap-2 sm:flex-row sm:items-end sm:justify-between sm:gap-4">
        <header className="compact:sr-only short:sr-only">
          <h1 className="text-2xl font-bold">Journal</h1>
          <p className="hidden text-sm text-muted-foreground sm:block">
            Messages between you and your partner
          </p>
        </header>
        {partner ? (
          <div
            className={cn(
              partners.length > 1 ? 'sm:w-64' : 'compact:hidden short:hidden sm:w-64',
              // From 1024 px the conversations are listed beside the open one.
              'lg:hidden',
            )}
          >
            <PartnerSelect partners={partners} value={partner.id} onChange={choose} />
          </div>
        ) : null}
      </div>
      {!partner ? (
        <Card className="flex flex-col items-center gap-3 py-10 text-center">
          <BookHeart className="h-10 w-10 text-muted-foreground" aria-hidden />
          <p className="font-semibold">Connect with a partner</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            Connect with a partner to start your journal together.
          </p>
          <Link to={paths.dashboard} className={buttonClasses('primary')}>
            Go to Dashboard
          </Link>
        </Card>
      ) : (
        <div className="flex min-h-0 flex-1 gap-6">
          <ConversationList partners={partners} current={partner.id} />
          <Conversation key={partner.id} partnerId={partner.id} partnerName={partner.name} />
        </div>
      )}
    </div>
  );
}
