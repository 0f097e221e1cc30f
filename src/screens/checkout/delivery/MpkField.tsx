import { useSignals } from '@preact/signals-react/runtime';
import { t } from '../../../i18n/index.ts';
import { TextField } from '../../../widgets/text-field/TextField.tsx';
import type { FormFields } from '../../use-form-state.ts';
import type { DeliveryFieldId } from './delivery-rules.ts';

/** The cost-centre (MPK) code, asked for in shops that require one (`mpk_required`). */
export function MpkField({ value, onChange, form }: { value: string; onChange: (value: string) => void; form: FormFields<DeliveryFieldId> }) {
  useSignals();
  return (
    <div className="shop-checkout__section">
      <TextField
        ref={form.register('mpk')}
        label={t('checkout.mpk')}
        value={value}
        onValueChange={onChange}
        onBlur={() => form.touch('mpk')}
        error={form.error('mpk')}
        autoComplete="off"
        required
      />
    </div>
  );
}
