/** An upload under way: what is uploading and how far it has got, announced politely. */
export function UploadProgress({ progress, label }: { progress: number | null; label: string }) {
  if (progress === null) return null;
  return (
    <div role="status" className="rounded-control border border-border bg-card p-3 text-sm">
      {label}… {Math.round(progress * 100)}%
      <progress className="mt-2 w-full" value={progress} max={1} aria-label={label} />
    </div>
  );
}
