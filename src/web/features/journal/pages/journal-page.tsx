import { useQueryClient } from '@tanstack/react-query';
import { BookHeart } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/shared/routes';
import { JOURNAL_MESSAGES } from '@/shared/schemas/journal';
import { buttonClasses } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { PartnerSelect } from '@/web/components/ui/partner-select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useCurrentUser } from '@/web/lib/current-user';
import { useRealtimeEvent } from '@/web/lib/realtime';
import { useChosenPartner } from '@/web/lib/use-chosen-partner';
import { mergeNewest, messagesOf, useConversation } from '../api/journal';
import { Composer } from '../components/composer';
import { MessageList } from '../components/message-list';

function Conversation({ partnerId, partnerName }: { partnerId: string; partnerName: string }) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const conversation = useConversation(partnerId);
  // Spec 2 §4: a new message is ignored when the user sent it or it is not with the selected partner.
  useRealtimeEvent('note.created', (event) => {
    if (event.senderId === user.id) return;
    if (event.senderId !== partnerId && event.receiverId !== partnerId) return;
    void mergeNewest(queryClient, partnerId).catch((error) => console.warn('Journal refresh failed', error));
  });

  return (
    <section aria-labelledby="conversation-heading" className="space-y-3">
      <h2 id="conversation-heading" className="text-lg font-semibold">
        Conversation with {partnerName}
      </h2>
      {conversation.isPending ? (
        <Skeleton className="h-[calc(100dvh-590px)] min-h-52 sm:h-[calc(100vh-260px)] sm:min-h-48 w-full rounded-xl" />
      ) : conversation.isError ? (
        <p role="alert" className="text-destructive">
          {JOURNAL_MESSAGES.fetchFailed}
        </p>
      ) : (
        <MessageList
          messages={messagesOf(conversation.data)}
          userId={user.id}
          partnerName={partnerName}
          hasOlder={conversation.hasNextPage}
          loadingOlder={conversation.isFetchingNextPage}
          loadOlder={() => void conversation.fetchNextPage()}
        />
      )}
      <Composer partnerId={partnerId} />
    </section>
  );
}

export function JournalPage() {
  const { partners, partner, choose } = useChosenPartner();

  return (
    <div className="space-y-4">
      <header>
        <h1 className="text-2xl font-bold">Journal</h1>
        <p className="text-sm text-muted-foreground">Messages between you and your partner</p>
      </header>
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
        <>
          <PartnerSelect partners={partners} value={partner.id} onChange={choose} />
          <Conversation key={partner.id} partnerId={partner.id} partnerName={partner.name} />
        </>
      )}
    </div>
  );
}
