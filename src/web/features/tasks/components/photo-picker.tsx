import { useEffect, useId, useState } from 'react';

/** A photo chosen or taken for proof, with a preview of the chosen file. */
export function PhotoPicker({
  label,
  photo,
  onChange,
  disabled,
}: {
  label: string;
  photo: File | null;
  onChange: (photo: File | null) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const preview = useObjectUrl(photo);
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="file"
        // No `capture`: the phone offers its camera and its gallery both.
        accept="image/*"
        disabled={disabled}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        className="block w-full text-sm file:mr-3 file:rounded-control file:border-0 file:bg-accent file:px-3 file:py-2 file:text-accent-foreground"
      />
      {preview ? (
        <img src={preview} alt="Selected proof" className="max-h-48 rounded-control object-contain" />
      ) : null}
    </div>
  );
}

/** A URL for showing a chosen file, released when the file changes or the picker goes. */
function useObjectUrl(file: File | null) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
