import { SelectField } from './form-controls';

/** The "Partner" selector of a per-partner page. */
export function PartnerSelect({
  partners,
  value,
  onChange,
}: {
  partners: readonly { id: string; name: string }[];
  value: string;
  onChange: (id: string) => void;
}) {
  return (
    <SelectField label="Partner" value={value} onChange={(e) => onChange(e.target.value)}>
      {partners.map((p) => (
        <option key={p.id} value={p.id}>
          {p.name}
        </option>
      ))}
    </SelectField>
  );
}
