import { Dialog } from '@/web/components/ui/dialog';
import { mediaUrl } from '@/web/lib/upload';

export function PhotoViewer({
  photo,
  onClose,
}: {
  photo: { id: string; title: string } | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={photo !== null}
      onOpenChange={(o) => !o && onClose()}
      title="Photo proof"
      description={photo?.title}
    >
      {photo ? (
        <img
          src={mediaUrl(photo.id)}
          alt={`Proof for ${photo.title}`}
          className="max-h-[65dvh] w-full rounded-lg bg-muted object-contain"
        />
      ) : null}
    </Dialog>
  );
}
