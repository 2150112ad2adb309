import type { ComponentProps } from 'react';
import type { PartnerView } from '@/shared/schemas/partners';
import { SelectField } from '@/web/components/ui/form-controls';

/** A choice among the user's partners, optionally led by an empty "choose" option. */
export function PartnerSelect({
  partners,
  placeholder,
  ...props
}: ComponentProps<typeof SelectField> & { partners: PartnerView[]; placeholder?: string }) {
  return (
    <SelectField {...props}>
      {placeholder ? <option value="">{placeholder}</option> : null}
      {partners.map((p) => (
        <option key={p.id} value={p.id}>
          {p.name}
        </option>
      ))}
    </SelectField>
  );
}
