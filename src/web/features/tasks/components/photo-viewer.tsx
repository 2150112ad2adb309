import { Dialog } from '@/web/components/ui/dialog';
import { ZoomableImage } from '@/web/components/ui/zoomable-image';
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
      {photo ? <ZoomableImage src={mediaUrl(photo.id)} alt={`Proof for ${photo.title}`} /> : null}
    </Dialog>
  );
}
